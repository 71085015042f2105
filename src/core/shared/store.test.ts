import { describe, expect, it } from 'vitest';
import { Store } from './store';

class Counter extends Store<{ count: number }> {
  constructor() {
    super({ count: 0 });
  }
  increment(): void {
    this.publish({ count: this.getSnapshot().count + 1 });
  }
}

describe('Store', () => {
  it('keeps one snapshot until a change publishes the next, and tells each listener until it unsubscribes', () => {
    const counter = new Counter();
    const { subscribe, getSnapshot } = counter;
    const first = getSnapshot();
    expect(getSnapshot()).toBe(first);
    const seen: number[] = [];
    const unsubscribe = subscribe(() => seen.push(getSnapshot().count));
    counter.increment();
    counter.increment();
    expect(seen).toEqual([1, 2]);
    expect(getSnapshot()).not.toBe(first);
    unsubscribe();
    counter.increment();
    expect(seen).toEqual([1, 2]);
  });
});
