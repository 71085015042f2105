/**
 * Opening the page's IndexedDB database, on its own so the page's tiny entry (src/app/boot.ts) can
 * start it before the app's code has arrived: the open takes tens of ms of the browser's storage
 * thread, which then overlaps the app's download instead of following it. `openIndexedDbBackend`
 * takes that early open when it asks for the same database.
 */
import { PersistenceError } from './persistence-error';

/** The default database name. */
export const DEFAULT_DATABASE_NAME = 'glassbox';
/** The default object store's name. */
export const DEFAULT_STORE_NAME = 'session';
const DATABASE_VERSION = 1;

/** Opens (creating on first use) `databaseName` with its object store `storeName`; rejects with PersistenceError. */
export function openDatabase(factory: IDBFactory | undefined, databaseName: string, storeName: string): Promise<IDBDatabase> {
  if (!factory) return Promise.reject(new PersistenceError('unavailable', 'IndexedDB is not available in this browser.'));
  return new Promise((resolve, reject) => {
    let request: IDBOpenDBRequest;
    try {
      request = factory.open(databaseName, DATABASE_VERSION);
    } catch (error) {
      // Some browsers throw synchronously where storage is blocked (e.g. opaque origins).
      reject(new PersistenceError('unavailable', `IndexedDB cannot be opened: ${messageOf(error)}`, { cause: error }));
      return;
    }
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(storeName)) db.createObjectStore(storeName);
    };
    request.onsuccess = () => {
      const db = request.result;
      // Another tab upgrading the database must not be blocked by this one.
      db.onversionchange = () => db.close();
      resolve(db);
    };
    request.onerror = () =>
      reject(new PersistenceError('open-failed', `IndexedDB could not be opened: ${messageOf(request.error)}`, { cause: request.error }));
    request.onblocked = () => reject(new PersistenceError('open-failed', 'IndexedDB is blocked by another tab of this page.'));
  });
}

let early: { factory: IDBFactory | undefined; opened: Promise<IDBDatabase> } | undefined;

/**
 * Starts opening the default database with `factory` (the browser's by default), for the next
 * `takeEarlyOpen` of the same factory. Its failure is reported there, not here.
 */
export function openDatabaseEarly(factory: IDBFactory | undefined = (globalThis as { indexedDB?: IDBFactory }).indexedDB): void {
  const opened = openDatabase(factory, DEFAULT_DATABASE_NAME, DEFAULT_STORE_NAME);
  opened.catch(() => undefined);
  early = { factory, opened };
}

/** The early open of the default database with `factory`, once (undefined when none was started with it). */
export function takeEarlyOpen(factory: IDBFactory | undefined): Promise<IDBDatabase> | undefined {
  if (early === undefined || early.factory !== factory) return undefined;
  const { opened } = early;
  early = undefined;
  return opened;
}

/** An error's message, for the person. */
export function messageOf(error: unknown): string {
  if (error instanceof Error || (typeof DOMException !== 'undefined' && error instanceof DOMException)) return error.message;
  return error === null || error === undefined ? 'unknown error' : String(error);
}
