/**
 * core/persistence: the session kept as it goes (IndexedDB in the page, memory in tests),
 * restored on start-up, and the whole-session export file.
 */
export { PersistenceError } from './persistence-error';
export { openIndexedDbBackend } from './indexeddb-backend';
export { SessionPersistence } from './session-persistence';
export type { PersistenceStatus, RestoreResult } from './persistence-types';
export {
  buildSessionFile,
  parseSessionFile,
  parseSessionValue,
  serializeSessionFile,
  sessionFileName,
  fileNameTime,
  redactSerialized,
  type BuildSessionFileInput,
  type SessionFile,
} from './session-file';
