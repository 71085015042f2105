import { describe, expect, it } from 'vitest';
import { readSseFixture } from '../__fixtures__/read-fixture';
import { HELLO_DELTAS, HELLO_TEXT, feed, finishDone, finishError } from '../__fixtures__/stream-test-helpers';
import type { SseEvent } from '../sse-event';
import { MalformedResponseError, ProviderStreamError, StreamCutError } from '../provider-errors';
import { createAnthropicStreamParser } from './parse-anthropic-stream';

const fixtures = new URL('./__fixtures__/', import.meta.url);

const run = (events: SseEvent[]) => feed(createAnthropicStreamParser({ generateId: () => 'generated_1' }), events);

describe('AnthropicStreamParser', () => {
  it('turns text deltas and usage into events, then done with the assembled reply', () => {
    const { parser, emitted } = run(readSseFixture(fixtures, 'anthropic-text.sse'));
    expect(emitted.filter((event) => event.type !== 'done')).toEqual([
      { type: 'usage', usage: { inputTokens: 25, outputTokens: 1 } },
      ...HELLO_DELTAS,
      { type: 'usage', usage: { inputTokens: 25, outputTokens: 12 } },
    ]);
    expect(finishDone(parser, emitted)).toEqual({
      id: 'msg_01XFDUDYJgAACzvnptvVoYEL',
      model: 'claude-sonnet-4-5-20250929',
      parts: [{ type: 'text', text: HELLO_TEXT }],
      stopReason: 'end-turn',
      rawStopReason: 'end_turn',
      usage: { inputTokens: 25, outputTokens: 12 },
    });
    expect(parser.warnings).toEqual([]);
  });

  it('assembles parallel tool calls from input_json_delta fragments, and a call without arguments', () => {
    const { parser, emitted } = run(readSseFixture(fixtures, 'anthropic-tool-use.sse'));
    expect(emitted.filter((event) => event.type.startsWith('tool-call'))).toEqual([
      { type: 'tool-call-start', toolCallId: 'toolu_01T1x1fJ34qAmk2tNTrN7Up6', toolName: 'weather_get_forecast', index: 0 },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '{"city": "Pa' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: 'ris", "days": 2}' },
      { type: 'tool-call-start', toolCallId: 'toolu_01CtyM3e5T2bY6v8qAqL9wXz', toolName: 'weather_get_forecast', index: 1 },
      { type: 'tool-call-delta', index: 1, argumentsDelta: '{"city": "Oslo",' },
      { type: 'tool-call-delta', index: 1, argumentsDelta: ' "days": 1}' },
      { type: 'tool-call-start', toolCallId: 'toolu_01NoArgs7cQ2Jk5TmKdGh3Rr', toolName: 'clock_now', index: 2 },
    ]);
    const response = parser.finish();
    expect(response.parts).toEqual([
      { type: 'text', text: 'Checking both cities.' },
      {
        type: 'tool-call',
        toolCallId: 'toolu_01T1x1fJ34qAmk2tNTrN7Up6',
        toolName: 'weather_get_forecast',
        input: { city: 'Paris', days: 2 },
      },
      {
        type: 'tool-call',
        toolCallId: 'toolu_01CtyM3e5T2bY6v8qAqL9wXz',
        toolName: 'weather_get_forecast',
        input: { city: 'Oslo', days: 1 },
      },
      { type: 'tool-call', toolCallId: 'toolu_01NoArgs7cQ2Jk5TmKdGh3Rr', toolName: 'clock_now', input: {} },
    ]);
    expect(response.stopReason).toBe('tool-calls');
    expect(response.usage).toEqual({ inputTokens: 472, outputTokens: 89 });
  });

  it('emits an error event and throws ProviderStreamError from finish, keeping what arrived', () => {
    const { parser, emitted } = run(readSseFixture(fixtures, 'anthropic-error.sse'));
    expect(emitted.at(-1)).toEqual({ type: 'error', message: 'Overloaded', errorType: 'overloaded_error' });
    const streamError = finishError(parser);
    expect(streamError).toBeInstanceOf(ProviderStreamError);
    expect(streamError).toMatchObject({ code: 'provider-stream-error', errorType: 'overloaded_error', message: 'Overloaded' });
    expect((streamError as ProviderStreamError).partial.parts).toEqual([{ type: 'text', text: 'Let me' }]);
  });

  it('throws StreamCutError from finish when message_stop never came', () => {
    const events = readSseFixture(fixtures, 'anthropic-cut.sse');
    // The last event is incomplete (no blank line after it), so the splitter never delivers it.
    expect(events.map((event) => event.event)).toEqual(['message_start', 'content_block_start', 'content_block_delta']);
    const caught = finishError(run(events).parser);
    expect(caught).toBeInstanceOf(StreamCutError);
    const cut = caught as StreamCutError;
    expect(cut.code).toBe('stream-cut');
    expect(cut.partial.parts).toEqual([
      {
        type: 'tool-call',
        toolCallId: 'toolu_01CutCall5Gh8Jk2Lm4Np6Qr',
        toolName: 'weather_get_forecast',
        input: undefined,
        rawArguments: '{"city": "Li',
      },
    ]);
  });

  it('keeps unparseable tool input as rawArguments with a warning', () => {
    const { parser } = run([
      { event: 'message_start', data: '{"type":"message_start","message":{"id":"msg_1","model":"m","usage":{"input_tokens":1}}}' },
      { data: '{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"toolu_1","name":"f","input":{}}}' },
      { data: '{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"[1,2]"}}' },
      { data: '{"type":"message_delta","delta":{"stop_reason":"tool_use"},"usage":{"output_tokens":3}}' },
      { data: '{"type":"message_stop"}' },
    ]);
    expect(parser.finish().parts).toEqual([
      { type: 'tool-call', toolCallId: 'toolu_1', toolName: 'f', input: undefined, rawArguments: '[1,2]' },
    ]);
    expect(parser.warnings).toEqual([
      { type: 'other', message: 'The arguments of tool call toolu_1 (f) are JSON an array, not an object.', subject: 'toolu_1' },
    ]);
  });

  it('skips thinking blocks with one warning, ignores unknown events once, and ignores events after message_stop', () => {
    const { parser, emitted } = run([
      { data: '{"type":"message_start","message":{"id":"msg_2","model":"m","usage":{"input_tokens":1,"output_tokens":0}}}' },
      { data: '{"type":"content_block_start","index":0,"content_block":{"type":"thinking","thinking":""}}' },
      { data: '{"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta","thinking":"hmm"}}' },
      { data: '{"type":"content_block_start","index":1,"content_block":{"type":"text","text":"Hi"}}' },
      { data: '{"type":"future_event"}' },
      { data: '{"type":"future_event"}' },
      { data: '{"type":"message_delta","delta":{"stop_reason":"model_context_window_exceeded"},"usage":{"output_tokens":2}}' },
      { data: '{"type":"message_stop"}' },
      { data: '{"type":"content_block_delta","index":1,"delta":{"type":"text_delta","text":" late"}}' },
    ]);
    expect(emitted.filter((event) => event.type === 'text-delta')).toEqual([{ type: 'text-delta', text: 'Hi' }]);
    const response = parser.finish();
    expect(response.parts).toEqual([{ type: 'text', text: 'Hi' }]);
    expect(response.stopReason).toBe('context-window');
    expect(parser.warnings.map((warning) => warning.message)).toEqual([
      'Skipped a "thinking" content block: Glassbox does not keep this kind.',
      'Ignored an unknown stream event "future_event".',
    ]);
  });

  it('throws MalformedResponseError on data that is not JSON', () => {
    const parser = createAnthropicStreamParser();
    expect(() => parser.push({ data: '<html>' })).toThrow(MalformedResponseError);
  });
});
