/**
 * A KeyValueBackend on IndexedDB, with the raw API: one database, one object store of
 * out-of-line keys. Writes resolve when their transaction has committed (not when the request
 * succeeded), so a resolved save is on disk as far as the browser is concerned. Nothing runs at
 * import time: the factory is read when `openIndexedDbBackend` is called.
 */
import { PersistenceError, type BackendOperation, type KeyValueBackend } from './key-value-backend';
import { DEFAULT_DATABASE_NAME, DEFAULT_STORE_NAME, messageOf, openDatabase, takeEarlyOpen } from './open-database';

/** Options for openIndexedDbBackend. */
export interface IndexedDbBackendOptions {
  /** The IndexedDB factory. Default is `globalThis.indexedDB`. */
  factory?: IDBFactory;
  /** Database name. Default is `glassbox`. */
  databaseName?: string;
  /** Object store name. Default is `session`. */
  storeName?: string;
}

/** Opens (creating on first use) the database and returns a backend on it; rejects with PersistenceError. */
export async function openIndexedDbBackend(options: IndexedDbBackendOptions = {}): Promise<IndexedDbBackend> {
  const factory = options.factory ?? (globalThis as { indexedDB?: IDBFactory }).indexedDB;
  const databaseName = options.databaseName ?? DEFAULT_DATABASE_NAME;
  const storeName = options.storeName ?? DEFAULT_STORE_NAME;
  // The page's entry may have started opening the default database already (openDatabaseEarly).
  const early = databaseName === DEFAULT_DATABASE_NAME && storeName === DEFAULT_STORE_NAME ? takeEarlyOpen(factory) : undefined;
  return new IndexedDbBackend(await (early ?? openDatabase(factory, databaseName, storeName)), storeName);
}

/** A KeyValueBackend over one IndexedDB object store; see the file comment. */
export class IndexedDbBackend implements KeyValueBackend {
  constructor(
    private readonly db: IDBDatabase,
    private readonly storeName: string,
  ) {}

  /** The value under `key`, or undefined. */
  async get(key: string): Promise<unknown> {
    const [value] = await this.getMany([key]);
    return value;
  }

  /** Stores `value` under `key`. */
  put(key: string, value: unknown): Promise<void> {
    return this.batch([{ type: 'put', key, value }]);
  }

  /** Removes `key`. */
  delete(key: string): Promise<void> {
    return this.batch([{ type: 'delete', key }]);
  }

  /** Reads several keys in one read-only transaction. */
  getMany(keys: readonly string[]): Promise<unknown[]> {
    return new Promise((resolve, reject) => {
      const transaction = this.transaction('readonly', reject);
      if (!transaction) return;
      const store = transaction.objectStore(this.storeName);
      const values: unknown[] = new Array(keys.length);
      keys.forEach((key, index) => {
        const request = store.get(key);
        request.onsuccess = () => {
          values[index] = request.result;
        };
      });
      transaction.oncomplete = () => resolve(values);
    });
  }

  /** Applies writes in one read-write transaction: all of them commit, or none. */
  batch(operations: readonly BackendOperation[]): Promise<void> {
    return new Promise((resolve, reject) => {
      const transaction = this.transaction('readwrite', reject);
      if (!transaction) return;
      const store = transaction.objectStore(this.storeName);
      try {
        for (const operation of operations) {
          switch (operation.type) {
            case 'put':
              store.put(operation.value, operation.key);
              break;
            case 'delete':
              store.delete(operation.key);
              break;
            default: {
              const unknown: never = operation;
              throw new Error(`Unknown backend operation: ${JSON.stringify(unknown)}`);
            }
          }
        }
      } catch (error) {
        // A value that cannot be cloned throws synchronously: abort so nothing of the batch is kept.
        transaction.abort();
        reject(new PersistenceError('request-failed', `IndexedDB refused a value: ${messageOf(error)}`, { cause: error }));
        return;
      }
      transaction.oncomplete = () => resolve();
    });
  }

  /** Closes the database connection. */
  close(): void {
    this.db.close();
  }

  /** Starts a transaction whose failure rejects through `reject`; undefined when it could not start. */
  private transaction(mode: IDBTransactionMode, reject: (error: PersistenceError) => void): IDBTransaction | undefined {
    let transaction: IDBTransaction;
    try {
      transaction = this.db.transaction(this.storeName, mode);
    } catch (error) {
      reject(new PersistenceError('request-failed', `IndexedDB transaction could not start: ${messageOf(error)}`, { cause: error }));
      return undefined;
    }
    transaction.onerror = () =>
      reject(
        new PersistenceError('request-failed', `IndexedDB request failed: ${messageOf(transaction.error)}`, { cause: transaction.error }),
      );
    transaction.onabort = () =>
      reject(
        new PersistenceError('aborted', `IndexedDB transaction was aborted: ${messageOf(transaction.error)}`, { cause: transaction.error }),
      );
    return transaction;
  }
}
