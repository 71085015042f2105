import { describe, expect, it } from 'vitest';
import { checkOutput } from './check-output';

const SCHEMA = { type: 'object', properties: { temperature: { type: 'number' }, conditions: { type: 'string' } }, required: ['temperature', 'conditions'] };

describe('checkOutput', () => {
  it('says whether structuredContent matches the outputSchema, and what is wrong when not', () => {
    expect(checkOutput(SCHEMA, { content: [], structuredContent: { temperature: 21, conditions: 'sunny' } })).toEqual({ status: 'valid' });
    const invalid = checkOutput(SCHEMA, { content: [], structuredContent: { temperature: 'warm' } });
    expect(invalid?.status).toBe('invalid');
    expect(invalid?.status === 'invalid' && invalid.summary).toMatch(/"temperature" must be a number/);
    expect(invalid?.status === 'invalid' && invalid.summary).toMatch(/conditions/);
  });

  it('flags a missing structuredContent; has nothing to say without a schema or for a tool error', () => {
    expect(checkOutput(SCHEMA, { content: [{ type: 'text', text: '21' }] })).toEqual({ status: 'missing' });
    expect(checkOutput(undefined, { content: [], structuredContent: { x: 1 } })).toBeUndefined();
    expect(checkOutput(SCHEMA, { isError: true, content: [] })).toBeUndefined();
    expect(checkOutput({ $ref: 'https://example.com/elsewhere.json' }, { content: [], structuredContent: {} })?.status).toBe('unchecked');
  });
});
