import { describe, expect, it } from 'vitest';
import { toolCallsCompletion } from '../../core/providers/openai/__fixtures__/openai-replies';
import { modelExchange } from '../../core/traffic/__fixtures__/exchanges';
import type { HttpExchange, SseEventRecord } from '../../core/traffic';
import { askedLabel, detectProvider, modeLabel, requestLabel, summarizeRequest, summarizeResponse, usageLabel } from './summarize-exchange';

/** A model exchange with sensible defaults. */
function exchange(patch: Partial<HttpExchange>): HttpExchange {
  return modelExchange({
    startedAt: 1_700_000_000_000,
    requestHeaders: { 'x-api-key': '[redacted]', 'content-type': 'application/json' },
    ...patch,
  });
}

/** SSE records with increasing times. */
function events(...list: Array<[string | undefined, unknown]>): SseEventRecord[] {
  return list.map(([event, data], index) => {
    const record: SseEventRecord = { atMs: index * 10, data: typeof data === 'string' ? data : JSON.stringify(data) };
    if (event !== undefined) record.event = event;
    return record;
  });
}

const ANTHROPIC_REQUEST = JSON.stringify({
  model: 'claude-sonnet-4-5-20250929',
  max_tokens: 1024,
  stream: true,
  system: 'You are a weather assistant.',
  tools: [
    { name: 'get_forecast', description: 'Forecast', input_schema: { type: 'object' } },
    { name: 'get_alerts', description: 'Alerts', input_schema: { type: 'object' } },
  ],
  messages: [
    { role: 'user', content: 'Weather in Paris and Oslo?' },
    { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'get_forecast', input: { city: 'Paris' } }] },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'Sunny' }] },
  ],
});

const OPENAI_REQUEST = JSON.stringify({
  model: 'gpt-4.1',
  stream: false,
  max_tokens: 1024,
  tools: [{ type: 'function', function: { name: 'get_forecast', parameters: { type: 'object' } } }],
  messages: [
    { role: 'system', content: 'You are a weather assistant.' },
    { role: 'user', content: 'Weather in Paris?' },
  ],
});

describe('summarizeRequest', () => {
  it('reads path, model, tool and message counts from an Anthropic body', () => {
    const summary = summarizeRequest(exchange({ requestBody: ANTHROPIC_REQUEST }));
    expect(summary).toEqual({
      method: 'POST',
      path: '/v1/messages',
      model: 'claude-sonnet-4-5-20250929',
      toolCount: 2,
      messageCount: 3,
      stream: true,
    });
    expect(requestLabel(summary)).toBe('POST /v1/messages · claude-sonnet-4-5-20250929 · tools: 2 · msgs: 3');
  });

  it('reads an OpenAI body (the system message counts as a message)', () => {
    const summary = summarizeRequest(
      exchange({ source: 'openai', url: 'https://api.openai.com/v1/chat/completions', requestBody: OPENAI_REQUEST }),
    );
    expect(requestLabel(summary)).toBe('POST /v1/chat/completions · gpt-4.1 · tools: 1 · msgs: 2');
    expect(summary.stream).toBe(false);
  });

  it('shortens a long model name in the label', () => {
    const label = requestLabel(
      summarizeRequest(exchange({ requestBody: JSON.stringify({ model: 'a-very-long-model-name-that-goes-on-and-on', messages: [] }) })),
    );
    expect(label).toBe('POST /v1/messages · a-very-long-model-name-that… · msgs: 0');
  });

  it('says what is wrong with a body that is missing or not JSON, without throwing', () => {
    expect(summarizeRequest(exchange({ requestBody: 'not json{' })).bodyProblem).toBe('the body is not a JSON object');
    expect(summarizeRequest(exchange({ requestBody: '[1,2]' })).bodyProblem).toBe('the body is not a JSON object');
    expect(summarizeRequest(exchange({ requestBodyNote: 'Streamed body, not recorded.' })).bodyProblem).toBe(
      'Streamed body, not recorded.',
    );
    // Wrong types are ignored, not trusted.
    expect(summarizeRequest(exchange({ requestBody: JSON.stringify({ model: 42, tools: 'x', messages: {} }) }))).toEqual({
      method: 'POST',
      path: '/v1/messages',
    });
  });
});

