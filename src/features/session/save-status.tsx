import type { PersistenceStatus } from '../../core/persistence';
import { saveStateOf, type SaveState } from './save-state';

const LABELS: Record<SaveState, string> = {
  idle: 'Kept in this browser',
  pending: 'Saving…',
  saving: 'Saving…',
  saved: 'Saved in this browser',
  failed: 'Not saved',
};

/** A quiet indicator of whether the live session is safely stored in this browser. */
export function SaveStatus({ status }: { status: PersistenceStatus }) {
  const state = saveStateOf(status);
  return (
    <span
      className={`session-save-status ${state === 'failed' ? 'failed' : 'faint'}`}
      data-testid="session-save-status"
      data-state={state}
      title={status.error ?? 'The conversation, both traffic logs and the config are kept in IndexedDB as you go.'}
    >
      {LABELS[state]}
    </span>
  );
}
