/**
 * `npm run diff` as CI runs it: a child Node process on the real command, against two versions of
 * the project's own test server (e2e/servers/versioned.mjs), each started as its own process on
 * loopback and stopped by its PID.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGED_TOOL_NAMES, start as startLab } from '../../e2e/servers/lab.mjs';
import { TEST_PORTS } from '../../e2e/test-ports';
import { buildDiff } from './build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const servers: ChildProcess[] = [];
let v1 = '';
let v2 = '';
let dir = '';

/** Starts one version as a child process on a free loopback port; resolves with its URL. */
function startServer(version: 1 | 2): Promise<string> {
  const child = spawn(
    process.execPath,
    [path.join(root, 'e2e/servers/versioned.mjs'), '--port', '0', '--server-version', String(version)],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  servers.push(child);
  return new Promise((resolve, reject) => {
    let text = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const url = /http:\/\/127\.0\.0\.1:\d+\/mcp/.exec(text)?.[0];
      if (url) resolve(url);
    });
    child.once('exit', (code) => reject(new Error(`server v${version} exited (${code})`)));
  });
}

beforeAll(async () => {
  [v1, v2] = await Promise.all([startServer(1), startServer(2), buildDiff()]);
  dir = await mkdtemp(path.join(tmpdir(), 'glassbox-diff-'));
}, 60_000);

afterAll(() => {
  for (const child of servers) if (child.pid !== undefined && child.exitCode === null) process.kill(child.pid, 'SIGTERM');
});