describe('summarizeResponse: Anthropic', () => {
  const stream = events(
    [
      'message_start',
      { type: 'message_start', message: { id: 'msg_1', model: 'claude', content: [], usage: { input_tokens: 472, output_tokens: 2 } } },
    ],
    ['content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }],
    ['ping', { type: 'ping' }],
    ['content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Checking.' } }],
    ['content_block_stop', { type: 'content_block_stop', index: 0 }],
    [
      'content_block_start',
      { type: 'content_block_start', index: 1, content_block: { type: 'tool_use', id: 'toolu_1', name: 'get_forecast', input: {} } },
    ],
    [
      'content_block_delta',
      { type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: '{"city":"Paris"}' } },
    ],
    ['content_block_stop', { type: 'content_block_stop', index: 1 }],
    [
      'content_block_start',
      { type: 'content_block_start', index: 2, content_block: { type: 'tool_use', id: 'toolu_2', name: 'get_forecast', input: {} } },
    ],
    ['content_block_stop', { type: 'content_block_stop', index: 2 }],
    ['message_delta', { type: 'message_delta', delta: { stop_reason: 'tool_use' }, usage: { output_tokens: 89 } }],
    ['message_stop', { type: 'message_stop' }],
  );

  it('summarises a streamed reply: stop reason, usage, tool calls, event count', () => {
    const summary = summarizeResponse(
      exchange({ status: 200, durationMs: 1234, responseContentType: 'text/event-stream', sseEvents: stream }),
    );
    expect(summary).toMatchObject({
      statusLabel: '200',
      failed: false,
      pending: false,
      mode: 'stream',
      eventCount: 12,
      stopReason: 'tool_use',
      usage: { input: 472, output: 89 },
      toolCalls: [{ name: 'get_forecast', count: 2 }],
      hasText: true,
      durationMs: 1234,
    });
    expect(modeLabel(summary)).toBe('stream: 12 events');
    expect(usageLabel(summary.usage)).toBe('472 in / 89 out');
    expect(askedLabel(summary, 'anthropic')).toBe('→ text + tool_use get_forecast ×2');
  });

  it('summarises a JSON reply that only has text', () => {
    const summary = summarizeResponse(
      exchange({
        status: 200,
        responseContentType: 'application/json',
        responseBody: JSON.stringify({
          id: 'msg_2',
          type: 'message',
          content: [{ type: 'text', text: 'It is sunny.' }],
          stop_reason: 'end_turn',
          usage: { input_tokens: 1500, output_tokens: 12 },
        }),
      }),
    );
    expect(summary).toMatchObject({
      mode: 'json',
      eventCount: 0,
      stopReason: 'end_turn',
      usage: { input: 1500, output: 12 },
      toolCalls: [],
      hasText: true,
    });
    expect(askedLabel(summary, 'anthropic')).toBe('→ text');
    expect(usageLabel(summary.usage)).toBe('1,500 in / 12 out');
    expect(modeLabel(summary)).toBe('json');
  });

  it('marks a 529 as failed and keeps the error message', () => {
    const summary = summarizeResponse(
      exchange({
        status: 529,
        state: 'done',
        responseBody: JSON.stringify({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }),
      }),
    );
    expect(summary).toMatchObject({ statusLabel: '529', failed: true, errorMessage: 'Overloaded', toolCalls: [], hasText: false });
    expect(askedLabel(summary, 'anthropic')).toBe('');
  });

  it('reads an error event in the middle of a stream', () => {
    const summary = summarizeResponse(
      exchange({
        status: 200,
        sseEvents: events(
          ['message_start', { type: 'message_start', message: { content: [], usage: { input_tokens: 10 } } }],
          ['error', { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded mid-stream' } }],
        ),
      }),
    );
    expect(summary.errorMessage).toBe('Overloaded mid-stream');
    expect(usageLabel(summary.usage)).toBe('10 in / ? out');
  });

  it('survives events whose data is not JSON, and a stream still arriving', () => {
    const summary = summarizeResponse(
      exchange({ status: 200, state: 'streaming', sseEvents: events(['message_start', 'garbage{'], [undefined, '']) }),
    );
    expect(summary).toMatchObject({
      pending: true,
      failed: false,
      mode: 'stream',
      eventCount: 2,
      toolCalls: [],
      hasText: false,
      usage: {},
    });
    expect(summary.stopReason).toBeUndefined();
  });
});

