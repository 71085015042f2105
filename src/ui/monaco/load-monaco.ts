import type * as MonacoSetup from './monaco-setup';
import { whenIdle } from '../when-idle';

/** What `loadMonaco` resolves to: the configured Monaco module. */
export type MonacoModule = typeof MonacoSetup;

let loading: Promise<MonacoModule> | undefined;

/**
 * Loads Monaco (its own chunks) once, when the page is idle or, for a person's first use of an editor,
 * at once; later calls share the same promise. A failed load may be retried.
 */
export function loadMonaco(when: 'idle' | 'now' = 'idle'): Promise<MonacoModule> {
  loading ??= (when === 'now' ? Promise.resolve() : whenIdle(3000))
    .then(() => import('./monaco-setup'))
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}
