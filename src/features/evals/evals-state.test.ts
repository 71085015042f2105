import { describe, expect, it, vi } from 'vitest';
import type { Services } from '../../core/composition';
import { evalsStoreOf } from './evals-state';
import { EXAMPLE_EVALS_TEXT } from './example-evals';

describe('evalsStoreOf', () => {
  it('gives the same store for the same services, so a remounted panel finds its file and results', () => {
    const services = {} as Services;
    const store = evalsStoreOf(services);
    expect(store.getSnapshot()).toMatchObject({
      text: EXAMPLE_EVALS_TEXT,
      fileName: 'example.evals.json',
      running: false,
      results: [],
      notes: [],
    });
    store.update({ text: '{"cases":[]}', fileName: 'mine.evals.json', selected: { caseName: 'adds', target: 'anthropic · claude-test' } });
    expect(evalsStoreOf(services).getSnapshot()).toMatchObject({
      text: '{"cases":[]}',
      fileName: 'mine.evals.json',
      selected: { caseName: 'adds', target: 'anthropic · claude-test' },
    });
    expect(evalsStoreOf({} as Services)).not.toBe(store);
  });

  it('tells its listeners of each change, and computes a change from the state before', () => {
    const store = evalsStoreOf({} as Services);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.update({ notes: ['one'] });
    store.update((state) => ({ notes: [...state.notes, 'two'] }));
    expect(store.getSnapshot().notes).toEqual(['one', 'two']);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    store.update({ running: true });
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
