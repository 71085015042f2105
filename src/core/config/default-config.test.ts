import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG_TEXT, EXAMPLE_CONFIG_TEXTS } from './default-config';
import { parseMcpConfig } from './parse-mcp-config';

function example(id: string): string {
  const found = EXAMPLE_CONFIG_TEXTS.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no example ${id}`);
  return found.text;
}

describe('default and example configs', () => {
  it('the demo config is pretty JSON in the mcpServers dialect with the two demo servers', () => {
    expect(DEFAULT_CONFIG_TEXT).toBe(`${JSON.stringify(JSON.parse(DEFAULT_CONFIG_TEXT), null, 2)}\n`);
    const { config, problems } = parseMcpConfig(DEFAULT_CONFIG_TEXT);
    expect(problems).toEqual([]);
    expect(config?.dialect).toBe('mcpServers');
    expect(config?.servers.map((server) => [server.name, server.url, server.transport, server.status])).toEqual([
      ['weather', 'http://127.0.0.1:3101/mcp', 'streamable-http', 'ok'],
      ['calendar', 'http://127.0.0.1:3102/mcp', 'streamable-http', 'ok'],
    ]);
  });

  it('the VS Code example parses cleanly and asks for its declared input', () => {
    const { config, problems } = parseMcpConfig(example('vscode'));
    expect(problems).toEqual([]);
    expect(config?.dialect).toBe('servers');
    expect(config?.inputs).toEqual([{ id: 'weather-token', description: 'Token for the weather server', password: true }]);
    expect(config?.servers.map((server) => [server.name, server.status, server.placeholders])).toEqual([
      ['weather', 'ok', ['${input:weather-token}']],
      ['calendar', 'ok', []],
    ]);
  });

  it('the stdio example shows a local process and an mcp-remote wrapper with its URL', () => {
    const { config, problems } = parseMcpConfig(example('stdio'));
    expect(problems.map((problem) => [problem.code, problem.server])).toEqual([
      ['needs-local-process', 'filesystem'],
      ['remote-wrapper', 'weather'],
    ]);
    expect(config?.servers.map((server) => [server.name, server.status, server.suggestedUrl])).toEqual([
      ['filesystem', 'needs-local-process', undefined],
      ['weather', 'needs-local-process', 'http://127.0.0.1:3101/mcp'],
    ]);
  });
});
