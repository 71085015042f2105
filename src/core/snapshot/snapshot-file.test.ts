import { describe, expect, it } from 'vitest';
import { parseSnapshot, SnapshotFileError, writeSnapshot } from '.';
import { SNAPSHOT_FORMAT, type McpSnapshot } from '.';
import { isFreeOfSecrets, snapshotOfState } from '.';
import { SecretRegistry } from '../traffic';
import type { ServerState } from '../mcp';

const state: ServerState = {
  name: 'weather',
  url: 'https://api.example.com/mcp?api_key=sk-live-123456789',
  status: 'connected',
  era: 'modern',
  protocolVersion: '2026-07-28',
  serverInfo: { name: 'weather', version: '1.4.0' },
  capabilities: { tools: { listChanged: true } },
  instructions: 'Use get_forecast.',
  tools: [
    {
      name: 'get_forecast',
      description: 'Forecast. Your key is Bearer tok-abcdef-999 (echoed by a careless server).',
      inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      problems: ['a client note'],
    },
  ],
  resources: [{ uri: 'file:///a.txt', name: 'a' }],
  warnings: [],
  updatedAt: 0,
  timeoutMs: 1000,
};

function taken(): McpSnapshot {
  const secrets = new SecretRegistry();
  secrets.add('Bearer tok-abcdef-999');
  return snapshotOfState(state, { secrets, now: () => new Date('2026-12-07T10:00:00Z') });
}

describe('snapshotOfState', () => {
  it('copies what the server listed, drops client notes, and keeps no secret (URL credential, echoed header value)', () => {
    const snapshot = taken();
    expect(snapshot).toMatchObject({
      format: SNAPSHOT_FORMAT,
      takenAt: '2026-12-07T10:00:00.000Z',
      server: { name: 'weather', version: '1.4.0' },
      era: 'modern',
      protocolVersion: '2026-07-28',
      instructions: 'Use get_forecast.',
      resources: [{ uri: 'file:///a.txt', name: 'a' }],
      resourceTemplates: [],
      prompts: [],
    });
    expect(snapshot.tools[0]).not.toHaveProperty('problems');
    const text = writeSnapshot(snapshot);
    expect(text).not.toContain('sk-live-123456789');
    expect(text).not.toContain('tok-abcdef-999');
    expect(snapshot.source).toBe('https://api.example.com/mcp?api_key=[redacted]');
    expect(isFreeOfSecrets(snapshot, ['sk-live-123456789', 'tok-abcdef-999'])).toBe(true);
    expect(isFreeOfSecrets(snapshotOfState(state), ['tok-abcdef-999'])).toBe(false);
  });

  it('refuses a server that is not connected', () => {
    expect(() => snapshotOfState({ ...state, status: 'failed' })).toThrow(/not connected \(failed\)/);
  });
});

describe('snapshot files', () => {
  it('round-trips, writing fields in a stable order whatever order they came in', () => {
    const snapshot = taken();
    const text = writeSnapshot(snapshot);
    expect(parseSnapshot(text)).toEqual(snapshot);
    const shuffled = Object.fromEntries(Object.entries(snapshot).reverse()) as unknown as McpSnapshot;
    expect(writeSnapshot(shuffled)).toBe(text);
    expect(Object.keys(JSON.parse(text) as object).slice(0, 5)).toEqual(['format', 'formatVersion', 'takenAt', 'source', 'server']);
    expect(text.endsWith('}\n')).toBe(true);
  });

  it.each([
    ['not json', '', /not JSON/],
    ['[]', '', /a JSON object, not an array/],
    ['{"mcpServers":{}}', '/format', /must be "glassbox.mcp-snapshot" \(got nothing\)/],
    ['{"format":"glassbox.mcp-snapshot","formatVersion":2}', '/formatVersion', /reads format 1 \(got number 2\)/],
  ])('says what is wrong with %s', (text, path, message) => {
    try {
      parseSnapshot(text);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(SnapshotFileError);
      expect((error as SnapshotFileError).path).toBe(path);
      expect((error as Error).message).toMatch(message);
    }
  });

  it('names the field: a tool without an input schema, a duplicate tool, a prompt argument without a name, a bad era', () => {
    const base = JSON.parse(writeSnapshot(taken())) as Record<string, unknown>;
    const broken = (patch: Record<string, unknown>) => JSON.stringify({ ...base, ...patch });
    expect(() => parseSnapshot(broken({ tools: [{ name: 'a' }] }))).toThrow('/tools/0/inputSchema: missing (an object is required)');
    expect(() =>
      parseSnapshot(
        broken({
          tools: [
            { name: 'a', inputSchema: {} },
            { name: 'a', inputSchema: {} },
          ],
        }),
      ),
    ).toThrow('/tools/1/name: "a" is listed twice');
    expect(() => parseSnapshot(broken({ prompts: [{ name: 'p', arguments: [{}] }] }))).toThrow('/prompts/0/arguments/0/name: missing');
    expect(() => parseSnapshot(broken({ era: '2026' }))).toThrow('/era: must be "legacy" or "modern"');
    expect(() => parseSnapshot(broken({ resources: undefined }))).toThrow('/resources: missing (an array is required)');
    expect(parseSnapshot(broken({ prompts: [{ name: 'p' }] })).prompts).toEqual([{ name: 'p', arguments: [] }]);
  });
});
