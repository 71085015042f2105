import type { KeyValueStorage } from '../shared/key-value-storage';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONFIG_STORAGE_KEY, ConfigStore } from './config-store';
import { DEFAULT_CONFIG_TEXT } from './default-config';
import { loadSchemaValidators } from './schema-validators';
import { decodeConfigFragment } from './share-link';

const WITH_TOKEN = JSON.stringify({
  mcpServers: { weather: { url: 'https://w.example/mcp', headers: { Authorization: 'Bearer s3cret' } } },
});
const WITHOUT_TOKEN = JSON.stringify({ mcpServers: { weather: { url: 'https://w.example/mcp', headers: { Authorization: '' } } } });
const CALENDAR = JSON.stringify({ mcpServers: { calendar: { url: 'https://c.example/mcp' } } });
const BROKEN = '{ "mcpServers": { "weather": { "url": "https://w.example/mcp", "headers": { "Authorization": "Bearer s3cret" ';

/** A Map-backed storage that counts its writes. */
function countingStorage(initial?: string): KeyValueStorage & { writes: string[] } {
  const memory = new Map<string, string>(initial === undefined ? [] : [[CONFIG_STORAGE_KEY, initial]]);
  const writes: string[] = [];
  return {
    writes,
    getItem: (key) => memory.get(key) ?? null,
    setItem: (key, value) => {
      writes.push(value);
      memory.set(key, value);
    },
  };
}

describe('ConfigStore start-up', () => {
  it('prefers a share link, then the saved text, then the persistence copy, then the demo config', () => {
    expect(new ConfigStore({ storage: countingStorage(CALENDAR) }).start({ fragment: WITHOUT_TOKEN, restored: '{}' })).toBe('fragment');
    const fromStorage = new ConfigStore({ storage: countingStorage(CALENDAR) });
    expect(fromStorage.start({ fragment: null, restored: '{}' })).toBe('storage');
    expect(fromStorage.getSnapshot().text).toBe(CALENDAR);
    const restored = new ConfigStore({ storage: countingStorage() });
    expect(restored.start({ restored: CALENDAR })).toBe('restored');
    expect(restored.getSnapshot().text).toBe(CALENDAR);
    const fresh = new ConfigStore();
    expect(fresh.start()).toBe('default');
    expect(fresh.getSnapshot().text).toBe(DEFAULT_CONFIG_TEXT);
  });

  it('parses the starting text once and saves it, secrets stripped, to the storage and to onSave', () => {
    const storage = countingStorage();
    const saved: string[] = [];
    const store = new ConfigStore({ storage, onSave: (text) => saved.push(text) });
    store.start({ fragment: WITH_TOKEN });
    const parsed = store.current();
    expect(parsed.config?.servers.map((server) => server.name)).toEqual(['weather']);
    expect(store.getSnapshot().parsed).toBe(parsed);
    expect(store.current()).toBe(parsed);
    expect(storage.writes).toEqual([WITHOUT_TOKEN]);
    expect(saved).toEqual([WITHOUT_TOKEN]);
  });

  it('still works when the storage refuses reads and writes', () => {
    const saved: string[] = [];
    const refusing: KeyValueStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    const store = new ConfigStore({ storage: refusing, onSave: (text) => saved.push(text) });
    expect(store.start({ restored: CALENDAR })).toBe('restored');
    expect(saved).toEqual([CALENDAR]);
  });
});

describe('ConfigStore edits', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows an edit at once and parses and saves it once edits pause', () => {
    const storage = countingStorage();
    const store = new ConfigStore({ storage, parseDelayMs: 150 });
    store.start();
    const changes: string[] = [];
    store.subscribe(() => changes.push(store.getSnapshot().text));
    storage.writes.length = 0;

    store.setText(CALENDAR.slice(0, 10));
    store.setText(CALENDAR.slice(0, 20));
    store.setText(WITH_TOKEN);
    expect(store.getSnapshot().text).toBe(WITH_TOKEN);
    expect(store.getSnapshot().parsed.text).toBe(DEFAULT_CONFIG_TEXT);
    vi.advanceTimersByTime(149);
    expect(store.getSnapshot().parsed.text).toBe(DEFAULT_CONFIG_TEXT);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot().parsed.text).toBe(WITH_TOKEN);
    expect(store.getSnapshot().parsed.problems).toEqual([]);
    // Only the text the person paused on was saved, once, without its token.
    expect(storage.writes).toEqual([WITHOUT_TOKEN]);
    expect(changes.at(-1)).toBe(WITH_TOKEN);
    expect(changes.length).toBe(4);
  });

  it('parses at once for current() and does not parse again when the timer fires', () => {
    const storage = countingStorage();
    const store = new ConfigStore({ storage });
    store.start();
    store.setText(CALENDAR);
    const parsed = store.current();
    expect(parsed.text).toBe(CALENDAR);
    vi.runAllTimers();
    expect(store.getSnapshot().parsed).toBe(parsed);
    expect(storage.writes.filter((text) => text === CALENDAR)).toHaveLength(1);
  });

  it('keeps the last good text saved while the newest has syntax errors, and shares that one', () => {
    const storage = countingStorage();
    const saved: string[] = [];
    const store = new ConfigStore({ storage, onSave: (text) => saved.push(text) });
    store.start({ fragment: WITH_TOKEN });
    store.setText(BROKEN);
    const parsed = store.current();
    expect(parsed.config).toBeNull();
    expect(parsed.safeText).toBeUndefined();
    expect(parsed.problems.length).toBeGreaterThan(0);
    expect(storage.getItem(CONFIG_STORAGE_KEY)).toBe(WITHOUT_TOKEN);
    expect(saved).toEqual([WITHOUT_TOKEN]);
    const fragment = store.shareFragment();
    expect(fragment && decodeConfigFragment(fragment)).toBe(WITHOUT_TOKEN);
  });

  it('shares the newest text without its secrets, and nothing when no text could ever be stripped', () => {
    const store = new ConfigStore();
    store.start({ fragment: BROKEN });
    expect(store.shareFragment()).toBeUndefined();
    store.setText(WITH_TOKEN);
    const fragment = store.shareFragment();
    expect(fragment && decodeConfigFragment(fragment)).toBe(WITHOUT_TOKEN);
  });
});

describe('ConfigStore and the schema', () => {
  // Only the schema finds a timeout that is not a number.
  const BAD_TIMEOUT = JSON.stringify({ mcpServers: { weather: { url: 'https://w.example/mcp', timeout: 'soon' } } });

  it('checks against the schema once given it: the text parsed without it is parsed again, and listeners hear of it', async () => {
    const store = new ConfigStore();
    store.start({ fragment: BAD_TIMEOUT });
    expect(store.getSnapshot().parsed.problems.map((problem) => problem.code)).not.toContain('bad-timeout');
    let heard = 0;
    store.subscribe(() => heard++);
    store.setSchema(await loadSchemaValidators());
    expect(heard).toBe(1);
    expect(store.getSnapshot().parsed.problems.map((problem) => problem.code)).toContain('bad-timeout');
    store.setText(CALENDAR);
    expect(store.current().problems).toEqual([]);
  });

  it('checks from the start when created with it', async () => {
    const store = new ConfigStore({ schema: await loadSchemaValidators() });
    store.start({ fragment: BAD_TIMEOUT });
    expect(store.current().problems.map((problem) => problem.code)).toContain('bad-timeout');
  });
});
