/**
 * core/persistence: the session kept as it goes (IndexedDB in the page, memory in tests),
 * restored on start-up, and the whole-session export file.
 */
export { PersistenceError, type PersistenceErrorCode } from './persistence-error';
export { DEFAULT_DATABASE_NAME, IndexedDbBackend, openIndexedDbBackend, type IndexedDbBackendOptions } from './indexeddb-backend';
export { INTERRUPTED_NOTE, parseTrafficData, settleInterruptedExchange, type ParsedTrafficData } from './parse-traffic-data';
export { DEFAULT_CHUNK_SIZE, DEFAULT_SAVE_DEBOUNCE_MS, SessionPersistence, type SessionPersistenceOptions } from './session-persistence';
export { PERSISTENCE_FORMAT, PERSISTENCE_KEYS } from './stored-layout';
export type { PersistedAgentSession, PersistedTrafficLog, PersistenceStatus, RestoreResult } from './persistence-types';
export {
  buildSessionFile,
  parseSessionFile,
  SESSION_FILE_FORMAT,
  SESSION_FILE_VERSION,
  SessionFileError,
  serializeSessionFile,
  sessionFileName,
  type BuildSessionFileInput,
  type ParsedSessionFile,
  type SessionFile,
  type SessionFileErrorCode,
} from './session-file';
