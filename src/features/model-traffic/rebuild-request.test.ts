import { describe, expect, it } from 'vitest';
import type { NeutralRequest } from '../../core/conversation';
import { modelExchange } from '../../core/traffic/__fixtures__/exchanges';
import { otherProviders, rebuildRequest } from './rebuild-request';
import type { ModelRequestSource } from './rebuild-request';

const NEUTRAL: NeutralRequest = {
  model: 'claude-sonnet-4-5',
  system: 'Be brief.',
  maxTokens: 512,
  stream: true,
  tools: [
    {
      name: 'get_forecast',
      description: 'Forecast',
      inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    },
  ],
  messages: [
    { role: 'user', parts: [{ type: 'text', text: 'Paris?' }] },
    { role: 'assistant', parts: [{ type: 'tool-call', toolCallId: 'toolu_1', toolName: 'get_forecast', input: { city: 'Paris' } }] },
    {
      role: 'tool',
      parts: [
        {
          type: 'tool-result',
          toolCallId: 'toolu_1',
          toolName: 'get_forecast',
          result: { parts: [{ type: 'text', text: 'Sunny' }], isError: false },
        },
      ],
    },
  ],
};

const EXCHANGE = modelExchange({ id: 7, turn: 1, step: 2 });

/** A session that knows exactly one request. */
function sessionWith(turn: number, step: number, request: NeutralRequest): ModelRequestSource & { asked: Array<[number, number]> } {
  const asked: Array<[number, number]> = [];
  return {
    asked,
    requestFor(t, s) {
      asked.push([t, s]);
      return t === turn && s === step ? request : undefined;
    },
  };
}

describe('rebuildRequest', () => {
  it('rebuilds an Anthropic request in the OpenAI format, with the key redacted', () => {
    const session = sessionWith(1, 2, NEUTRAL);
    const rebuilt = rebuildRequest(EXCHANGE, otherProviders('anthropic')[0]!, session);
    expect(session.asked).toEqual([[1, 2]]);
    expect(rebuilt.ok).toBe(true);
    if (!rebuilt.ok) return;
    expect(rebuilt.label).toBe('OpenAI Chat Completions');
    expect(rebuilt.url).toBe('https://api.openai.com/v1/chat/completions');
    expect(rebuilt.headers['authorization']).toBe('Bearer [redacted]');
    expect(JSON.stringify(rebuilt)).not.toContain('REDACTED');
    const body = rebuilt.body as {
      tools: Array<{ function: { parameters: unknown } }>;
      messages: Array<{ role: string; tool_call_id?: string }>;
    };
    expect(body.tools[0]?.function.parameters).toEqual(NEUTRAL.tools[0]?.inputSchema);
    expect(body.messages.find((message) => message.role === 'tool')?.tool_call_id).toBe('toolu_1');
  });

  it('rebuilds the other way, with input_schema and a tool_result block', () => {
    const rebuilt = rebuildRequest(EXCHANGE, otherProviders('openai')[0]!, sessionWith(1, 2, NEUTRAL));
    expect(rebuilt.ok).toBe(true);
    if (!rebuilt.ok) return;
    expect(rebuilt.headers['x-api-key']).toBe('[redacted]');
    const body = rebuilt.body as { tools: Array<{ input_schema: unknown }>; messages: Array<{ content: unknown }> };
    expect(body.tools[0]?.input_schema).toEqual(NEUTRAL.tools[0]?.inputSchema);
    expect(JSON.stringify(body.messages[2]?.content)).toContain('"tool_result"');
  });

  it('offers every other format in registry order, and rebuilds in the Responses format too', () => {
    expect(otherProviders('anthropic')).toEqual(['openai', 'openai-responses']);
    expect(otherProviders('openai-responses')).toEqual(['anthropic', 'openai']);
    // The demo borrows the Anthropic or OpenAI wire: its requests can be shown in any real format, never in its own.
    expect(otherProviders('demo')).toEqual(['anthropic', 'openai', 'openai-responses']);
    const rebuilt = rebuildRequest(EXCHANGE, 'openai-responses', sessionWith(1, 2, NEUTRAL));
    expect(rebuilt).toMatchObject({ ok: true, label: 'OpenAI Responses', url: 'https://api.openai.com/v1/responses' });
    if (!rebuilt.ok) return;
    const body = rebuilt.body as { input: Array<{ type: string; call_id?: string }>; store: boolean };
    expect(body.store).toBe(false);
    expect(body.input.find((item) => item.type === 'function_call_output')?.call_id).toBe('toolu_1');
  });

  it('explains when the neutral request is unknown or the exchange has no turn', () => {
    const unknown = rebuildRequest({ ...EXCHANGE, step: 3 }, 'openai', sessionWith(1, 2, NEUTRAL));
    expect(unknown).toMatchObject({ ok: false, provider: 'openai' });
    if (!unknown.ok) expect(unknown.reason).toContain('cannot be rebuilt');
    expect(rebuildRequest(EXCHANGE, 'openai', undefined).ok).toBe(false);
    const noTurn = rebuildRequest({ ...EXCHANGE, turn: undefined }, 'openai', sessionWith(1, 2, NEUTRAL));
    expect(noTurn.ok).toBe(false);
  });
});
