/**
 * Turn replays end to end over real HTTP: a turn recorded in the Anthropic format is replayed
 * against the scripted model server in the OpenAI formats through a real recording fetch, with
 * a real registry and policy store. The MCP side is a function of ours that counts calls.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { start, type ModelServerHandle } from '../../../e2e/servers/model-server.mjs';
import type { ProviderId } from '../providers';
import { PolicyStore, ToolRegistry } from '../tools';
import { memoryStorage } from '../tools/memory-storage';
import { createWireTap, SecretRegistry, TrafficLog } from '../traffic';
import type { CallContext } from '../traffic';
import { AgentSession } from './agent-session';
import { ReplayError, ReplayStore } from './replay-store';
import { counterIds, turnServices, type AgentSessionDeps } from './session-services';

let server: ModelServerHandle;
beforeAll(async () => {
  server = await start({ port: 0, chunkDelayMs: 1 });
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => server.reset());

const FORECAST = 'weather_get_forecast';

/** A session with one recorded Anthropic turn that called the forecast for Paris. */
async function recordedTurn(policy: 'allow' | 'ask' = 'allow') {
  const log = new TrafficLog();
  const secrets = new SecretRegistry();
  const modelFetch = (source: ProviderId, context: CallContext) => createWireTap({ log, wire: 'model', source, secrets, context })(fetch) as typeof fetch;
  const registry = new ToolRegistry();
  registry.setServerTools('weather', [
    { name: 'get_forecast', description: 'Forecast for a city.', inputSchema: { type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer' } }, required: ['city'] } },
  ]);
  const policies = new PolicyStore({ storage: memoryStorage() });
  policies.setPolicy('weather', 'get_forecast', 'allow');
  const mcpCalls: Array<Record<string, unknown>> = [];
  const deps: AgentSessionDeps = {
    registry,
    policies,
    callMcpTool: async (_server, _tool, args) => {
      mcpCalls.push(args);
      return { content: [{ type: 'text', text: `Sunny in ${String(args['city'])}` }] };
    },
    modelFetch,
    sleep: async () => undefined,
    initialSettings: { provider: 'anthropic', model: 'claude-test', baseUrl: server.url, apiKey: 'test-key' },
  };
  const session = new AgentSession(deps);
  server.setScript([{ toolCalls: [{ name: FORECAST, input: { city: 'Paris', days: 1 } }] }, { text: 'Sunny: take sunglasses.' }]);
  await session.send('Weather in Paris?');
  policies.setPolicy('weather', 'get_forecast', policy);
  const replays = new ReplayStore({ session, log, services: turnServices(deps, () => Date.now(), counterIds()) });
  return { session, log, replays, mcpCalls };
}

type Body = Record<string, unknown>;
const bodyOf = (index: number): Body => server.requests()[index]!.body as Body;

describe('ReplayStore', () => {
  it('replays an Anthropic turn in Chat Completions with the recorded result, calling no tool', async () => {
    const { session, log, replays, mcpCalls } = await recordedTurn();
    const itemsBefore = session.getSnapshot().items;
    server.setScript([{ toolCalls: [{ name: FORECAST, input: { days: 1, city: 'Paris' } }] }, { text: 'Replayed: sunny.' }]);

    const replay = await replays.start(1, { provider: 'openai', model: 'gpt-test', baseUrl: `${server.url}/v1`, callToolsLive: false });

    expect(replay.status).toBe('done');
    expect(mcpCalls).toHaveLength(1);
    expect(server.requests().map((request) => request.format)).toEqual(['anthropic', 'anthropic', 'openai', 'openai']);
    const messages = bodyOf(3)['messages'] as Body[];
    expect(messages[0]).toEqual({ role: 'user', content: 'Weather in Paris?' });
    const toolMessage = messages.find((message) => message['role'] === 'tool');
    expect(toolMessage).toMatchObject({ tool_call_id: (messages[1]!['tool_calls'] as Body[])[0]!['id'], content: 'Sunny in Paris' });
    expect(replay.calls).toHaveLength(1);
    expect(replay.calls[0]).toMatchObject({ source: 'recorded', mismatch: false, item: { status: 'done', publicName: FORECAST } });
    expect(replay.side).toMatchObject({ provider: 'openai', model: 'gpt-test', finalText: 'Replayed: sunny.', calls: [{ name: FORECAST, args: { days: 1, city: 'Paris' }, mismatch: false }] });
    expect(replay.side.usage.inputTokens).toBeGreaterThan(0);
    expect(replay.original).toMatchObject({ provider: 'anthropic', model: 'claude-test', finalText: 'Sunny: take sunglasses.', calls: [{ name: FORECAST, args: { city: 'Paris', days: 1 } }] });
    expect(replay.original.requestIds).toHaveLength(2);
    expect(replay.original.usage.outputTokens).toBeGreaterThan(0);
    // The replay's requests are branches of the original's first request on the model wire; the conversation is untouched.
    const exchanges = log.getSnapshot().exchanges;
    expect(replay.side.requestIds).toHaveLength(2);
    for (const id of replay.side.requestIds) expect(exchanges.find((exchange) => exchange.id === id)).toMatchObject({ replayOf: replay.original.requestIds[0], source: 'openai' });
    expect(exchanges.find((exchange) => exchange.id === replay.side.requestIds[0])?.turn).toBeUndefined();
    expect(session.getSnapshot().items).toBe(itemsBefore);
  });

  it('replays in the Responses format with the recorded result as a function_call_output', async () => {
    const { replays, mcpCalls } = await recordedTurn();
    server.setScript([{ toolCalls: [{ name: FORECAST, input: { city: 'Paris', days: 1 } }] }, { text: 'Done.' }]);
    const replay = await replays.start(1, { provider: 'openai-responses', model: 'gpt-test', baseUrl: server.url, callToolsLive: false });
    expect(replay.status).toBe('done');
    expect(mcpCalls).toHaveLength(1);
    const input = bodyOf(3)['input'] as Body[];
    const call = input.find((entry) => entry['type'] === 'function_call');
    expect(input.find((entry) => entry['type'] === 'function_call_output')).toMatchObject({ call_id: call?.['call_id'], output: 'Sunny in Paris' });
  });

  it('marks a call the original did not make and answers it with a not-recorded error', async () => {
    const { replays, mcpCalls } = await recordedTurn();
    server.setScript([{ toolCalls: [{ name: FORECAST, input: { city: 'Lima' } }] }, { text: 'Could not check.' }]);
    const replay = await replays.start(1, { provider: 'openai', model: 'gpt-test', baseUrl: `${server.url}/v1`, callToolsLive: false });
    expect(mcpCalls).toHaveLength(1);
    expect(replay.calls[0]).toMatchObject({ source: 'not-run', mismatch: true, item: { status: 'failed', failure: { category: 'not-recorded' } } });
    const toolMessage = (bodyOf(3)['messages'] as Body[]).find((message) => message['role'] === 'tool');
    expect(String(toolMessage?.['content'])).toContain('"category":"not-recorded"');
    expect(String(toolMessage?.['content'])).not.toContain('Sunny');
  });

  it('calls tools live through the approval gate when asked', async () => {
    const { replays, mcpCalls } = await recordedTurn('ask');
    server.setScript([{ toolCalls: [{ name: FORECAST, input: { city: 'Paris', days: 1 } }] }, { text: 'Live.' }]);
    const running = replays.start(1, { provider: 'openai', model: 'gpt-test', baseUrl: `${server.url}/v1`, callToolsLive: true });
    await expect(replays.start(1, replays.defaults())).rejects.toBeInstanceOf(ReplayError);
    for (let tries = 0; replays.getSnapshot().replays[0]?.calls[0]?.item.status !== 'awaiting-approval'; tries++) {
      if (tries > 500) throw new Error('no approval asked');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(mcpCalls).toHaveLength(1);
    replays.approve(replays.getSnapshot().replays[0]!.calls[0]!.item.id, 'once');
    const replay = await running;
    expect(mcpCalls).toHaveLength(2);
    expect(replay.calls[0]).toMatchObject({ source: 'live', mismatch: false, item: { status: 'done', decision: 'allowed-once' } });
  });

  it('refuses a turn that was not recorded', async () => {
    const { replays } = await recordedTurn();
    await expect(replays.start(2, replays.defaults())).rejects.toMatchObject({ code: 'no-turn' });
  });
});
