import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ServerTransport } from './config-types';
import { parseMcpConfig } from './parse-mcp-config';

// 45 real configs from public repositories, byte for byte (see __fixtures__/mcp-configs-wild/INDEX.md
// for the repository, path and commit of each). The table below was written by reading each file,
// following the INDEX's "expected" column: undeclared remote URLs ("http?") are streamable HTTP first.
const FIXTURES = new URL('./__fixtures__/mcp-configs-wild/', import.meta.url);

interface Expected {
  /** Remote servers by name, with their transport. */
  remote?: Record<string, Exclude<ServerTransport, 'stdio'>>;
  /** Local (stdio) servers: their names, or how many for a long list. */
  stdio?: string[] | number;
  /** The URLs that stdio wrappers (mcp-remote, supergateway, mcp-proxy) bridge to, in order. */
  bridges?: string[];
  /** The headers suggested with a bridge's URL, by server name (absent: none suggested). */
  headers?: Record<string, Record<string, string>>;
  /** The placeholders asked for, by server name, where a server has any. */
  placeholders?: Record<string, string[]>;
  /** The address a server is connected to, where it differs from what is written (a `${VAR:-default}`). */
  urls?: Record<string, string>;
  /** `none`: not an MCP config (one clear problem); `syntax`: not JSON even leniently. */
  outcome?: 'none' | 'syntax';
}

const H = 'streamable-http';
const EXPECTED: Record<string, Expected> = {
  '01': { stdio: ['vscode-playwright-mcp'] },
  '02': { remote: { 'remote-mcp-function': H, 'local-mcp-function': H } },
  '03': { stdio: ['aspire', 'aspire-local', 'aspire-debug', 'hex1b'], remote: { github: H } },
  '04': { remote: { 'azure-function-mcp': 'sse', 'remote-mcp-azure-function': 'sse' } },
  '05': { remote: { 'home-assistant-mcp': H } },
  '06': { remote: { github: H } },
  '07': { stdio: ['github'] },
  '08': { remote: { context7: H } },
  '09': { remote: { sentry: H } },
  '10': { remote: { 'trigger.dev': H } },
  '11': { remote: { context7: H } },
  '12': { outcome: 'none' },
  '13': { stdio: ['filesystem'] },
  '14': { stdio: ['attic-standard'], bridges: ['https://atom-mcp-server-production.up.railway.app/mcp'] },
  '15': { stdio: ['insightfulpipe'], bridges: ['https://main.insightfulmcp.com'] },
  '16': {
    stdio: ['remote-example'],
    bridges: ['https://remote.mcp.server/sse'],
    headers: { 'remote-example': { Authorization: 'Bearer ${AUTH_TOKEN}' } },
    placeholders: { 'remote-example': ['${AUTH_TOKEN}'] },
  },
  '17': { stdio: ['supermachineExampleDocker'], bridges: ['https://mcp-server-ab71a6b2-cd55-49d0-adba-562bc85956e3.supermachine.app'] },
  // mcp-proxy sends `Authorization: Bearer $API_ACCESS_TOKEN`: suggested as a placeholder to fill, never the env's value.
  '18': {
    stdio: ['mcp-proxy'],
    bridges: ['http://example.io/sse'],
    headers: { 'mcp-proxy': { Authorization: 'Bearer ${API_ACCESS_TOKEN}' } },
    placeholders: { 'mcp-proxy': ['${API_ACCESS_TOKEN}'] },
  },
  '19': { remote: { sentry: H, 'sentry-dev': H, spotlight: H } },
  '20': { stdio: ['playwright-extension'], remote: { sentry: H } },
  '21': { remote: { Ironclad: H, DocuSign: H, iManage: H, TopCounsel: H, Definely: H, Slack: H, 'Google Drive': H } },
  '22': { remote: { github: H } },
  '23': { remote: { logfire: H }, urls: { logfire: 'https://logfire-us.pydantic.dev/mcp' } },
  '24': { remote: { huggingface: 'sse' } },
  '25': { remote: { context7: H, nuxt: H, 'nuxt-docs': H } },
  '26': { stdio: ['io.windsurf/context7'] },
  '27': { remote: { github: H } },
  '28': { remote: { expo: H } },
  '29': { stdio: 19, remote: { 'nano-banana': H, 'cesium-ion': 'sse' } },
  '30': { remote: { liferay: 'sse' } },
  '31': { remote: { github: H } },
  '32': { remote: { github: H } },
  '33': { stdio: ['my-context-server'] },
  '34': { outcome: 'none' },
  '35': { stdio: ['go-mcp-commander'] },
  '36': { stdio: ['web'] },
  '37': { stdio: ['github.com/modelcontextprotocol/servers/tree/main/src/sequentialthinking', 'github.com/upstash/context7-mcp'] },
  '38': { remote: { 'malice-server': 'sse' } },
  '39': { remote: { github: H } },
  '40': { stdio: ['\u0421ontext7'] },
  '41': { outcome: 'syntax' },
  '42': { stdio: ['context7-mcp'] },
  '43': { remote: { context7: H } },
  '44': { stdio: ['context7'] },
  '45': {
    stdio: ['atlassian_tenant1', 'atlassian_tenant2'],
    bridges: ['https://mcp.atlassian.com/v1/sse', 'https://mcp.atlassian.com/v1/sse'],
  },
};

const files = readdirSync(FIXTURES)
  .filter((name) => /^\d\d-/.test(name))
  .sort();

describe('parseMcpConfig over 45 configs from the wild', () => {
  it('has an expectation for every file, and every file for an expectation', () => {
    expect(files.map((name) => name.slice(0, 2))).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(files)('%s', (file) => {
    const expected = EXPECTED[file.slice(0, 2)] ?? {};
    const result = parseMcpConfig(readFileSync(new URL(file, FIXTURES), 'utf8'));
    const servers = result.config?.servers ?? [];
    if (expected.outcome === 'syntax') {
      expect(result.config).toBeNull();
      expect(result.problems.filter((problem) => problem.severity === 'error')).toHaveLength(1);
      return;
    }
    if (expected.outcome === 'none') {
      expect(servers).toEqual([]);
      expect(result.problems.filter((problem) => problem.severity === 'error').map((problem) => problem.code)).toEqual([
        'not-an-mcp-config',
      ]);
      return;
    }
    const remote = Object.fromEntries(
      servers.filter((server) => server.transport !== 'stdio').map((server) => [server.name, server.transport]),
    );
    const stdio = servers.filter((server) => server.transport === 'stdio').map((server) => server.name);
    expect(remote).toEqual(expected.remote ?? {});
    expect(typeof expected.stdio === 'number' ? stdio.length : stdio).toEqual(expected.stdio ?? []);
    expect(servers.flatMap((server) => (server.suggestedUrl === undefined ? [] : [server.suggestedUrl]))).toEqual(expected.bridges ?? []);
    const suggested = Object.fromEntries(
      servers.flatMap((server) => (server.suggestedHeaders === undefined ? [] : [[server.name, server.suggestedHeaders]])),
    );
    expect(suggested).toEqual(expected.headers ?? {});
    for (const [name, placeholders] of Object.entries(expected.placeholders ?? {}))
      expect(servers.find((server) => server.name === name)?.placeholders).toEqual(placeholders);
    for (const [name, url] of Object.entries(expected.urls ?? {})) expect(servers.find((server) => server.name === name)?.url).toBe(url);
    // Every remote server is usable as written (placeholders aside): no errors in any of these files.
    expect(result.problems.filter((problem) => problem.severity === 'error')).toEqual([]);
    for (const server of servers) expect(server.status).not.toBe('invalid');
  });
});
