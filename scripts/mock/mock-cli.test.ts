/**
 * `npm run mock` as CI runs it: a session recorded against the official everything server (the
 * eval file's cases, run in-process exactly as `npm run evals` runs them), made into a mock; the
 * server stopped; the mock served by the real command on loopback; and `npm run evals` passing
 * against it with no other MCP server running (the scripted model server is the model, not an
 * MCP server).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start as startModel, type ModelServerHandle } from '../../e2e/servers/model-server.mjs';
import { start as startEverything } from '../../e2e/servers/everything.mjs';
import { SUM_CASES, SUM_SCRIPT } from '../../e2e/servers/sum-evals.mjs';
import { connectEvalServers, loadEvalValidators, readEvalFile, runEvals } from '../../src/core/evals';
import { mockFromRecording, parseMock, writeMock } from '../../src/core/mock';
import { SecretRegistry, TrafficLog } from '../../src/core/traffic';
import { buildHeadless } from '../evals/build.mjs';
import { buildMock } from './build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const KEYS = { ANTHROPIC_API_KEY: 'test-anthropic-key', OPENAI_API_KEY: 'test-openai-key' };
let model: ModelServerHandle;
let dir: string;
let mockProcess: ChildProcess | undefined;

beforeAll(async () => {
  [model] = await Promise.all([startModel({ chunkDelayMs: 0 }), buildHeadless(), buildMock()]);
  dir = await mkdtemp(path.join(tmpdir(), 'glassbox-mock-'));
}, 60_000);

afterAll(async () => {
  if (mockProcess?.pid !== undefined && mockProcess.exitCode === null) mockProcess.kill('SIGTERM');
  await model?.close();
});

/** The eval file: the passing sum case on both formats, against the everything server at `url`. */
function evalFile(url: string): string {
  return JSON.stringify({
    mcpServers: { everything: { url } },
    allowTools: ['everything/get-sum'],
    targets: [
      { format: 'anthropic', model: 'claude-test', baseUrl: model.url },
      { format: 'openai', model: 'gpt-test', baseUrl: `${model.url}/v1` },
    ],
    cases: [SUM_CASES.adds],
  });
}

/** Runs a command's cli.mjs; resolves with its exit code and output. */
function runCli(
  script: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(root, script), ...args],
      { cwd: root, env: { PATH: process.env['PATH'] ?? '', ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** Starts `npm run mock` on a free port; resolves with its address once it prints it. */
function startMockCommand(file: string): Promise<{ url: string; stderr: () => string }> {
  const child = spawn(process.execPath, [path.join(root, 'scripts/mock/cli.mjs'), file, '--port', '0'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  mockProcess = child;
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const url = /at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(stdout)?.[1];
      if (url !== undefined) resolve({ url, stderr: () => stderr });
    });
    child.once('exit', (code) => reject(new Error(`npm run mock exited ${code}: ${stderr}`)));
  });
}

describe('npm run mock', () => {
  it('serves a recorded everything-server session, and npm run evals passes against it with no other server', async () => {
    // 1. Record: the eval file run in-process against the live server, into a traffic log.
    const everything = await startEverything();
    const read = readEvalFile(evalFile(everything.url), await loadEvalValidators());
    if (read.file === null || read.file.servers === undefined) throw new Error(JSON.stringify(read.problems));
    const log = new TrafficLog();
    const secrets = new SecretRegistry();
    const servers = await connectEvalServers(read.file.servers, { log, secrets, fetch: globalThis.fetch });
    model.reset();
    model.setScript([...SUM_SCRIPT.slice(0, 2), ...SUM_SCRIPT.slice(0, 2)]);
    const recorded = await runEvals(read.file, {
      registry: servers.registry,
      callMcpTool: servers.callMcpTool,
      log,
      secrets,
      fetch: globalThis.fetch,
      apiKeyFor: (format) => (format === 'anthropic' ? KEYS.ANTHROPIC_API_KEY : KEYS.OPENAI_API_KEY),
      runPrefix: 'record',
    });
    await servers.close();
    expect(recorded.results.map((result) => result.status)).toEqual(['pass', 'pass']);

    // 2. The mock file, then the live server stopped: nothing else answers MCP from here on.
    const mock = mockFromRecording(log.getSnapshot(), { server: 'everything', secrets: Object.values(KEYS) });
    const file = path.join(dir, 'everything.mcp-mock.json');
    await writeFile(file, writeMock(mock));
    await everything.close();
    expect(mock.era).toBe('legacy');
    expect(mock.exchanges.some((exchange) => exchange.method === 'tools/call')).toBe(true);
    const text = await readFile(file, 'utf8');
    expect(parseMock(text)).toEqual(mock);
    expect(text).not.toContain('test-anthropic-key');
    await expect(fetch(everything.url, { method: 'POST' })).rejects.toThrow();

    // 3. The mock served by the command, and the evals against it.
    const served = await startMockCommand(file);
    await writeFile(path.join(dir, 'mocked.evals.json'), evalFile(served.url));
    model.reset();
    model.setScript([...SUM_SCRIPT.slice(0, 2), ...SUM_SCRIPT.slice(0, 2)]);
    const result = await runCli('scripts/evals/cli.mjs', [path.join(dir, 'mocked.evals.json')], KEYS);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/\[1\/2\] PASS adds · anthropic · claude-test/);
    expect(result.stdout).toMatch(/\[2\/2\] PASS adds · openai · gpt-test/);
    expect(result.code).toBe(0);
    // The sum the model read came from the recording.
    expect(model.requests().some((request) => JSON.stringify(request.body).includes('The sum of 2 and 3 is 5'))).toBe(true);
    expect(served.stderr()).not.toContain('miss');
  }, 90_000);

  it('--record runs an eval file against its live servers and writes a mock of each', async () => {
    const everything = await startEverything();
    try {
      const file = path.join(dir, 'record.evals.json');
      await writeFile(file, evalFile(everything.url));
      const out = await mkdtemp(path.join(dir, 'mocks-'));
      model.reset();
      model.setScript([...SUM_SCRIPT.slice(0, 2), ...SUM_SCRIPT.slice(0, 2)]);
      const result = await runCli('scripts/mock/cli.mjs', ['--record', file, '--out-dir', out], KEYS);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(`to ${out}/everything.mcp-mock.json`);
      expect(result.stdout).toContain('mock: the run passed 2 of 2 cases × targets');
      const mock = parseMock(await readFile(path.join(out, 'everything.mcp-mock.json'), 'utf8'));
      expect(mock.server.entry).toBe('everything');
      const sums = mock.exchanges.filter((exchange) => exchange.method === 'tools/call');
      expect(sums).toHaveLength(2);
      expect(JSON.stringify(sums[0]?.answer)).toContain('The sum of 2 and 3 is 5');
    } finally {
      await everything.close();
    }
  }, 60_000);

  it('exits 2 naming the field of a bad mock file, and a bad option', async () => {
    const bad = path.join(dir, 'bad.mcp-mock.json');
    await writeFile(
      bad,
      JSON.stringify({ format: 'glassbox-mcp-mock', formatVersion: 1, server: { entry: 'x' }, recordedAt: '2026-01-01', era: '2025' }),
    );
    const result = await runCli('scripts/mock/cli.mjs', [bad]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`mock: ${bad} is not a mock file: /era: must be "legacy" or "modern" (got string "2025")\n`);
    const usage = await runCli('scripts/mock/cli.mjs', [bad, '--host', '0.0.0.0']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/^mock: --host must be a loopback address/);
  }, 30_000);
});
