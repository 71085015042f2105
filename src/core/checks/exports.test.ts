import { afterAll, describe, expect, test } from 'vitest';
import { start } from '../../../e2e/servers/broken.mjs';
// A test reuses the headless check's raw requester (node:http sends any Host and Origin as written).
// eslint-disable-next-line boundaries/dependencies
import { rawHttp } from '../../../scripts/check/raw-http.mjs';
import { diffReports, reachesThreshold, summarize, toBadgeSvg, toJUnitXml, toMarkdown, type CheckFinding, type CheckReport } from '.';
import { parseCheckArguments, runCheckCommand } from './headless';

const finding = (id: string, severity: CheckFinding['severity'], subject?: string): CheckFinding => ({
  id,
  severity,
  category: 'protocol',
  ...(subject ? { subject } : {}),
  title: `${id} <title>`,
  expected: 'e',
  actual: 'a & b',
  rule: { label: 'MCP', url: 'https://modelcontextprotocol.io/specification/2025-11-25/basic' },
  fix: 'do it',
  exchangeIds: [3],
});

function report(findings: CheckFinding[]): CheckReport {
  return {
    runId: 'r',
    server: 's',
    url: 'http://x/mcp',
    era: '2025-11-25',
    startedAt: 0,
    durationMs: 1500,
    environment: 'node',
    findings,
    summary: summarize(findings),
    cost: { server: [] },
  };
}

describe('exports', () => {
  const sample = report([
    finding('protocol.ping', 'fail'),
    finding('protocol.invalid-cursor', 'warn'),
    finding('protocol.handshake', 'pass'),
  ]);

  test('JUnit: a failure per fail, a warning as system-out, XML escaped', () => {
    const xml = toJUnitXml(sample);
    expect(xml).toContain('<testsuites name="server check: s" tests="3" failures="1"');
    expect(xml).toContain('<failure message="protocol.ping &lt;title&gt;" type="CheckFailure">');
    expect(xml).toContain('<system-out>warn: protocol.invalid-cursor &lt;title&gt;');
    expect(xml).toContain('actual: a &amp; b');
    expect(xml).toContain('<testcase name="protocol.handshake" classname="s.protocol"/>');
  });

  test('Markdown: the summary table and each problem with rule and fix', () => {
    const text = toMarkdown(sample);
    expect(text).toContain('| Protocol | 1 | 1 | 1 | 0 |');
    expect(text).toContain('- rule: [MCP](https://modelcontextprotocol.io/specification/2025-11-25/basic)');
    expect(text).not.toContain('## ✓');
  });

  test('badge: failures, then warnings, then passing', () => {
    expect(toBadgeSvg(sample)).toContain('aria-label="MCP check: 1 failure"');
    expect(toBadgeSvg(report([finding('a', 'warn'), finding('b', 'warn')]))).toContain('2 warnings');
    expect(toBadgeSvg(report([finding('a', 'pass')]))).toContain('passing');
  });

  test('threshold and what changed since the last run', () => {
    expect(reachesThreshold(report([finding('a', 'warn')]), 'fail')).toBe(false);
    expect(reachesThreshold(report([finding('a', 'warn')]), 'warn')).toBe(true);
    const before = report([finding('a', 'fail'), finding('b', 'warn'), finding('c', 'pass')]);
    const after = report([finding('a', 'pass'), finding('b', 'fail'), finding('c', 'warn')]);
    const changes = diffReports(before, after);
    expect(changes.resolved.map((entry) => entry.id)).toEqual(['a']);
    expect(changes.changed.map((entry) => [entry.finding.id, entry.before])).toEqual([['b', 'warn']]);
    expect(changes.appeared.map((entry) => entry.id)).toEqual(['c']);
  });
});

describe('npm run check', () => {
  const running: Array<{ close(): Promise<void> }> = [];
  afterAll(async () => {
    await Promise.all(running.map((server) => server.close()));
  });

  function io(argv: string[], files: Record<string, string> = {}) {
    const out: string[] = [];
    const err: string[] = [];
    return {
      out,
      err,
      files,
      io: {
        argv,
        env: { TOKEN: 't0ken' },
        readText: async (path: string) => {
          if (files[path] === undefined) throw new Error('no such file');
          return files[path];
        },
        writeText: async (path: string, text: string) => void (files[path] = text),
        out: (text: string) => void out.push(text),
        err: (text: string) => void err.push(text),
        isTTY: false,
        fetch,
        rawHttp,
      },
    };
  }

  test('arguments', () => {
    expect(parseCheckArguments(['http://x/mcp', '--fail-on', 'warn', '--junit', 'a.xml'])).toMatchObject({
      target: 'http://x/mcp',
      failOn: 'warn',
      junit: 'a.xml',
    });
    expect(parseCheckArguments(['--fail-on', 'maybe', 'x'])).toBe('--fail-on takes fail or warn');
    expect(parseCheckArguments([])).toBe('name a server URL or an mcp.json file');
    expect(parseCheckArguments(['a', 'b'])).toContain('one server at a time');
  });

  test('exit 0 / 1 by --fail-on, reports written, 2 for a bad command or no server', async () => {
    const server = await start({ flaw: 'order-changes' });
    running.push(server);
    const sound = io([server.url, '--junit', 'out.xml', '--json', 'out.json', '--markdown', 'out.md', '--badge', 'badge.svg']);
    expect(await runCheckCommand(sound.io)).toBe(0);
    expect(sound.files['out.xml']).toContain('<testsuites');
    expect(JSON.parse(sound.files['out.json']!).era).toBe('2025-11-25');
    expect(sound.files['badge.svg']).toContain('warning');
    expect(sound.out.join('')).toContain('WARN cache.stable-list [tools/list]');
    expect(await runCheckCommand(io([server.url, '--fail-on', 'warn']).io)).toBe(1);
    expect(await runCheckCommand(io(['--nope']).io)).toBe(2);
    expect(await runCheckCommand(io(['http://127.0.0.1:9/mcp']).io)).toBe(2);
  });

  test('an mcp.json entry with an environment placeholder; several entries need --server', async () => {
    const server = await start({ flaw: 'none' });
    running.push(server);
    const config = JSON.stringify({
      mcpServers: { a: { url: server.url, headers: { Authorization: 'Bearer ${env:TOKEN}' } }, b: { url: server.url } },
    });
    const several = io(['mcp.json'], { 'mcp.json': config });
    expect(await runCheckCommand(several.io)).toBe(2);
    expect(several.err.join('')).toContain('pick one with --server');
    const picked = io(['mcp.json', '--server', 'a'], { 'mcp.json': config });
    expect(await runCheckCommand(picked.io)).toBe(0);
    expect(picked.out.join('')).toContain('a (');
  });
});
