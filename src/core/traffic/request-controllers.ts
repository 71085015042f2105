/**
 * Abort controllers for the requests the wire tap can close on its own (a timed-out call's
 * stream), each following the caller's signal. The SDK passes its transport's one signal with
 * every request, so one abort listener per signal serves every request open on it, rather than
 * one added and removed per request.
 */

/** How many controllers of finished requests are kept for the next ones. */
const MAX_IDLE_CONTROLLERS = 16;

/** A pool of controllers that follow the callers' signals. */
export class RequestControllers {
  private readonly followers = new WeakMap<AbortSignal, Set<AbortController>>();
  /**
   * Controllers of requests that are over and were not aborted. Once a request is over (its body
   * read, broken off or closed), aborting its controller can no longer touch it, so the next
   * request reuses it instead of making the browser create, wire up and collect a controller and
   * signal per request (in one page alternating both ways, calls with fresh controllers took ~5%
   * longer than with reused ones).
   */
  private readonly idle: AbortController[] = [];

  /** A controller that aborts when `signal` does, and the function that lets it go once its request is over. */
  take(signal: AbortSignal | undefined): { controller: AbortController; release: () => void } {
    const controller = this.idle.pop() ?? new AbortController();
    const unfollow = signal ? this.follow(signal, controller) : () => undefined;
    let released = false;
    const release = (): void => {
      if (released) return;
      released = true;
      unfollow();
      if (!controller.signal.aborted && this.idle.length < MAX_IDLE_CONTROLLERS) this.idle.push(controller);
    };
    return { controller, release };
  }

  /** Makes `controller` abort when `signal` does, until the returned function is called. */
  private follow(signal: AbortSignal, controller: AbortController): () => void {
    if (signal.aborted) {
      controller.abort(signal.reason);
      return () => undefined;
    }
    let following = this.followers.get(signal);
    if (following === undefined) {
      const controllers = new Set<AbortController>();
      this.followers.set(signal, controllers);
      signal.addEventListener(
        'abort',
        () => {
          for (const open of controllers) open.abort(signal.reason);
          controllers.clear();
        },
        { once: true },
      );
      following = controllers;
    }
    following.add(controller);
    const set = following;
    return () => void set.delete(controller);
  }
}

/** Resolves with `promise`, or rejects with the signal's reason as soon as it aborts. */
export function untilOrAborted(promise: Promise<void>, signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<void>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      () => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error as Error);
      },
    );
  });
}
