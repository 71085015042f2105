/** The listeners of a framework-free store (React reads it with `useSyncExternalStore`). */
export class Listeners {
  private readonly listeners = new Set<() => void>();
  private scheduled = false;

  /** Registers a listener; returns the unsubscribe function. Bound, so it can be handed out as it is. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** Calls every listener now. */
  notify(): void {
    for (const listener of [...this.listeners]) listener();
  }

  /** Calls every listener once in the next microtask, however many changes come before it. */
  notifySoon(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    queueMicrotask(() => {
      this.scheduled = false;
      this.notify();
    });
  }
}
