import { describe, expect, it } from 'vitest';
import { readSseFixture } from '../__fixtures__/read-fixture';
import { HELLO_DELTAS, HELLO_TEXT, feed, finishDone, finishError } from '../__fixtures__/stream-test-helpers';
import type { SseEvent } from '../sse-event';
import { MalformedResponseError, ProviderStreamError, StreamCutError } from '../provider-errors';
import { createOpenAIStreamParser } from './parse-openai-stream';

const fixtures = new URL('./__fixtures__/', import.meta.url);

function run(events: SseEvent[]) {
  let next = 0;
  return feed(createOpenAIStreamParser({ generateId: () => `generated_${(next += 1)}` }), events);
}

function chunk(delta: Record<string, unknown>, finishReason: string | null = null): SseEvent {
  return { data: JSON.stringify({ id: 'chatcmpl-x', model: 'm', choices: [{ index: 0, delta, finish_reason: finishReason }] }) };
}

describe('OpenAIStreamParser', () => {
  it('turns content deltas and the final usage chunk into events, then done at [DONE]', () => {
    const { parser, emitted } = run(readSseFixture(fixtures, 'openai-text.sse'));
    expect(emitted.filter((event) => event.type !== 'done')).toEqual([
      ...HELLO_DELTAS,
      { type: 'usage', usage: { inputTokens: 19, outputTokens: 9 } },
    ]);
    expect(finishDone(parser, emitted)).toEqual({
      id: 'chatcmpl-C9x1aTextStream',
      model: 'gpt-4.1-2025-04-14',
      parts: [{ type: 'text', text: HELLO_TEXT }],
      stopReason: 'end-turn',
      rawStopReason: 'stop',
      usage: { inputTokens: 19, outputTokens: 9 },
    });
    expect(parser.warnings).toEqual([]);
  });

  it('accumulates parallel tool call fragments by index', () => {
    const { parser, emitted } = run(readSseFixture(fixtures, 'openai-tool-calls.sse'));
    expect(emitted.filter((event) => event.type.startsWith('tool-call'))).toEqual([
      { type: 'tool-call-start', toolCallId: 'call_Vq3PZ8mK1tLx4Rb7', toolName: 'weather_get_forecast', index: 0 },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '{"ci' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: 'ty": "Paris", "days": 2}' },
      { type: 'tool-call-start', toolCallId: 'call_Hn2WQ5yE9sDc6Fa0', toolName: 'weather_get_forecast', index: 1 },
      { type: 'tool-call-delta', index: 1, argumentsDelta: '{"city": "Oslo", "days": 1}' },
    ]);
    const response = parser.finish();
    expect(response.parts).toEqual([
      { type: 'tool-call', toolCallId: 'call_Vq3PZ8mK1tLx4Rb7', toolName: 'weather_get_forecast', input: { city: 'Paris', days: 2 } },
      { type: 'tool-call', toolCallId: 'call_Hn2WQ5yE9sDc6Fa0', toolName: 'weather_get_forecast', input: { city: 'Oslo', days: 1 } },
    ]);
    expect(response.stopReason).toBe('tool-calls');
    expect(response.usage).toEqual({ inputTokens: 210, outputTokens: 48 });
  });

  it('emits an error event for a mid-stream error chunk and throws ProviderStreamError from finish', () => {
    const { parser, emitted } = run(readSseFixture(fixtures, 'openai-error.sse'));
    expect(emitted.at(-1)).toEqual({
      type: 'error',
      message: 'The server had an error while processing your request. Sorry about that!',
      errorType: 'server_error',
    });
    const caught = finishError(parser);
    expect(caught).toBeInstanceOf(ProviderStreamError);
    expect((caught as ProviderStreamError).errorType).toBe('server_error');
    expect((caught as ProviderStreamError).partial.parts).toEqual([{ type: 'text', text: 'Let me' }]);
  });

  it('throws StreamCutError from finish when [DONE] never came', () => {
    const caught = finishError(run(readSseFixture(fixtures, 'openai-cut.sse')).parser);
    expect(caught).toBeInstanceOf(StreamCutError);
    expect((caught as StreamCutError).code).toBe('stream-cut');
    expect((caught as StreamCutError).partial.parts).toEqual([{ type: 'text', text: 'It is sunny in Par' }]);
  });

  it('keeps unparseable arguments as rawArguments, with a warning', () => {
    const { parser } = run([
      chunk({ tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'f', arguments: '{"a": ' } }] }),
      chunk({}, 'tool_calls'),
      { data: '[DONE]' },
    ]);
    expect(parser.finish().parts).toEqual([
      { type: 'tool-call', toolCallId: 'call_1', toolName: 'f', input: undefined, rawArguments: '{"a": ' },
    ]);
    expect(parser.warnings).toHaveLength(1);
    expect(parser.warnings[0]?.subject).toBe('call_1');
  });

  it('copes with servers that reuse index 0 for parallel calls, omit ids, or send finish_reason "stop"', () => {
    const { parser, emitted } = run([
      chunk({ tool_calls: [{ index: 0, id: 'call_a', function: { name: 'f', arguments: '{}' } }] }),
      chunk({ tool_calls: [{ index: 0, id: 'call_b', function: { name: 'g', arguments: '{"x":1}' } }] }),
      chunk({ tool_calls: [{ index: 2, function: { name: 'h', arguments: '' } }] }),
      chunk({}, 'stop'),
      { data: '[DONE]' },
    ]);
    expect(emitted.filter((event) => event.type === 'tool-call-start')).toEqual([
      { type: 'tool-call-start', toolCallId: 'call_a', toolName: 'f', index: 0 },
      { type: 'tool-call-start', toolCallId: 'call_b', toolName: 'g', index: 1 },
      { type: 'tool-call-start', toolCallId: 'generated_1', toolName: 'h', index: 2 },
    ]);
    const response = parser.finish();
    expect(response.parts.map((part) => (part.type === 'tool-call' ? [part.toolCallId, part.input] : part))).toEqual([
      ['call_a', {}],
      ['call_b', { x: 1 }],
      ['generated_1', {}],
    ]);
    expect(response.stopReason).toBe('tool-calls');
    expect(response.rawStopReason).toBe('stop');
    expect(parser.warnings.map((warning) => warning.message)).toEqual(['A tool call had no id; gave it generated_1.']);
  });

  it('reports a refusal as text with stop reason refusal', () => {
    const { parser } = run([chunk({ refusal: "I can't help with that." }), chunk({}, 'stop'), { data: '[DONE]' }]);
    const response = parser.finish();
    expect(response.parts).toEqual([{ type: 'text', text: "I can't help with that." }]);
    expect(response.stopReason).toBe('refusal');
  });

  it('throws MalformedResponseError on data that is not JSON, and ignores chunks after [DONE]', () => {
    expect(() => createOpenAIStreamParser().push({ data: 'oops' })).toThrow(MalformedResponseError);
    const { parser, emitted } = run([chunk({ content: 'a' }), { data: '[DONE]' }, chunk({ content: 'b' })]);
    expect(emitted.filter((event) => event.type === 'text-delta')).toHaveLength(1);
    expect(parser.finish().parts).toEqual([{ type: 'text', text: 'a' }]);
  });
});
