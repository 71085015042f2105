import { describe, expect, it } from 'vitest';
import { DrawPacer, pacedView } from './draw-pacer';
import type { ExternalStore } from './external-store';

/** A store of a counter, told of each change at once (as the traffic log and the session are, in effect). */
function counterStore(): ExternalStore<{ n: number }> & { bump(): void } {
  const listeners = new Set<() => void>();
  let snapshot = { n: 0 };
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    bump() {
      snapshot = { n: snapshot.n + 1 };
      for (const listener of listeners) listener();
    },
  };
}

/** A pacer on a clock of our own: `advance` moves it and runs the flushes that fall due. */
function manualPacer(gapMs = 100) {
  let now = 0;
  const timers: Array<{ at: number; run: () => void }> = [];
  const pacer = new DrawPacer(
    gapMs,
    () => now,
    (run, ms) => void timers.push({ at: now + ms, run }),
  );
  const advance = (ms: number) => {
    now += ms;
    for (const timer of timers.filter((t) => t.at <= now)) {
      timers.splice(timers.indexOf(timer), 1);
      timer.run();
    }
  };
  return { pacer, advance };
}

const microtasks = () => new Promise<void>((resolve) => setTimeout(resolve));

/** A counter store drawn through a paced view; `seen` lists the counts each draw showed. */
function watchedCounter() {
  const store = counterStore();
  const { pacer, advance } = manualPacer();
  const view = pacedView(store, pacer);
  const seen: number[] = [];
  view.subscribe(() => seen.push(view.getSnapshot().n));
  return { store, pacer, advance, seen };
}

describe('DrawPacer and pacedView', () => {
  it('draws a lone change at once, then at most once per gap however many changes come', async () => {
    const { store, pacer, advance, seen } = watchedCounter();

    store.bump();
    await microtasks();
    expect(seen).toEqual([1]);

    // A long agent turn: 50 changes within 250 ms are drawn at 100 ms and 200 ms, not 50 times.
    for (let i = 0; i < 50; i++) {
      store.bump();
      advance(5);
      await microtasks();
    }
    expect(pacer.runs).toBe(3);
    expect(seen).toEqual([1, 21, 41]);
    advance(100);
    await microtasks();
    expect(seen).toEqual([1, 21, 41, 51]);
    expect(pacer.runs).toBe(4);

    // Quiet for a gap: the next change is drawn at once again.
    advance(200);
    store.bump();
    await microtasks();
    expect(seen.at(-1)).toBe(52);
  });

  it('keeps the snapshot of the last draw between draws, and reads the store itself with no one subscribed', async () => {
    const store = counterStore();
    const { pacer, advance } = manualPacer();
    const view = pacedView(store, pacer);
    const unsubscribe = view.subscribe(() => undefined);
    store.bump();
    await microtasks();
    const drawn = view.getSnapshot();
    expect(drawn.n).toBe(1);
    store.bump();
    store.bump();
    // Every component draws the same moment until the next paced draw.
    expect(view.getSnapshot()).toBe(drawn);
    advance(100);
    expect(view.getSnapshot().n).toBe(3);
    unsubscribe();
    store.bump();
    expect(view.getSnapshot().n).toBe(4);
  });

  it('runs the flushes of all paced stores together', async () => {
    const a = counterStore();
    const b = counterStore();
    const { pacer, advance } = manualPacer();
    const views = [pacedView(a, pacer), pacedView(b, pacer)];
    const draws: string[] = [];
    views[0]!.subscribe(() => draws.push(`a${views[0]!.getSnapshot().n}`));
    views[1]!.subscribe(() => draws.push(`b${views[1]!.getSnapshot().n}`));
    a.bump();
    b.bump();
    await microtasks();
    a.bump();
    b.bump();
    advance(100);
    expect(draws).toEqual(['a1', 'b1', 'a2', 'b2']);
    expect(pacer.runs).toBe(2);
  });

  it("draws at once a change made while the page handles the person's own input (a typed field keeps what was typed)", async () => {
    const { store, pacer, advance, seen } = watchedCounter();
    store.bump();
    await microtasks();
    advance(10);
    store.bump();
    await microtasks();
    // Within the gap, a change from the turn waits for the next paced draw...
    expect(seen).toEqual([1]);
    const page = new EventTarget();
    const unwatch = pacer.watchInput(page);
    page.dispatchEvent(new Event('change'));
    store.bump();
    await microtasks();
    unwatch();
    // ...a change the person made is drawn at once, with the one that waited.
    expect(seen).toEqual([1, 3]);
    // Until the task after the input: then changes are paced again.
    advance(0);
    expect(pacer.handlingInput).toBe(false);
    store.bump();
    await microtasks();
    expect(seen).toEqual([1, 3]);
    advance(100);
    expect(seen).toEqual([1, 3, 4]);
  });
});
