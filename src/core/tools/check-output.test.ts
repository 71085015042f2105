import { describe, expect, it } from 'vitest';
import { start as startLab } from '../../../e2e/servers/lab.mjs';
import { useServer } from '../../../e2e/servers/test-kit';
import { ServerConnection } from '../mcp';
import { SecretRegistry, TrafficLog } from '../traffic';
import { checkOutput } from './check-output';

const { server: lab } = useServer(startLab as never);

const SCHEMA = {
  type: 'object',
  properties: { temperature: { type: 'number' }, conditions: { type: 'string' } },
  required: ['temperature', 'conditions'],
};

describe('checkOutput', () => {
  it('says whether structuredContent matches the outputSchema, and what is wrong when not', () => {
    expect(checkOutput(SCHEMA, { content: [], structuredContent: { temperature: 21, conditions: 'sunny' } })).toEqual({ status: 'valid' });
    const invalid = checkOutput(SCHEMA, { content: [], structuredContent: { temperature: 'warm' } });
    expect(invalid?.status).toBe('invalid');
    expect(invalid?.status === 'invalid' && invalid.summary).toMatch(/"temperature" must be a number/);
    expect(invalid?.status === 'invalid' && invalid.summary).toMatch(/conditions/);
  });

  it('judges real results from a server: one that keeps its schema, one that breaks it', async () => {
    const url = (lab() as unknown as { endpoints: Record<string, string> }).endpoints['schemas'] ?? '';
    const connection = new ServerConnection({
      name: 'schemas',
      url,
      headers: {},
      log: new TrafficLog(),
      secrets: new SecretRegistry(),
      fetch,
    });
    try {
      await connection.connect();
      const [ok, wrong] = connection.getState().tools;
      expect(checkOutput(ok?.outputSchema, await connection.callTool('forecast_ok', {}))).toEqual({ status: 'valid' });
      expect(checkOutput(wrong?.outputSchema, await connection.callTool('forecast_wrong', {}))).toMatchObject({
        status: 'invalid',
        summary: '"conditions" is required; "temperature" must be a number (got string)',
      });
    } finally {
      await connection.disconnect();
    }
  });

  it('flags a missing structuredContent; has nothing to say without a schema or for a tool error', () => {
    expect(checkOutput(SCHEMA, { content: [{ type: 'text', text: '21' }] })).toEqual({ status: 'missing' });
    expect(checkOutput(undefined, { content: [], structuredContent: { x: 1 } })).toBeUndefined();
    expect(checkOutput(SCHEMA, { isError: true, content: [] })).toBeUndefined();
    expect(checkOutput({ $ref: 'https://example.com/elsewhere.json' }, { content: [], structuredContent: {} })?.status).toBe('unchecked');
  });
});
