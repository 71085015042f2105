import { describe, expect, it } from 'vitest';
import type { SseEventRecord } from '../../core/traffic';
import { assembleStream } from './assemble-stream';

/** Recorded events from `[event, data]` pairs. */
function events(...list: Array<[string | undefined, unknown]>): SseEventRecord[] {
  return list.map(([event, data], index) => {
    const record: SseEventRecord = { atMs: index * 5, data: typeof data === 'string' ? data : JSON.stringify(data) };
    if (event !== undefined) record.event = event;
    return record;
  });
}

const ANTHROPIC_TOOL_STREAM = events(
  [
    'message_start',
    { type: 'message_start', message: { id: 'msg_1', model: 'claude-x', content: [], usage: { input_tokens: 40, output_tokens: 1 } } },
  ],
  [
    'content_block_start',
    { type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: 'toolu_1', name: 'get_forecast', input: {} } },
  ],
  ['content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: '{"city": "Pa' } }],
  ['content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: 'ris"}' } }],
  ['content_block_stop', { type: 'content_block_stop', index: 0 }],
  ['message_delta', { type: 'message_delta', delta: { stop_reason: 'tool_use' }, usage: { output_tokens: 20 } }],
);

describe('assembleStream', () => {
  it('assembles a complete Anthropic stream into the reply', () => {
    const result = assembleStream('anthropic', [...ANTHROPIC_TOOL_STREAM, ...events(['message_stop', { type: 'message_stop' }])]);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.response.parts).toEqual([
      { type: 'tool-call', toolCallId: 'toolu_1', toolName: 'get_forecast', input: { city: 'Paris' } },
    ]);
    expect(result.response.rawStopReason).toBe('tool_use');
    expect(result.response.usage).toEqual({ inputTokens: 40, outputTokens: 20 });
  });

  it('reports a cut stream (no message_stop) with what had arrived', () => {
    const result = assembleStream('anthropic', ANTHROPIC_TOOL_STREAM);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.code).toBe('stream-cut');
    expect(result.reason).toContain('message_stop');
    expect(result.partial?.parts[0]).toMatchObject({ type: 'tool-call', toolName: 'get_forecast' });
  });

  it('reports an error event with the provider message', () => {
    const result = assembleStream(
      'anthropic',
      events(
        ['message_start', { type: 'message_start', message: { id: 'msg_1', content: [], usage: { input_tokens: 1 } } }],
        ['error', { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }],
      ),
    );
    expect(result).toMatchObject({ ok: false, code: 'provider-stream-error', reason: 'Overloaded' });
  });

  it('points at the event whose data is not JSON', () => {
    const result = assembleStream(
      'openai',
      events([undefined, { choices: [{ index: 0, delta: { content: 'Hi' }, finish_reason: null }] }], [undefined, 'oops{']),
    );
    expect(result).toMatchObject({ ok: false, code: 'malformed', eventIndex: 1 });
    if (result.ok) return;
    expect(result.reason).toMatch(/^Event #2 could not be read/);
  });

  it('assembles an OpenAI stream ending in [DONE], with stable ids for calls sent without one', () => {
    const stream = events(
      [
        undefined,
        {
          choices: [
            {
              index: 0,
              delta: { tool_calls: [{ index: 0, type: 'function', function: { name: 'get_forecast', arguments: '{"city":' } }] },
              finish_reason: null,
            },
          ],
        },
      ],
      [
        undefined,
        { choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: '"Oslo"}' } }] }, finish_reason: 'tool_calls' }] },
      ],
      [undefined, '[DONE]'],
    );
    const first = assembleStream('openai', stream);
    const second = assembleStream('openai', stream);
    expect(first.ok).toBe(true);
    if (!first.ok || !second.ok) return;
    expect(first.response.parts).toEqual([
      { type: 'tool-call', toolCallId: 'call_unnamed_1', toolName: 'get_forecast', input: { city: 'Oslo' } },
    ]);
    expect(second.response).toEqual(first.response);
    expect(first.response.stopReason).toBe('tool-calls');
  });
});
