import { describe, expect, it } from 'vitest';
import { countOpenAIDefinition } from './openai-counter';

describe('OpenAI-style counting of a tool definition', () => {
  it('counts more tokens for a longer description, and counts the schema', () => {
    const schema = { type: 'object', properties: { city: { type: 'string', description: 'The city' } }, required: ['city'] };
    const short = countOpenAIDefinition({ name: 'forecast', description: 'Forecast.', inputSchema: schema });
    const long = countOpenAIDefinition({
      name: 'forecast',
      description: 'Forecast for a city, day by day, with highs and lows.',
      inputSchema: schema,
    });
    const bare = countOpenAIDefinition({ name: 'forecast', description: 'Forecast.', inputSchema: { type: 'object', properties: {} } });
    expect(short).toBeGreaterThan(0);
    expect(long).toBeGreaterThan(short);
    expect(short).toBeGreaterThan(bare);
  });
});
