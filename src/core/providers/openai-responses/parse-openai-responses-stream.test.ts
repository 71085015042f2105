import { describe, expect, it } from 'vitest';
import { readSseFixture } from '../__fixtures__/read-fixture';
import { HELLO_TEXT, feed, finishDone, finishError } from '../__fixtures__/stream-test-helpers';
import type { SseEvent } from '../sse-event';
import { MalformedResponseError, ProviderStreamError, StreamCutError } from '../provider-errors';
import { createOpenAIResponsesStreamParser } from './parse-openai-responses-stream';

const fixtures = new URL('./__fixtures__/', import.meta.url);

const run = (events: SseEvent[]) => feed(createOpenAIResponsesStreamParser({ generateId: () => 'generated_1' }), events);

describe('OpenAIResponsesStreamParser', () => {
  it('turns text deltas into events and ends at response.completed with status and usage', () => {
    const { parser, emitted } = run(readSseFixture(fixtures, 'openai-responses-text.sse'));
    expect(
      emitted
        .filter((event) => event.type === 'text-delta')
        .map((event) => (event.type === 'text-delta' ? event.text : ''))
        .join(''),
    ).toBe(HELLO_TEXT);
    const response = finishDone(parser, emitted);
    expect(response).toMatchObject({ parts: [{ type: 'text', text: HELLO_TEXT }], stopReason: 'end-turn', rawStopReason: 'completed' });
    expect(response.usage.inputTokens).toBeGreaterThan(0);
  });

  it('starts each function call at output_item.added and joins its argument deltas', () => {
    const { parser, emitted } = run(readSseFixture(fixtures, 'openai-responses-tool-calls.sse'));
    expect(emitted.filter((event) => event.type === 'tool-call-start')).toEqual([
      { type: 'tool-call-start', toolCallId: 'call_Vq3PZ8mK1tLx4Rb7', toolName: 'weather_get_forecast', index: 0 },
      { type: 'tool-call-start', toolCallId: 'call_Hn2WQ5yE9sDc6Fa0', toolName: 'weather_get_forecast', index: 1 },
    ]);
    const first = emitted.filter((event) => event.type === 'tool-call-delta' && event.index === 0);
    expect(first.map((event) => (event.type === 'tool-call-delta' ? event.argumentsDelta : '')).join('')).toBe('{"city":"Paris","days":2}');
    expect(parser.finish()).toMatchObject({
      parts: [
        { type: 'text', text: 'Let me check.' },
        { type: 'tool-call', toolCallId: 'call_Vq3PZ8mK1tLx4Rb7', input: { city: 'Paris', days: 2 } },
        { type: 'tool-call', toolCallId: 'call_Hn2WQ5yE9sDc6Fa0', input: { city: 'Oslo', days: 1 } },
      ],
      stopReason: 'tool-calls',
    });
  });

  it('reports a stream cut before response.completed, with what had arrived', () => {
    const { parser } = run(readSseFixture(fixtures, 'openai-responses-cut.sse'));
    const error = finishError(parser);
    expect(error).toBeInstanceOf(StreamCutError);
    expect((error as StreamCutError).message).toContain('response.completed');
    expect((error as StreamCutError).partial.parts[0]).toMatchObject({ type: 'text' });
  });

  it('reports an error event with its code, and refuses data that is not JSON', () => {
    const { parser, emitted } = run(readSseFixture(fixtures, 'openai-responses-error.sse'));
    expect(emitted.at(-1)).toEqual({ type: 'error', message: 'Scripted stream error: server_error', errorType: 'server_error' });
    expect(() => parser.finish()).toThrow(ProviderStreamError);
    expect(() => createOpenAIResponsesStreamParser().push({ event: 'response.created', data: 'nope{' })).toThrow(MalformedResponseError);
  });
});
