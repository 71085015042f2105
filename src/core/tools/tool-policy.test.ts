import { memoryStorage, type KeyValueStorage } from '../shared/key-value-storage';
import { describe, expect, it, vi } from 'vitest';
import { PolicyStore, TOOL_POLICY_STORAGE_KEY } from './tool-policy';

describe('PolicyStore: effective policy', () => {
  it('defaults to ask', () => {
    const store = new PolicyStore({ storage: memoryStorage() });
    expect(store.effectivePolicy('weather', 'get_forecast')).toBe('ask');
    expect(store.explainPolicy('weather', 'get_forecast')).toEqual({ policy: 'ask', source: 'default' });
  });

  it('uses an explicit choice, per server and remote tool name', () => {
    const store = new PolicyStore({ storage: memoryStorage() });
    store.setPolicy('weather', 'get_forecast', 'allow');
    store.setPolicy('calendar', 'delete_event', 'deny');
    expect(store.effectivePolicy('weather', 'get_forecast')).toBe('allow');
    expect(store.effectivePolicy('calendar', 'delete_event')).toBe('deny');
    expect(store.effectivePolicy('calendar', 'get_forecast')).toBe('ask');
  });

  it('does not confuse server/tool pairs that would join to the same text', () => {
    const store = new PolicyStore({ storage: memoryStorage() });
    store.setPolicy('a_b', 'c', 'allow');
    expect(store.effectivePolicy('a', 'b_c')).toBe('ask');
  });

  it('allows read-only tools by default only on servers whose hints the person trusts', () => {
    const store = new PolicyStore({ storage: memoryStorage() });
    const readOnly = { readOnlyHint: true };
    expect(store.effectivePolicy('docs', 'search', readOnly)).toBe('ask');
    store.setTrustReadOnly('docs', true);
    expect(store.explainPolicy('docs', 'search', readOnly)).toEqual({ policy: 'allow', source: 'read-only-hint' });
    expect(store.effectivePolicy('docs', 'write', { readOnlyHint: false })).toBe('ask');
    expect(store.effectivePolicy('docs', 'write')).toBe('ask');
    expect(store.effectivePolicy('other', 'search', readOnly)).toBe('ask');
  });

  it('lets an explicit choice win over a trusted read-only hint', () => {
    const store = new PolicyStore({ storage: memoryStorage() });
    store.setTrustReadOnly('docs', true);
    store.setPolicy('docs', 'search', 'deny');
    expect(store.explainPolicy('docs', 'search', { readOnlyHint: true })).toEqual({ policy: 'deny', source: 'explicit' });
    store.setPolicy('docs', 'search', 'ask');
    expect(store.effectivePolicy('docs', 'search', { readOnlyHint: true })).toBe('ask');
    store.setPolicy('docs', 'search', undefined);
    expect(store.effectivePolicy('docs', 'search', { readOnlyHint: true })).toBe('allow');
  });

  it('rejects an unknown policy value', () => {
    const store = new PolicyStore({ storage: memoryStorage() });
    expect(() => store.setPolicy('s', 't', 'maybe' as never)).toThrow(TypeError);
  });
});

describe('PolicyStore: subscribe and snapshot', () => {
  it('keeps the snapshot stable until a change, and notifies after real changes only', () => {
    const store = new PolicyStore({ storage: memoryStorage() });
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const before = store.getSnapshot();
    expect(store.getSnapshot()).toBe(before);

    store.setPolicy('s', 't', 'allow');
    expect(listener).toHaveBeenCalledTimes(1);
    const after = store.getSnapshot();
    expect(after).not.toBe(before);
    expect(after.policies).toEqual([{ server: 's', tool: 't', policy: 'allow' }]);
    expect(before.policies).toEqual([]);

    store.setPolicy('s', 't', 'allow');
    store.setTrustReadOnly('s', false);
    store.setPolicy('s', 'missing', undefined);
    expect(listener).toHaveBeenCalledTimes(1);

    unsubscribe();
    store.setTrustReadOnly('s', true);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot().trustReadOnlyHints).toEqual(['s']);
  });

  it('forgets everything about a removed server', () => {
    const store = new PolicyStore({ storage: memoryStorage() });
    store.setPolicy('a', 'x', 'allow');
    store.setPolicy('b', 'y', 'deny');
    store.setTrustReadOnly('a', true);
    store.forgetServer('a');
    expect(store.getSnapshot()).toMatchObject({ policies: [{ server: 'b', tool: 'y', policy: 'deny' }], trustReadOnlyHints: [] });
  });
});