describe('summarizeResponse: OpenAI', () => {
  const openai = (patch: Partial<HttpExchange>) =>
    exchange({ source: 'openai', url: 'https://api.openai.com/v1/chat/completions', ...patch });

  it('joins streamed tool call fragments by index and reads the usage chunk', () => {
    const chunk = (delta: unknown, finish: string | null = null, usage: unknown = null) =>
      [
        undefined,
        {
          id: 'c1',
          object: 'chat.completion.chunk',
          choices: delta === undefined ? [] : [{ index: 0, delta, finish_reason: finish }],
          usage,
        },
      ] as [undefined, unknown];
    const summary = summarizeResponse(
      openai({
        status: 200,
        responseContentType: 'text/event-stream',
        sseEvents: events(
          chunk({
            role: 'assistant',
            content: null,
            tool_calls: [{ index: 0, id: 'call_a', type: 'function', function: { name: 'get_forecast', arguments: '' } }],
          }),
          chunk({ tool_calls: [{ index: 0, function: { arguments: '{"city":"Paris"}' } }] }),
          chunk({ tool_calls: [{ index: 1, id: 'call_b', type: 'function', function: { name: 'get_forecast', arguments: '' } }] }),
          chunk({ tool_calls: [{ index: 1, function: { arguments: '{"city":"Oslo"}' } }] }),
          chunk({ tool_calls: [{ index: 2, id: 'call_c', type: 'function', function: { arguments: '' } }] }),
          chunk({ tool_calls: [{ index: 2, function: { name: 'get_alerts' } }] }),
          chunk({}, 'tool_calls'),
          chunk(undefined, null, { prompt_tokens: 210, completion_tokens: 48, total_tokens: 258 }),
          [undefined, '[DONE]'],
        ),
      }),
    );
    expect(summary).toMatchObject({
      mode: 'stream',
      eventCount: 9,
      stopReason: 'tool_calls',
      usage: { input: 210, output: 48 },
      toolCalls: [
        { name: 'get_forecast', count: 2 },
        { name: 'get_alerts', count: 1 },
      ],
      hasText: false,
    });
    expect(askedLabel(summary, 'openai')).toBe('→ tool_calls get_forecast ×2, get_alerts');
  });

  it('reads a JSON reply with tool_calls', () => {
    const summary = summarizeResponse(
      openai({
        status: 200,
        responseBody: JSON.stringify(
          toolCallsCompletion(
            [
              { id: 'call_a', name: 'get_forecast', arguments: '{}' },
              { id: 'call_b', name: 'get_forecast', arguments: '{}' },
            ],
            { usage: { prompt_tokens: 210, completion_tokens: 48 } },
          ),
        ),
      }),
    );
    expect(summary).toMatchObject({
      stopReason: 'tool_calls',
      usage: { input: 210, output: 48 },
      toolCalls: [{ name: 'get_forecast', count: 2 }],
      hasText: false,
    });
  });

  it('reads text from a streamed reply and an error body from a 401', () => {
    const text = summarizeResponse(
      openai({
        status: 200,
        sseEvents: events([undefined, { choices: [{ index: 0, delta: { content: 'Hi' }, finish_reason: 'stop' }] }], [undefined, '[DONE]']),
      }),
    );
    expect(text).toMatchObject({ hasText: true, stopReason: 'stop' });
    expect(askedLabel(text, 'openai')).toBe('→ text');

    const denied = summarizeResponse(
      openai({
        status: 401,
        responseBody: JSON.stringify({ error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } }),
      }),
    );
    expect(denied).toMatchObject({ failed: true, statusLabel: '401', errorMessage: 'Incorrect API key provided' });
  });

  it('reports a network error (no status) as failed with its message', () => {
    const summary = summarizeResponse(openai({ state: 'failed', error: 'TypeError: Failed to fetch' }));
    expect(summary).toMatchObject({ statusLabel: 'failed', failed: true, mode: 'none', errorMessage: 'TypeError: Failed to fetch' });
    expect(modeLabel(summary)).toBe('');
    expect(usageLabel(summary.usage)).toBe('');
  });
});

