/**
 * Tool calls waiting for the person: each `wait` resolves when `decide` is called for its id,
 * and rejects with an abort error when the turn is stopped.
 */

/** The person's answer to "run this tool call?". */
export type ApprovalDecision = 'once' | 'always' | 'deny';

interface Pending {
  resolve(decision: ApprovalDecision): void;
  reject(reason: unknown): void;
}

/** Holds the pending approvals of the running turn. */
export class ApprovalGate {
  private readonly pending = new Map<string, Pending>();

  /** Waits for the decision on one tool call; rejects with the signal's reason when it aborts. */
  wait(toolCallId: string, signal: AbortSignal): Promise<ApprovalDecision> {
    if (signal.aborted) return Promise.reject(abortReason(signal));
    return new Promise<ApprovalDecision>((resolve, reject) => {
      const onAbort = (): void => {
        this.pending.delete(toolCallId);
        reject(abortReason(signal));
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.pending.set(toolCallId, {
        resolve: (decision) => {
          signal.removeEventListener('abort', onAbort);
          resolve(decision);
        },
        reject: (reason) => {
          signal.removeEventListener('abort', onAbort);
          reject(reason);
        },
      });
    });
  }

  /** True when a call with this id is waiting. */
  isWaiting(toolCallId: string): boolean {
    return this.pending.has(toolCallId);
  }

  /** Answers a waiting call; returns false when nothing waited for this id. */
  decide(toolCallId: string, decision: ApprovalDecision): boolean {
    const entry = this.pending.get(toolCallId);
    if (!entry) return false;
    this.pending.delete(toolCallId);
    entry.resolve(decision);
    return true;
  }

  /** Rejects every waiting call (a new session, say) with `reason`. */
  cancelAll(reason: unknown): void {
    const entries = [...this.pending.values()];
    this.pending.clear();
    for (const entry of entries) entry.reject(reason);
  }
}

/** The reason an aborted signal carries, or a fresh AbortError. */
export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? createAbortError();
}

/** An `AbortError` like the one `fetch` throws. */
export function createAbortError(message = 'The operation was aborted.'): Error {
  const error = new Error(message);
  error.name = 'AbortError';
  return error;
}

/** Rejects as soon as `signal` aborts, whether or not `promise` listens to the signal. */
export function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    promise.catch(() => undefined);
    return Promise.reject(abortReason(signal));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(abortReason(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
