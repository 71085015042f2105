/**
 * Turn replays end to end over real HTTP: a turn recorded in the Anthropic format is replayed
 * against the scripted model server in the OpenAI formats through a real recording fetch, with
 * a real registry and policy store. The MCP side is a function of ours that counts calls.
 */
import { describe, expect, it } from 'vitest';
import { FORECAST, recordedTurn as recordTurn, scriptedModelServer } from './__fixtures__/recorded-turn';
import { ReplayError } from './replay-store';

const server = scriptedModelServer();

const recordedTurn = (policy: 'allow' | 'ask' = 'allow') => recordTurn(server(), policy);

type Body = Record<string, unknown>;
const bodyOf = (index: number): Body => server().requests()[index]!.body as Body;

describe('ReplayStore', () => {
  it('replays an Anthropic turn in Chat Completions with the recorded result, calling no tool', async () => {
    const { session, log, replays, mcpCalls } = await recordedTurn();
    const itemsBefore = session.getSnapshot().items;
    server().setScript([{ toolCalls: [{ name: FORECAST, input: { days: 1, city: 'Paris' } }] }, { text: 'Replayed: sunny.' }]);

    const replay = await replays.start(1, { provider: 'openai', model: 'gpt-test', baseUrl: `${server().url}/v1`, callToolsLive: false });

    expect(replay.status).toBe('done');
    expect(mcpCalls).toHaveLength(1);
    expect(
      server()
        .requests()
        .map((request) => request.format),
    ).toEqual(['anthropic', 'anthropic', 'openai', 'openai']);
    const messages = bodyOf(3)['messages'] as Body[];
    expect(messages[0]).toEqual({ role: 'user', content: 'Weather in Paris?' });
    const toolMessage = messages.find((message) => message['role'] === 'tool');
    expect(toolMessage).toMatchObject({ tool_call_id: (messages[1]!['tool_calls'] as Body[])[0]!['id'], content: 'Sunny in Paris' });
    expect(replay.calls).toHaveLength(1);
    expect(replay.calls[0]).toMatchObject({ source: 'recorded', mismatch: false, item: { status: 'done', publicName: FORECAST } });
    expect(replay.side).toMatchObject({
      provider: 'openai',
      model: 'gpt-test',
      finalText: 'Replayed: sunny.',
      calls: [{ name: FORECAST, args: { days: 1, city: 'Paris' }, mismatch: false }],
    });
    expect(replay.side.usage.inputTokens).toBeGreaterThan(0);
    expect(replay.original).toMatchObject({
      provider: 'anthropic',
      model: 'claude-test',
      finalText: 'Sunny: take sunglasses.',
      calls: [{ name: FORECAST, args: { city: 'Paris', days: 1 } }],
    });
    expect(replay.original.requestIds).toHaveLength(2);
    expect(replay.original.usage.outputTokens).toBeGreaterThan(0);
    // The replay's requests are branches of the original's first request on the model wire; the conversation is untouched.
    const exchanges = log.getSnapshot().exchanges;
    expect(replay.side.requestIds).toHaveLength(2);
    for (const id of replay.side.requestIds)
      expect(exchanges.find((exchange) => exchange.id === id)).toMatchObject({ replayOf: replay.original.requestIds[0], source: 'openai' });
    expect(exchanges.find((exchange) => exchange.id === replay.side.requestIds[0])?.turn).toBeUndefined();
    expect(session.getSnapshot().items).toBe(itemsBefore);
  });

  it('replays in the Responses format with the recorded result as a function_call_output', async () => {
    const { replays, mcpCalls } = await recordedTurn();
    server().setScript([{ toolCalls: [{ name: FORECAST, input: { city: 'Paris', days: 1 } }] }, { text: 'Done.' }]);
    const replay = await replays.start(1, { provider: 'openai-responses', model: 'gpt-test', baseUrl: server().url, callToolsLive: false });
    expect(replay.status).toBe('done');
    expect(mcpCalls).toHaveLength(1);
    const input = bodyOf(3)['input'] as Body[];
    const call = input.find((entry) => entry['type'] === 'function_call');
    expect(input.find((entry) => entry['type'] === 'function_call_output')).toMatchObject({
      call_id: call?.['call_id'],
      output: 'Sunny in Paris',
    });
  });

  it('marks a call the original did not make and answers it with a not-recorded error', async () => {
    const { replays, mcpCalls } = await recordedTurn();
    server().setScript([{ toolCalls: [{ name: FORECAST, input: { city: 'Lima' } }] }, { text: 'Could not check.' }]);
    const replay = await replays.start(1, { provider: 'openai', model: 'gpt-test', baseUrl: `${server().url}/v1`, callToolsLive: false });
    expect(mcpCalls).toHaveLength(1);
    expect(replay.calls[0]).toMatchObject({
      source: 'not-run',
      mismatch: true,
      item: { status: 'failed', failure: { category: 'not-recorded' } },
    });
    const toolMessage = (bodyOf(3)['messages'] as Body[]).find((message) => message['role'] === 'tool');
    expect(String(toolMessage?.['content'])).toContain('"category":"not-recorded"');
    expect(String(toolMessage?.['content'])).not.toContain('Sunny');
  });

  it('calls tools live through the approval gate when asked', async () => {
    const { replays, mcpCalls } = await recordedTurn('ask');
    server().setScript([{ toolCalls: [{ name: FORECAST, input: { city: 'Paris', days: 1 } }] }, { text: 'Live.' }]);
    const running = replays.start(1, { provider: 'openai', model: 'gpt-test', baseUrl: `${server().url}/v1`, callToolsLive: true });
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
