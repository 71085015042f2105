import { describe, expect, it, vi } from 'vitest';
import type { Services } from '../../core/composition';
import { contentsViewsOf } from './contents-state';

describe('contentsViewsOf', () => {
  it('gives the same store for the same services, so a remounted card finds its open tab and skill', () => {
    const services = {} as Services;
    const store = contentsViewsOf(services);
    expect(store.viewOf('library')).toEqual({});
    store.update('library', { tab: 'skills' });
    store.update('library', { skill: 'skill://code-review/SKILL.md' });
    expect(contentsViewsOf(services).viewOf('library')).toEqual({ tab: 'skills', skill: 'skill://code-review/SKILL.md' });
    expect(contentsViewsOf(services).viewOf('weather')).toEqual({});
    expect(contentsViewsOf({} as Services)).not.toBe(store);
    expect(contentsViewsOf({} as Services).viewOf('library')).toEqual({});
  });

  it('tells its listeners of each change with a new snapshot', () => {
    const store = contentsViewsOf({} as Services);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const before = store.getSnapshot();
    store.update('library', { tab: 'prompts' });
    expect(store.getSnapshot()).not.toBe(before);
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    store.update('library', { tab: undefined });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.viewOf('library').tab).toBeUndefined();
  });
});