describe('summarizeResponse on a stream that is still arriving', () => {
  it('reads events pushed onto the same array as they come, giving what a fresh read gives', () => {
    const all = events(
      ['message_start', { type: 'message_start', message: { content: [], usage: { input_tokens: 5 } } }],
      [
        'content_block_start',
        { type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: 't1', name: 'a', input: {} } },
      ],
      [
        'content_block_start',
        { type: 'content_block_start', index: 1, content_block: { type: 'tool_use', id: 't2', name: 'a', input: {} } },
      ],
      ['message_delta', { type: 'message_delta', delta: { stop_reason: 'tool_use' }, usage: { output_tokens: 7 } }],
    );
    const live: SseEventRecord[] = [];
    const seen: string[] = [];
    for (const record of all) {
      live.push(record);
      const summary = summarizeResponse(exchange({ status: 200, state: 'streaming', sseEvents: live }));
      seen.push(`${summary.eventCount}:${askedLabel(summary, 'anthropic')}:${summary.stopReason ?? ''}:${usageLabel(summary.usage)}`);
    }
    expect(seen).toEqual([
      '1:::5 in / ? out',
      '2:→ tool_use a::5 in / ? out',
      '3:→ tool_use a ×2::5 in / ? out',
      '4:→ tool_use a ×2:tool_use:5 in / 7 out',
    ]);
    // Reading again adds nothing twice.
    const again = summarizeResponse(exchange({ status: 200, sseEvents: live }));
    expect(again.toolCalls).toEqual([{ name: 'a', count: 2 }]);
    expect(summarizeResponse(exchange({ status: 200, sseEvents: [...live] }))).toEqual(again);
  });
});

describe('detectProvider', () => {
  it('uses the source, then the URL, then the anthropic-version header', () => {
    expect(detectProvider(exchange({ source: 'openai' }))).toBe('openai');
    expect(detectProvider(exchange({ source: 'custom', url: 'http://localhost:11434/v1/chat/completions' }))).toBe('openai');
    expect(detectProvider(exchange({ source: 'custom', url: 'https://proxy.example/v1/messages' }))).toBe('anthropic');
    expect(
      detectProvider(exchange({ source: 'custom', url: 'https://proxy.example/x', requestHeaders: { 'anthropic-version': '2023-06-01' } })),
    ).toBe('anthropic');
    expect(detectProvider(exchange({ source: 'openai-responses' }))).toBe('openai-responses');
    expect(detectProvider(exchange({ source: 'custom', url: 'http://localhost:11434/v1/responses?x=1' }))).toBe('openai-responses');
    expect(detectProvider(exchange({ source: 'custom', url: 'https://proxy.example/x' }))).toBeUndefined();
    expect(detectProvider(exchange({ source: 'custom', url: 'https://proxy.example/x', requestHeaders: {} }))).toBeUndefined();
  });
});
