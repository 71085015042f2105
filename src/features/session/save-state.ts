/** The save state of the live session, reduced to one word for the status indicator. */
import type { PersistenceStatus } from '../../core/persistence';

/** The state shown by SaveStatus (also its `data-state`). */
export type SaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'failed';

/** Reduces a persistence status to one state: a failure wins, then a save under way, then waiting changes. */
export function saveStateOf(status: PersistenceStatus): SaveState {
  if (status.error !== undefined) return 'failed';
  if (status.saving) return 'saving';
  if (status.dirty) return 'pending';
  return status.lastSavedAt !== undefined ? 'saved' : 'idle';
}
