/**
 * `npm run evals` as CI runs it: a child Node process on the real command, against the scripted
 * model server (Anthropic and OpenAI formats) and the official everything server.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start as startModel, type ModelServerHandle } from '../../e2e/servers/model-server.mjs';
import { start as startEverything } from '../../e2e/servers/everything.mjs';
import { SUM_CASES, SUM_SCRIPT } from '../../e2e/servers/sum-evals.mjs';
import { buildHeadless } from './build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let model: ModelServerHandle;
let everything: { url: string; close(): Promise<void> };
let dir: string;

beforeAll(async () => {
  [model, everything] = await Promise.all([startModel({ chunkDelayMs: 0 }), startEverything(), buildHeadless()]);
  dir = await mkdtemp(path.join(tmpdir(), 'glassbox-evals-'));
}, 60_000);

afterAll(async () => {
  await Promise.all([model?.close(), everything?.close()]);
});

/** Runs the command; resolves with its exit code and output. */
function runCli(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(root, 'scripts/evals/cli.mjs'), ...args],
      { cwd: root, env: { PATH: process.env['PATH'] ?? '', ...env } },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}

const KEYS = { ANTHROPIC_API_KEY: 'test-anthropic-key', OPENAI_API_KEY: 'test-openai-key' };

function evalFile(cases: unknown[]): string {
  return JSON.stringify(
    {
      mcpServers: { everything: { url: everything.url } },
      allowTools: ['everything/get-sum'],
      targets: [
        { format: 'anthropic', model: 'claude-sonnet-4-5', baseUrl: model.url },
        { format: 'openai', model: 'gpt-5-mini', baseUrl: `${model.url}/v1` },
      ],
      cases,
    },
    null,
    2,
  );
}

const { adds: ADDS, wrong: WRONG, echo: ECHO } = SUM_CASES;

describe('npm run evals', () => {
  it('runs the cases on both formats: a pass, different arguments (fails with the reason), a disallowed tool recorded and not run; JUnit counts; exit 1', async () => {
    const file = path.join(dir, 'three.evals.json');
    await writeFile(file, evalFile([ADDS, WRONG, ECHO]));
    model.reset();
    model.setScript([...SUM_SCRIPT, ...SUM_SCRIPT]);
    const junit = path.join(dir, 'three.xml');
    const json = path.join(dir, 'three.json');
    const { code, stdout, stderr } = await runCli([file, '--junit', junit, '--json', json], KEYS);
    expect(stderr).toBe('');
    expect(code).toBe(1);
    const lines = stdout.trim().split('\n');
    expect(lines.slice(0, 6)).toEqual([
      expect.stringMatching(/^\[1\/6\] PASS adds · anthropic · claude-sonnet-4-5 \(\d+ ms, \d+ tokens\)$/),
      expect.stringMatching(
        /^\[2\/6\] FAIL wrong arguments · anthropic · claude-sonnet-4-5 .* — expected call everything\/get-sum: arguments differ: \$\.b: expected 3, got 4$/,
      ),
      expect.stringMatching(/^\[3\/6\] PASS echo is not run · anthropic/),
      expect.stringMatching(/^\[4\/6\] PASS adds · openai · gpt-5-mini/),
      expect.stringMatching(/^\[5\/6\] FAIL wrong arguments · openai/),
      expect.stringMatching(/^\[6\/6\] PASS echo is not run · openai/),
    ]);
    expect(lines[6]).toMatch(/^4 passed, 2 failed, 0 errors \(6 cases × targets\)/);

    const xml = await readFile(junit, 'utf8');
    expect(xml).toMatch(/<testsuites name="glassbox evals" tests="6" failures="2" errors="0"/);
    expect(xml).toMatch(/<testsuite name="anthropic · claude-sonnet-4-5" tests="3" failures="1" errors="0"/);
    expect(xml).toMatch(
      /<testcase name="wrong arguments" classname="openai · gpt-5-mini" time="[\d.]+">\s*<failure message="expected call everything\/get-sum: arguments differ: \$\.b: expected 3, got 4"/,
    );
    expect(xml.match(/<testcase /g)).toHaveLength(6);

    const report = JSON.parse(await readFile(json, 'utf8'));
    const echo = report.results.find((result: { caseName: string }) => result.caseName === 'echo is not run');
    expect(echo.runs[0].calls).toEqual([
      { id: expect.any(String), tool: 'everything/echo', arguments: { message: 'hi' }, ran: false, step: 1 },
    ]);
    const adds = report.results[0];
    expect(adds.runs[0].calls[0]).toMatchObject({ tool: 'everything/get-sum', ran: true });
    expect(adds.runs[0].tokens.input).toBeGreaterThan(0);
    expect(JSON.stringify(report)).not.toContain('test-anthropic-key');

    // The echo tool was not run: the model was answered "not run in evals", and the sum really ran.
    const bodies = model.requests().map((request) => JSON.stringify(request.body));
    expect(bodies.filter((body) => body.includes('not run in evals'))).toHaveLength(2);
    expect(bodies.some((body) => body.includes('The sum of 2 and 3 is 5'))).toBe(true);
    // The keys went on the wire as each format sends them.
    expect(model.requests()[0]?.headers['x-api-key']).toBe('test-anthropic-key');
    expect(model.requests().at(-1)?.headers['authorization']).toBe('Bearer test-openai-key');
  }, 60_000);

  it('exits 0 when every case passes; --format and --model make one target', async () => {
    const file = path.join(dir, 'one.evals.json');
    await writeFile(file, evalFile([ADDS]));
    model.reset();
    model.setScript(SUM_SCRIPT.slice(0, 2));
    const { code, stdout } = await runCli([file, '--format', 'openai', '--model', 'gpt-test', '--base-url', `${model.url}/v1`], KEYS);
    expect(stdout).toMatch(/\[1\/1\] PASS adds · openai · gpt-test/);
    expect(code).toBe(0);
    expect((model.requests()[0]?.body as { model: string }).model).toBe('gpt-test');
  }, 60_000);

  it('exits 2 with the problems at their lines for a bad file, a missing key or bad options', async () => {
    const file = path.join(dir, 'bad.evals.json');
    await writeFile(
      file,
      '{\n  "cases": [\n    { "name": "a", "prompt": "p", "expect": { "calls": [ { "tool": "get-sum" } ] } }\n  ]\n}\n',
    );
    const bad = await runCli([file], KEYS);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(`${file}:3:68: error: "cases.0.expect.calls.0.tool" must name a tool as "server/tool"`);

    const good = path.join(dir, 'keyless.evals.json');
    await writeFile(good, evalFile([ADDS]));
    const keyless = await runCli([good], { OPENAI_API_KEY: 'x' });
    expect(keyless.code).toBe(2);
    expect(keyless.stderr).toMatch(/set ANTHROPIC_API_KEY/);

    const usage = await runCli([good, '--format', 'gemini']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/--format must be/);
  }, 60_000);
});
