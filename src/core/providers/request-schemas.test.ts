import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { PROVIDERS, type ProviderId } from './index';
import { REQUEST_SCHEMAS } from './request-schemas';

const request = {
  model: 'some-model',
  system: 'Be brief.',
  messages: [{ role: 'user' as const, parts: [{ type: 'text' as const, text: 'Weather in Paris?' }] }],
  tools: [
    { name: 'weather_get_forecast', description: 'Forecast', inputSchema: { type: 'object', properties: { city: { type: 'string' } } } },
  ],
  maxTokens: 100,
  stream: true,
};

describe('request body schemas (the fork editor’s)', () => {
  for (const [wire, schema] of Object.entries(REQUEST_SCHEMAS)) {
    it(`accepts the body Glassbox builds in the ${wire} format, and names a missing required field`, () => {
      const validate = new Ajv({ strict: false }).compile(schema);
      const built = PROVIDERS[wire as ProviderId].buildRequest(request, { baseUrl: '', apiKey: 'k' }).body as Record<string, unknown>;
      expect(validate(built), JSON.stringify(validate.errors)).toBe(true);
      const { model: _model, ...withoutModel } = built;
      expect(validate(withoutModel)).toBe(false);
      expect(JSON.stringify(validate.errors)).toContain('model');
    });
  }
});
