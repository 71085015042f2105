import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../shared';
import { FirstSnapshots, type McpSnapshot, SNAPSHOT_FORMAT, SNAPSHOT_FORMAT_VERSION } from '.';

const snapshot = (version: string): McpSnapshot => ({
  format: SNAPSHOT_FORMAT,
  formatVersion: SNAPSHOT_FORMAT_VERSION,
  takenAt: '2026-12-07T10:00:00.000Z',
  server: { name: 'forecasts', version },
  era: 'legacy',
  capabilities: { tools: {} },
  tools: [{ name: 'get_forecast', inputSchema: { type: 'object' } }],
  resources: [],
  resourceTemplates: [],
  prompts: [],
});

describe('FirstSnapshots', () => {
  it('keeps the first snapshot of a server once, across instances over the same storage, until replaced', () => {
    const storage = memoryStorage();
    const book = new FirstSnapshots(storage);
    expect(book.get('weather')).toBeUndefined();
    expect(book.rememberOnce('weather', () => snapshot('1.0.0'))).toBe(true);
    expect(book.rememberOnce('weather', () => snapshot('2.0.0'))).toBe(false);
    const reloaded = new FirstSnapshots(storage);
    expect(reloaded.get('weather')?.server.version).toBe('1.0.0');
    reloaded.replace('weather', snapshot('2.0.0'));
    expect(new FirstSnapshots(storage).get('weather')?.server.version).toBe('2.0.0');
    expect(book.get('calendar')).toBeUndefined();
  });

  it('reads a damaged stored snapshot as none', () => {
    const storage = memoryStorage({ 'glassbox.first-snapshot.v1:weather': '{"format":"other"}' });
    expect(new FirstSnapshots(storage).get('weather')).toBeUndefined();
  });
});
