/**
 * Resolves once the main thread is idle (or after `timeoutMs`), so work that can wait — a large
 * chunk's download and parse — runs after the first paint and the servers' first exchanges, not
 * in their way.
 */
export function whenIdle(timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: timeoutMs });
    else setTimeout(resolve, 200);
  });
}
