import type * as MonacoSetup from './monaco-setup';

/** What `loadMonaco` resolves to: the configured Monaco module. */
export type MonacoModule = typeof MonacoSetup;

let loading: Promise<MonacoModule> | undefined;

/**
 * Resolve once the main thread is idle (or after `timeoutMs`), so Monaco's large chunk is
 * parsed after the first paint and the servers' first exchanges, not in their way.
 */
function whenIdle(timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: timeoutMs });
    else setTimeout(resolve, 200);
  });
}

/** Loads Monaco (its own chunks) once, when the page is idle; later calls share the same promise. A failed load may be retried. */
export function loadMonaco(): Promise<MonacoModule> {
  loading ??= whenIdle(3000)
    .then(() => import('./monaco-setup'))
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}
