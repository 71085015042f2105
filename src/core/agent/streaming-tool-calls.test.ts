import { describe, expect, it } from 'vitest';
import { ToolRegistry } from '../tools';
import { SessionState } from './session-state';
import type { ToolCallItem } from './session-types';
import { readPartialArguments, StreamingToolCalls } from './streaming-tool-calls';

describe('readPartialArguments', () => {
  it('reads what it can of incomplete JSON arguments, and nothing from text that is not an object', () => {
    expect(readPartialArguments('{"city": "Cope')).toEqual({ city: 'Cope' });
    expect(readPartialArguments('{"city": "Copenhagen", "days": 3')).toEqual({ city: 'Copenhagen', days: 3 });
    expect(readPartialArguments('')).toBeUndefined();
    expect(readPartialArguments('[1, 2')).toBeUndefined();
    expect(readPartialArguments('}{')).toBeUndefined();
  });
});

describe('StreamingToolCalls', () => {
  const setUp = () => {
    const state = new SessionState(() => undefined);
    const registry = new ToolRegistry();
    registry.setServerTools('weather', [{ name: 'get_forecast', inputSchema: { type: 'object' } }]);
    const calls = new StreamingToolCalls(state, registry, { turn: 1, step: 1 });
    const items = () => state.items.filter((item): item is ToolCallItem => item.kind === 'tool-call');
    return { state, calls, items };
  };

  it('closes a card the complete reply does not carry (a cut stream) as failed, and keeps the others', () => {
    const { calls, items } = setUp();
    calls.push({ type: 'tool-call-start', toolCallId: 'a', toolName: 'weather_get_forecast', index: 0 });
    calls.push({ type: 'tool-call-delta', index: 0, argumentsDelta: '{"city":"Oslo"}' });
    calls.push({ type: 'tool-call-start', toolCallId: 'b', toolName: 'weather_get_forecast', index: 1 });
    expect(items().map((item) => item.status)).toEqual(['streaming', 'streaming']);
    expect(items()[0]).toMatchObject({ server: 'weather', remoteName: 'get_forecast', partialArgs: { city: 'Oslo' } });

    const refs = calls.finish(
      [{ type: 'tool-call', toolCallId: 'a', toolName: 'weather_get_forecast', input: { city: 'Oslo' } }],
      (call) => ({
        kind: 'tool-call',
        id: call.toolCallId,
        turn: 1,
        step: 1,
        publicName: call.toolName,
        args: call.input,
        status: 'running',
      }),
    );
    expect(refs).toHaveLength(1);
    expect(items().map((item) => [item.id, item.status])).toEqual([
      ['a', 'running'],
      ['b', 'failed'],
    ]);
    expect(items()[1]!.failure?.category).toBe('cancelled');
  });

  it('abandons every streaming card when the request fails', () => {
    const { calls, items } = setUp();
    calls.push({ type: 'tool-call-start', toolCallId: 'a', toolName: 'unknown_tool', index: 0 });
    calls.abandonAll();
    expect(items()).toMatchObject([{ id: 'a', status: 'failed' }]);
    expect(items()[0]!.server).toBeUndefined();
  });
});