describe('PolicyStore: persistence', () => {
  it('round-trips through storage', () => {
    const storage = memoryStorage();
    const first = new PolicyStore({ storage });
    first.setPolicy('weather', 'get_forecast', 'allow');
    first.setPolicy('calendar', 'delete_event', 'deny');
    first.setTrustReadOnly('docs', true);
    expect(JSON.parse(storage.data.get(TOOL_POLICY_STORAGE_KEY) ?? 'null')).toEqual({
      version: 1,
      policies: [
        { server: 'calendar', tool: 'delete_event', policy: 'deny' },
        { server: 'weather', tool: 'get_forecast', policy: 'allow' },
      ],
      trustReadOnlyHints: ['docs'],
      pins: [],
      notOffered: [],
    });

    const second = new PolicyStore({ storage });
    expect(second.getSnapshot()).toEqual(first.getSnapshot());
    expect(second.effectivePolicy('weather', 'get_forecast')).toBe('allow');
    expect(second.effectivePolicy('docs', 'search', { readOnlyHint: true })).toBe('allow');
  });

  it('uses its own storage key when given one', () => {
    const storage = memoryStorage();
    new PolicyStore({ storage, storageKey: 'custom' }).setPolicy('s', 't', 'deny');
    expect(storage.data.has('custom')).toBe(true);
    expect(storage.data.has(TOOL_POLICY_STORAGE_KEY)).toBe(false);
  });

  it('starts from defaults and says why when stored data is broken', () => {
    const broken = new PolicyStore({ storage: memoryStorage({ [TOOL_POLICY_STORAGE_KEY]: '{not json' }) });
    expect(broken.getSnapshot()).toMatchObject({
      policies: [],
      problems: ['Stored tool policies are not valid JSON; starting with defaults.'],
    });

    const wrongVersion = new PolicyStore({ storage: memoryStorage({ [TOOL_POLICY_STORAGE_KEY]: '{"version":9}' }) });
    expect(wrongVersion.getSnapshot().problems).toEqual(['Stored tool policies have an unknown format; starting with defaults.']);
  });

  it('keeps good entries and skips bad ones', () => {
    const stored = JSON.stringify({
      version: 1,
      policies: [
        { server: 's', tool: 't', policy: 'allow' },
        { server: 's', tool: 'u', policy: 'sometimes' },
        { server: '__proto__', tool: 'constructor', policy: 'deny' },
        'junk',
      ],
      trustReadOnlyHints: ['s', 42],
    });
    const store = new PolicyStore({ storage: memoryStorage({ [TOOL_POLICY_STORAGE_KEY]: stored }) });
    expect(store.getSnapshot()).toEqual({
      policies: [
        { server: '__proto__', tool: 'constructor', policy: 'deny' },
        { server: 's', tool: 't', policy: 'allow' },
      ],
      trustReadOnlyHints: ['s'],
      problems: ['3 stored tool policies were not understood and ignored.'],
      pins: [],
      changes: [],
      notOffered: [],
    });
    expect(store.effectivePolicy('__proto__', 'constructor')).toBe('deny');
  });

  it('keeps working in memory when storage throws, and reports it', () => {
    const storage: KeyValueStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    const store = new PolicyStore({ storage });
    store.setPolicy('s', 't', 'allow');
    expect(store.effectivePolicy('s', 't')).toBe('allow');
    expect(store.getSnapshot().problems).toEqual([
      'Stored tool policies could not be read (SecurityError).',
      'Saving tool policies failed (QuotaExceededError); they last until the page is closed.',
    ]);
  });
});