/** Runs the command; resolves with its exit code and output. */
function runCli(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(root, 'scripts/diff/cli.mjs'), ...args],
      { cwd: root, env: { PATH: process.env['PATH'] ?? '', ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

interface JsonReport {
  a: { server: string; version: string };
  b: { server: string; version: string };
  breaking: boolean;
  counts: Record<string, number>;
  changes: Array<{ kind: string; path: string; before?: unknown; after?: unknown; sentence: string }>;
}

describe('npm run diff', () => {
  it('compares v1 and v2: one breaking, one model-visible, one compatible change; exit 1; JSON and Markdown written', async () => {
    const json = path.join(dir, 'v1-v2.json');
    const markdown = path.join(dir, 'v1-v2.md');
    const { code, stdout, stderr } = await runCli([v1, v2, '--json', json, '--markdown', markdown]);
    expect(stderr).toBe('');
    expect(code).toBe(1);
    expect(stdout).toContain('1 breaking, 1 model-visible, 1 compatible, 0 cosmetic');
    const report = JSON.parse(await readFile(json, 'utf8')) as JsonReport;
    expect(report.a).toMatchObject({ server: 'forecasts', version: '1.0.0' });
    expect(report.b).toMatchObject({ server: 'forecasts', version: '2.0.0' });
    expect(report.breaking).toBe(true);
    expect(report.changes.map((change) => [change.kind, change.path])).toEqual([
      ['breaking', '/tools/get_forecast/inputSchema/properties/unit/enum'],
      ['model-visible', '/tools/list_alerts/description'],
      ['compatible', '/tools/get_air_quality'],
    ]);
    expect(report.changes[0]).toMatchObject({ before: ['celsius', 'fahrenheit'], after: ['celsius'] });
    expect(await readFile(markdown, 'utf8')).toMatch(
      /^## MCP server diff: forecasts 1\.0\.0 → forecasts 2\.0\.0\n\n\*\*1 breaking change\.\*\*/,
    );
  });

  it('exits 0 with no change; the reverse direction, v2 to v1, breaks (a tool removed, the enum widened)', async () => {
    const same = await runCli([v1, v1]);
    expect(same.code).toBe(0);
    expect(same.stdout).toContain('No changes.');
    const reverse = await runCli([v2, v1, '--json', path.join(dir, 'v2-v1.json')]);
    const report = JSON.parse(await readFile(path.join(dir, 'v2-v1.json'), 'utf8')) as JsonReport;
    expect(reverse.code).toBe(1);
    expect(report.changes.map((change) => [change.kind, change.path])).toEqual([
      ['breaking', '/tools/get_air_quality'],
      ['model-visible', '/tools/list_alerts/description'],
      ['compatible', '/tools/get_forecast/inputSchema/properties/unit/enum'],
    ]);
  });

  it('writes a snapshot of one server, then compares it with a live server and with an mcp.json entry', async () => {
    const snapshot = path.join(dir, 'v1.mcp-snapshot.json');
    const written = await runCli(['--snapshot', snapshot, v1]);
    expect(written).toMatchObject({ code: 0, stderr: '' });
    expect(written.stdout).toMatch(/wrote .*v1\.mcp-snapshot\.json: forecasts 1\.0\.0, 2 tools/);
    const text = await readFile(snapshot, 'utf8');
    expect(JSON.parse(text)).toMatchObject({
      format: 'glassbox.mcp-snapshot',
      server: { name: 'forecasts', version: '1.0.0' },
      era: 'legacy',
    });

    expect((await runCli([snapshot, v1])).code).toBe(0);
    const config = path.join(dir, 'mcp.json');
    await writeFile(
      config,
      JSON.stringify({ mcpServers: { next: { url: v2, headers: { Authorization: 'Bearer ${env:FORECAST_TOKEN}' } } } }),
    );
    const viaConfig = await runCli([snapshot, `${config}#next`, '--json', path.join(dir, 'config.json')], {
      FORECAST_TOKEN: 'secret-token-123',
    });
    expect(viaConfig.code).toBe(1);
    const report = JSON.parse(await readFile(path.join(dir, 'config.json'), 'utf8')) as JsonReport;
    expect(report.counts).toEqual({ breaking: 1, 'model-visible': 1, compatible: 1, cosmetic: 0 });
    expect(JSON.stringify(report)).not.toContain('secret-token-123');

    // The snapshot edited to v2's enum: only the model-visible and the compatible change remain, exit 0.
    const edited = JSON.parse(text) as { tools: Array<{ name: string; inputSchema: { properties: { unit?: { enum: string[] } } } }> };
    const unit = edited.tools.find((tool) => tool.name === 'get_forecast')?.inputSchema.properties.unit;
    if (unit) unit.enum = ['celsius'];
    const narrowed = path.join(dir, 'v1-celsius.mcp-snapshot.json');
    await writeFile(narrowed, JSON.stringify(edited));
    const harmless = await runCli([narrowed, v2]);
    expect(harmless.code).toBe(0);
    expect(harmless.stdout).toContain('0 breaking, 1 model-visible, 1 compatible, 0 cosmetic');
  });

  it('takes every page of a paginated tool list into the snapshot', async () => {
    const lab = await startLab();
    try {
      const snapshot = path.join(dir, 'paged.mcp-snapshot.json');
      expect((await runCli(['--snapshot', snapshot, lab.endpoints.paged])).code).toBe(0);
      const { tools } = JSON.parse(await readFile(snapshot, 'utf8')) as { tools: Array<{ name: string }> };
      expect(tools.map((tool) => tool.name)).toEqual([...PAGED_TOOL_NAMES]);
    } finally {
      await lab.close();
    }
  });

  it('exits 2 on a bad command, an unreachable server, a missing config entry or a file that is not a snapshot', async () => {
    const usage = await runCli([v1]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/name two servers to compare, A and B \(got 1\)\nusage: npm run diff/);
    expect((await runCli([v1, v2, '--frobnicate'])).stderr).toMatch(/unknown option --frobnicate/);
    const down = await runCli([v1, `http://127.0.0.1:${TEST_PORTS.down}/mcp`]);
    expect(down.code).toBe(2);
    expect(down.stderr).toMatch(/could not be reached/);
    const config = path.join(dir, 'only.json');
    await writeFile(config, JSON.stringify({ mcpServers: { a: { url: v1 } } }));
    const missing = await runCli([v1, `${config}#b`]);
    expect(missing).toMatchObject({ code: 2 });
    expect(missing.stderr).toContain('has no server "b" (it has a)');
    const notSnapshot = await runCli([v1, config]);
    expect(notSnapshot.code).toBe(2);
    expect(notSnapshot.stderr).toMatch(/\/format: must be "glassbox.mcp-snapshot".*name the entry: .*only\.json#<server>/);
    const unset = await runCli([v1, `${path.join(dir, 'mcp.json')}#next`]);
    expect(unset).toMatchObject({ code: 2 });
    expect(unset.stderr).toContain('set FORECAST_TOKEN');
  });
});
