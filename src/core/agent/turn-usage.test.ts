import { describe, expect, it } from 'vitest';
import type { HttpExchange } from '../traffic';
import { shareRequestBody } from '../traffic/shared-body';
import { costOf, toTokenCounts, totalUsage, usageByTurn } from './turn-usage';

function exchange(patch: Partial<HttpExchange>): HttpExchange {
  return {
    id: 1,
    wire: 'model',
    source: 'anthropic',
    method: 'POST',
    url: 'http://m/v1/messages',
    startedAt: 0,
    state: 'done',
    requestHeaders: {},
    ...patch,
  };
}

describe('cost of reported tokens', () => {
  it('prices each kind of token per million, and names the kinds used without a price', () => {
    const counts = { input: 2_000_000, output: 500_000, cacheRead: 1_000_000, cacheWrite: 0 };
    expect(costOf(counts, { input: 3, output: 15, cacheRead: 0.3 })).toEqual({ amount: 6 + 7.5 + 0.3, missing: [] });
    // No cache-write tokens: a missing cache-write price does not matter; a missing output price does.
    expect(costOf(counts, { input: 3, cacheRead: 0.3 })).toEqual({ amount: 6.3, missing: ['output'] });
    expect(costOf(counts, undefined)).toEqual({ amount: 0, missing: ['input', 'output', 'cacheRead'] });
  });

  it('takes cached tokens out of an OpenAI input figure, and leaves Anthropic input as reported', () => {
    expect(toTokenCounts({ input: 1000, output: 10, cacheRead: 400, cacheReadInInput: true })).toEqual({
      input: 600,
      output: 10,
      cacheRead: 400,
      cacheWrite: 0,
    });
    expect(toTokenCounts({ input: 1000, output: 10, cacheRead: 400, cacheWrite: 50 })).toEqual({
      input: 1000,
      output: 10,
      cacheRead: 400,
      cacheWrite: 50,
    });
  });
});

describe('usage by turn', () => {
  const anthropicReply = (input: number, output: number, cacheRead = 0) =>
    JSON.stringify({
      type: 'message',
      content: [{ type: 'text', text: 'ok' }],
      stop_reason: 'end_turn',
      usage: { input_tokens: input, output_tokens: output, cache_read_input_tokens: cacheRead },
    });
  const body = (model: string) => JSON.stringify({ model, messages: [] });

  it('sums the usage the responses reported per turn, JSON and stream, priced by the model each request named', () => {
    const openAIStream = [
      { atMs: 1, data: JSON.stringify({ choices: [{ index: 0, delta: { content: 'hi' } }] }) },
      {
        atMs: 2,
        data: JSON.stringify({
          choices: [],
          usage: { prompt_tokens: 300, completion_tokens: 20, prompt_tokens_details: { cached_tokens: 100 } },
        }),
      },
      { atMs: 3, data: '[DONE]' },
    ];
    const exchanges: HttpExchange[] = [
      exchange({ id: 1, turn: 1, step: 1, requestBody: body('claude'), responseBody: anthropicReply(1000, 100, 500) }),
      exchange({ id: 2, turn: 1, step: 2, requestBody: body('claude'), responseBody: anthropicReply(2000, 50) }),
      exchange({ id: 3, turn: 2, step: 1, source: 'openai', requestBody: body('gpt'), sseEvents: openAIStream }),
      // Not part of a turn: a fork, a token count, an MCP exchange.
      exchange({ id: 4, turn: 1, forkOf: 1, requestBody: body('claude'), responseBody: anthropicReply(9, 9) }),
      exchange({ id: 5, requestBody: body('claude'), responseBody: '{"input_tokens":12}' }),
      exchange({ id: 6, wire: 'mcp', turn: 1, source: 'weather' }),
      exchange({ id: 7, turn: 2, step: 2, source: 'openai', requestBody: body('gpt'), state: 'failed', status: 500 }),
    ];
    const turns = usageByTurn(exchanges, { claude: { input: 1, output: 10, cacheRead: 0.1 } });
    expect(turns).toHaveLength(2);
    expect(turns[0]).toMatchObject({
      turn: 1,
      requests: 2,
      unreported: 0,
      models: ['claude'],
      tokens: { input: 3000, output: 150, cacheRead: 500, cacheWrite: 0 },
    });
    expect(turns[0]!.cost.amount).toBeCloseTo((3000 * 1 + 150 * 10 + 500 * 0.1) / 1e6, 12);
    expect(turns[0]!.cost.missing).toEqual([]);
    expect(turns[1]).toMatchObject({
      turn: 2,
      requests: 2,
      unreported: 1,
      models: ['gpt'],
      tokens: { input: 200, output: 20, cacheRead: 100, cacheWrite: 0 },
    });
    expect(turns[1]!.cost).toEqual({ amount: 0, missing: ['input', 'output', 'cacheRead'] });
    const total = totalUsage(turns);
    expect(total.tokens).toEqual({ input: 3200, output: 170, cacheRead: 600, cacheWrite: 0 });
    expect(total.cost.missing).toEqual(['input', 'output', 'cacheRead']);
  });

  it('names the model of a request kept in shared parts (read from its outline)', () => {
    const requestBodyParts = shareRequestBody('{"model":"claude-long","messages":[{"role":"user","content":"hi"}]}', 'messages', 1)!;
    const turns = usageByTurn(
      [exchange({ turn: 1, step: 1, requestBodyParts, responseBody: '{"usage":{"input_tokens":5,"output_tokens":1}}' })],
      {},
    );
    expect(turns[0]?.models).toEqual(['claude-long']);
  });
});
