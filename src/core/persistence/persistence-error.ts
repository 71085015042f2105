/** The coded error of a storage operation of the session persistence (IndexedDB in the page). */
import { CodedError } from '../shared/coded-error';

/** Error codes of PersistenceError. */
export type PersistenceErrorCode = 'unavailable' | 'open-failed' | 'request-failed' | 'aborted';

/** A storage operation that failed; `code` says which kind of failure. */
export class PersistenceError extends CodedError<PersistenceErrorCode> {
  override readonly name = 'PersistenceError';
}
