/**
 * `npm run load` as CI runs it: a child Node process on the real command, against the project's
 * counting test server (e2e/servers/load-target.mjs), started as its own process on loopback and
 * stopped by its PID. The server confirms the count.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLoad } from './build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let server: ChildProcess | undefined;
let url = '';
let dir = '';

beforeAll(async () => {
  server = spawn(process.execPath, [path.join(root, 'e2e/servers/load-target.mjs'), '--port', '0'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const started = new Promise<string>((resolve, reject) => {
    let text = '';
    server?.stdout?.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const found = /http:\/\/127\.0\.0\.1:\d+\/mcp/.exec(text)?.[0];
      if (found) resolve(found);
    });
    server?.once('exit', (code) => reject(new Error(`load-target exited (${code})`)));
  });
  [url] = await Promise.all([started, buildLoad()]);
  dir = await mkdtemp(path.join(tmpdir(), 'glassbox-load-'));
}, 60_000);

afterAll(() => {
  if (server?.pid !== undefined && server.exitCode === null) process.kill(server.pid, 'SIGTERM');
});

function runCli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(root, 'scripts/load/cli.mjs'), ...args],
      { cwd: root, env: { PATH: process.env['PATH'] ?? '' } },
      (error, stdout, stderr) => resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const count = async (): Promise<{ echo: number }> => (await fetch(url.replace(/\/mcp$/, '/count'))).json() as Promise<{ echo: number }>;

describe('npm run load', () => {
  it('sends the requests asked (the server counts them), writes the JSON report, exit 0', async () => {
    const before = (await count()).echo;
    const json = path.join(dir, 'echo.json');
    const { code, stdout, stderr } = await runCli([
      url,
      '--tool',
      'echo',
      '--args',
      '{"text":"hi"}',
      '--concurrency',
      '4',
      '--requests',
      '60',
      '--json',
      json,
    ]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain('60 answered, 60 ok, 0 errors');
    expect((await count()).echo - before).toBe(60);
    const report = JSON.parse(await readFile(json, 'utf8')) as Record<string, unknown>;
    expect(report).toMatchObject({ completed: 60, errors: 0, concurrency: { asked: 4, reached: 4 }, consistency: { consistent: true } });
  }, 60_000);

  it('exits 1 on errors (an unknown argument type) and on a 2026 server whose answers differ', async () => {
    const bad = await runCli([url, '--tool', 'echo', '--args', '{"text":5}', '--concurrency', '2', '--requests', '4']);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(/4 errors/);
    const differing = await runCli([url, '--tool', 'instance', '--concurrency', '1', '--requests', '6']);
    expect(differing.code).toBe(1);
    expect(differing.stdout).toContain('consistency: 3 of the answers compared differ');
  }, 60_000);

  it('exits 2 on a bad command, an unknown entry or tool, and an unreachable server', async () => {
    const config = path.join(dir, 'mcp.json');
    await writeFile(config, JSON.stringify({ mcpServers: { target: { type: 'http', url } } }));
    const cases = [
      [[url, '--concurrency', '65', '--requests', '1'], /1 to 64/],
      [[url, '--concurrency', '2'], /--requests or --duration/],
      [[config, '--concurrency', '1', '--requests', '1'], /--server names the entry/],
      [[config, '--server', 'nope', '--concurrency', '1', '--requests', '1'], /has no server "nope" \(it has target\)/],
      [[url, '--tool', 'nope', '--concurrency', '1', '--requests', '1'], /has no tool "nope"/],
      [['http://127.0.0.1:9/mcp', '--concurrency', '1', '--requests', '1'], /could not be reached|not connected/],
    ] as const;
    for (const [args, message] of cases) {
      const { code, stderr } = await runCli([...args]);
      expect(code, args.join(' ')).toBe(2);
      expect(stderr).toMatch(message);
    }
    const fromConfig = await runCli([config, '--server', 'target', '--concurrency', '2', '--requests', '10']);
    expect(fromConfig.code).toBe(0);
  }, 60_000);
});
