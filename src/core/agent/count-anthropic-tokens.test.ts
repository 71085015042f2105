import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countTokensFor, start, type ModelServerHandle } from '../../../e2e/servers/model-server.mjs';
import type { NeutralToolDefinition } from '../conversation';
import { countAnthropicTools, countInputTokens, TokenCountError } from './count-anthropic-tokens';

const forecast: NeutralToolDefinition = {
  name: 'weather_get_forecast',
  description: 'The forecast for a city.',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};
const alerts: NeutralToolDefinition = {
  name: 'weather_get_alerts',
  description: 'Weather alerts.',
  inputSchema: { type: 'object', properties: {} },
};

let server: ModelServerHandle;
beforeAll(async () => {
  server = await start({ port: 0 });
});
afterAll(() => server.close());

describe('counting tool definitions with Anthropic count_tokens', () => {
  it('counts a baseline, each tool alone and the offered tools together, one request each with the Messages headers', async () => {
    server.reset();
    const counts = await countAnthropicTools([forecast, alerts], [forecast], {
      fetch,
      model: 'claude-test',
      baseUrl: server.url,
      apiKey: 'sk-ant-count',
    });
    const requests = server.requests();
    expect(requests.map((request) => request.path)).toEqual(Array(4).fill('/v1/messages/count_tokens'));
    for (const request of requests) {
      expect(request.status).toBe(200);
      expect(request.headers['x-api-key']).toBe('sk-ant-count');
      expect(request.headers['anthropic-version']).toBe('2023-06-01');
    }
    const [baseline, alone1, alone2, together] = requests.map((request) => request.body as Record<string, unknown>);
    expect(baseline).toEqual({ model: 'claude-test', messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }] });
    expect((alone1!['tools'] as Array<{ name: string }>).map((tool) => tool.name)).toEqual(['weather_get_forecast']);
    expect((alone2!['tools'] as Array<{ name: string }>).map((tool) => tool.name)).toEqual(['weather_get_alerts']);
    expect((together!['tools'] as Array<{ name: string }>).map((tool) => tool.name)).toEqual(['weather_get_forecast']);
    // The figures are what the server answered, less the baseline.
    expect(counts.baseline).toBe(countTokensFor(baseline));
    expect(counts.perTool).toEqual({
      weather_get_forecast: countTokensFor(alone1) - countTokensFor(baseline),
      weather_get_alerts: countTokensFor(alone2) - countTokensFor(baseline),
    });
    expect(counts.together).toBe(countTokensFor(together) - countTokensFor(baseline));
    expect(counts.perTool['weather_get_forecast']).toBeGreaterThan(0);
  });

  it('fails with a coded error carrying the endpoint’s message (a bad key)', async () => {
    const failure = countInputTokens([forecast], { fetch, model: 'claude-test', baseUrl: server.url, apiKey: 'bad-key' });
    await expect(failure).rejects.toBeInstanceOf(TokenCountError);
    await expect(failure).rejects.toMatchObject({ code: 'http', message: expect.stringContaining('401: invalid x-api-key') });
  });
});
