/**
 * The base of a framework-free store of one immutable snapshot: React reads it with
 * `useSyncExternalStore(store.subscribe, store.getSnapshot)`; a subclass publishes a new snapshot
 * after each change.
 */
import { Listeners } from './listeners';

/** A store of one snapshot of type T; see the file comment. */
export abstract class Store<T> {
  private readonly listeners = new Listeners();
  private current: T;

  protected constructor(initial: T) {
    this.current = initial;
  }

  /** Registers a listener called after every change; returns the unsubscribe function. Bound. */
  readonly subscribe = this.listeners.subscribe;

  /** The current snapshot: the same object until something changes. Bound. */
  readonly getSnapshot = (): T => this.current;

  /** Replaces the snapshot and calls every listener now. */
  protected publish(next: T): void {
    this.current = next;
    this.listeners.notify();
  }
}
