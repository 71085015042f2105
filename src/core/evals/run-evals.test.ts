/**
 * The runner through the chat's own AgentSession against the scripted model server (its real
 * wire formats over fetch); the MCP side is a stand-in that records what reached it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start, type ModelServerHandle } from '../../../e2e/servers/model-server.mjs';
import type { CallMcpTool } from '../agent';
import { ToolRegistry } from '../tools';
import { SecretRegistry, TrafficLog } from '../traffic';
import type { EvalFile } from './eval-types';
import { NOT_RUN_TEXT, runEvals } from './run-evals';
import { toJUnitXml } from './export-report';

let model: ModelServerHandle;
beforeAll(async () => {
  model = await start({ chunkDelayMs: 0 });
});
afterAll(async () => {
  await model.close();
});

function setup() {
  const registry = new ToolRegistry();
  const schema = { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } } };
  registry.setServerTools('math', [
    { name: 'add', inputSchema: schema },
    { name: 'wipe', inputSchema: { type: 'object' } },
  ]);
  const reached: string[] = [];
  const callMcpTool: CallMcpTool = async (server, tool, args) => {
    reached.push(`${server}/${tool} ${JSON.stringify(args)}`);
    return { content: [{ type: 'text', text: String(Number(args['a']) + Number(args['b'])) }] };
  };
  const log = new TrafficLog();
  return {
    registry,
    callMcpTool,
    log,
    reached,
    deps: {
      registry,
      callMcpTool,
      log,
      secrets: new SecretRegistry(),
      fetch: globalThis.fetch.bind(globalThis),
      apiKeyFor: () => 'secret-key-123',
      retryBaseMs: 1,
    },
  };
}

const adds = (overrides: Partial<EvalFile['cases'][number]> = {}): EvalFile['cases'][number] => ({
  name: 'adds',
  prompt: 'What is 2 plus 3?',
  repeat: 1,
  expect: { calls: [{ tool: 'math/add', arguments: { a: 2, b: 3 } }], answerMatches: '5' },
  ...overrides,
});

describe('runEvals', () => {
  it('repeats a case in fresh conversations and reports the pass rate', async () => {
    const { deps, log } = setup();
    model.reset();
    model.setScript([
      { toolCalls: [{ name: 'math_add', input: { a: 2, b: 3 } }] },
      { text: 'It is 5.' },
      { toolCalls: [{ name: 'math_add', input: { a: 3, b: 2 } }] },
      { text: 'It is 5.' },
      { toolCalls: [{ name: 'math_add', input: { a: 2, b: 3 } }] },
      { text: 'It is 5.' },
    ]);
    const report = await runEvals(
      { targets: [{ format: 'anthropic', model: 'claude-test', baseUrl: model.url }], cases: [adds({ repeat: 3 })] },
      deps,
    );
    const [result] = report.results;
    expect(result?.runs.map((run) => run.status)).toEqual(['pass', 'fail', 'pass']);
    expect(result?.passRate).toBeCloseTo(2 / 3);
    expect(result?.status).toBe('fail');
    // Fresh conversations: every run's first request holds only its own prompt.
    const firsts = model.requests().filter((_request, index) => index % 2 === 0);
    expect(firsts.map((request) => (request.body as { messages: unknown[] }).messages.length)).toEqual([1, 1, 1]);
    // Each run's model requests are tagged with its id, without a chat turn.
    const exchanges = log.getSnapshot().exchanges;
    expect(exchanges.map((exchange) => [exchange.evalRun, exchange.turn])).toEqual(
      result?.runs.flatMap((run) => [
        [run.id, undefined],
        [run.id, undefined],
      ]),
    );
    expect(result?.runs[0]?.steps).toBe(2);
    expect(result?.runs[0]?.tokens.input).toBeGreaterThan(0);
    expect(JSON.stringify(log.getSnapshot())).not.toContain('secret-key-123');
    expect(toJUnitXml(report)).toContain(
      '<failure message="run 2: expected call math/add: arguments differ: $.a: expected 2, got 3; $.b: expected 3, got 2 (2/3 runs passed)"',
    );
  });

  it('answers a tool outside allowTools with "not run in evals", never calling it', async () => {
    const { deps, reached } = setup();
    model.reset();
    model.setScript([
      {
        toolCalls: [
          { name: 'math_wipe', input: {} },
          { name: 'math_add', input: { a: 2, b: 3 } },
        ],
      },
      { text: 'It is 5.' },
    ]);
    const report = await runEvals(
      {
        allowTools: ['math/add'],
        targets: [{ format: 'openai', model: 'gpt-test', baseUrl: `${model.url}/v1` }],
        cases: [adds({ expect: { calls: [{ tool: 'math/add' }], noCallsTo: ['math/wipe'] } })],
      },
      deps,
    );
    expect(reached).toEqual(['math/add {"a":2,"b":3}']);
    const run = report.results[0]?.runs[0];
    expect(run?.calls.map((call) => [call.tool, call.ran])).toEqual([
      ['math/wipe', false],
      ['math/add', true],
    ]);
    expect(run?.reasons.map((reason) => reason.message)).toEqual([
      'math/wipe was called once, and noCallsTo forbids it (not run: it is not in allowTools)',
    ]);
    expect(JSON.stringify(model.requests()[1]?.body)).toContain(NOT_RUN_TEXT);
  });

  it('fails a turn that hits maxSteps, and reports a model failure as an error', async () => {
    const { deps } = setup();
    model.reset();
    model.setScript([{ toolCalls: [{ name: 'math_add', input: { a: 2, b: 3 } }] }, { error: { status: 400 } }]);
    const report = await runEvals(
      {
        maxSteps: 1,
        targets: [{ format: 'anthropic', model: 'claude-test', baseUrl: model.url }],
        cases: [adds({ name: 'one step' }), adds({ name: 'bad request' })],
      },
      deps,
    );
    expect(report.results.map((result) => result.status)).toEqual(['fail', 'error']);
    expect(report.results[0]?.runs[0]?.reasons[0]).toMatchObject({ expectation: 'steps' });
    expect(report.results[1]?.runs[0]?.reasons[0]?.expectation).toBe('error');
  });
});
