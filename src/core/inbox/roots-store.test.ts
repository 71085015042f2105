import { memoryStorage } from '../shared/key-value-storage';
import { describe, expect, it } from 'vitest';
import { ROOTS_STORAGE_KEY, RootsStore } from './roots-store';
import { SAMPLING_POLICY_STORAGE_KEY, SamplingPolicyStore } from './sampling-policy';

describe('RootsStore', () => {
  it('starts empty, keeps the roots in storage and tells once per real change', () => {
    const storage = memoryStorage();
    let changes = 0;
    const roots = new RootsStore(storage, () => (changes += 1));
    expect(roots.getSnapshot().roots).toEqual([]);
    roots.set([
      { uri: 'file:///home/ada/project', name: 'project' },
      { uri: 'https://example.com/repo', name: '' },
    ]);
    roots.set([{ uri: 'file:///home/ada/project', name: 'project' }, { uri: 'https://example.com/repo' }]);
    expect(changes).toBe(1);
    expect(new RootsStore(storage).getSnapshot().roots).toEqual([
      { uri: 'file:///home/ada/project', name: 'project' },
      { uri: 'https://example.com/repo' },
    ]);
  });

  it('refuses a line that is not an absolute URI, and drops unreadable stored entries', () => {
    const storage = memoryStorage();
    expect(() => new RootsStore(storage).set([{ uri: 'home/ada' }])).toThrow(/not an absolute URI/);
    storage.setItem(ROOTS_STORAGE_KEY, JSON.stringify([{ uri: 'relative/path' }, { uri: 'file:///ok' }, 7]));
    expect(new RootsStore(storage).getSnapshot().roots).toEqual([{ uri: 'file:///ok' }]);
    storage.setItem(ROOTS_STORAGE_KEY, '{not json');
    expect(new RootsStore(storage).getSnapshot().roots).toEqual([]);
  });
});

describe('SamplingPolicyStore', () => {
  it('asks by default and remembers an allow per server', () => {
    const storage = memoryStorage();
    const policies = new SamplingPolicyStore(storage);
    expect(policies.policyOf('everything')).toBe('ask');
    policies.set('everything', 'allow');
    expect(new SamplingPolicyStore(storage).policyOf('everything')).toBe('allow');
    policies.set('everything', 'ask');
    expect(new SamplingPolicyStore(storage).policyOf('everything')).toBe('ask');
    storage.setItem(SAMPLING_POLICY_STORAGE_KEY, JSON.stringify({ other: 'sometimes' }));
    expect(new SamplingPolicyStore(storage).policyOf('other')).toBe('ask');
  });
});
