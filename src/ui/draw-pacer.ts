/**
 * Pacing the page's draws of stores that change many times a second (the traffic log and the
 * agent session during a long turn): React is told of their changes at most once per `gapMs` while
 * they keep changing, and at once (the next microtask) after a quiet spell, so a single change,
 * such as the person's own click, still shows in the next frame. Each draw of a large page costs
 * a React render and a layout and paint of the whole page; drawn at every change (several a step
 * of an agent turn), they took more of the page's main thread than the turn's own requests.
 *
 * Only what reaches React is paced: the stores themselves, and everything else that reads them
 * (saving, exports, the agent loop), see every change at once. A change the person's own input
 * makes is drawn at once too (`watchInput`).
 */
import type { ExternalStore } from './external-store';

/** Time between two draws of a paced store while it keeps changing, in ms. */
const DRAW_GAP_MS = 100;

/** Runs the flushes it is given together: at once after a quiet spell, then at most once per gap. */
export class DrawPacer {
  private readonly pending = new Set<() => void>();
  private scheduled = false;
  private lastRun = -Infinity;

  constructor(
    private readonly gapMs = DRAW_GAP_MS,
    private readonly now: () => number = () => performance.now(),
    private readonly later: (run: () => void, ms: number) => void = (run, ms) => void setTimeout(run, ms),
  ) {}

  /** How many times the flushes ran (the draws a test can count). */
  runs = 0;

  /**
   * True from the person's own input (a key, a click, a field's change, a blur) until the task after
   * it: the changes it makes are drawn at once, as before pacing. A controlled field whose value
   * comes from a paced store would otherwise show its old value until the next draw, and a click
   * would act on what the page showed a moment ago. The store's notice comes in a microtask, after
   * the event is over (window.event is gone by then), so the input is marked as it happens.
   */
  handlingInput = false;

  /** Marks the person's input on `target` (the document), in the capture phase; returns the unwatch. */
  watchInput(target: EventTarget): () => void {
    const types = ['keydown', 'keyup', 'input', 'change', 'pointerdown', 'pointerup', 'click', 'focusout', 'submit'];
    const mark = (): void => this.inputSeen();
    for (const type of types) target.addEventListener(type, mark, true);
    return () => {
      for (const type of types) target.removeEventListener(type, mark, true);
    };
  }

  /** The person did something now: changes until the next task are drawn at once. */
  inputSeen(): void {
    if (this.handlingInput) return;
    this.handlingInput = true;
    this.later(() => (this.handlingInput = false), 0);
  }

  /** Asks for `flush` to run at the next paced moment (once, however often it is asked before). */
  request(flush: () => void): void {
    this.pending.add(flush);
    if (this.scheduled) return;
    this.scheduled = true;
    const wait = this.lastRun + this.gapMs - this.now();
    if (wait <= 0) queueMicrotask(this.run);
    else this.later(this.run, wait);
  }

  /** Runs `flush`, with any other waiting, in the next microtask: a change the person made is drawn at once. */
  requestNow(flush: () => void): void {
    this.pending.add(flush);
    queueMicrotask(this.run);
  }

  private readonly run = (): void => {
    if (this.pending.size === 0) return;
    this.scheduled = false;
    this.lastRun = this.now();
    this.runs += 1;
    const flushes = [...this.pending];
    this.pending.clear();
    for (const flush of flushes) flush();
  };
}

/**
 * A view of a store whose listeners are told through the pacer, and whose snapshot is the one
 * taken at the last paced flush (so every component draws the same moment of the store).
 */
export function pacedView<T>(store: ExternalStore<T>, pacer: DrawPacer): ExternalStore<T> {
  const listeners = new Set<() => void>();
  let current: T | undefined;
  let unsubscribe: (() => void) | undefined;
  const flush = (): void => {
    current = store.getSnapshot();
    for (const listener of [...listeners]) listener();
  };
  return {
    subscribe(listener) {
      if (listeners.size === 0) {
        current = store.getSnapshot();
        unsubscribe = store.subscribe(() => (pacer.handlingInput ? pacer.requestNow(flush) : pacer.request(flush)));
      }
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size > 0) return;
        unsubscribe?.();
        unsubscribe = undefined;
        current = undefined;
      };
    },
    // With no one subscribed (a first render), the store's own snapshot.
    getSnapshot: () => (listeners.size > 0 ? (current as T) : store.getSnapshot()),
  };
}
