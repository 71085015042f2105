/**
 * The storage the session persistence and the sign-in tokens write to: an asynchronous key-value
 * store of structured-cloneable values. IndexedDB in the page (persistence/indexeddb-backend), a
 * Map in tests (memory-backend). Keeping it this small is what lets both run in Node.
 */
/** One write of a batch: store a value, or remove a key. */
export type BackendOperation = { type: 'put'; key: string; value: unknown } | { type: 'delete'; key: string };

/** An asynchronous key-value store. Values are structured-cloned (stored copies, not references). */
export interface KeyValueBackend {
  /** The value stored under `key`, or undefined. */
  get(key: string): Promise<unknown>;
  /** Stores `value` under `key`, replacing what was there. */
  put(key: string, value: unknown): Promise<void>;
  /** Removes `key` (no error when it is absent). */
  delete(key: string): Promise<void>;
  /** Optional: reads several keys at once (one transaction where the store has them). */
  getMany?(keys: readonly string[]): Promise<unknown[]>;
  /** Optional: applies several writes atomically (all or none), in order. */
  batch?(operations: readonly BackendOperation[]): Promise<void>;
}

/** Reads several keys through `getMany` when the backend has it, else one by one (in parallel). */
export function readMany(backend: KeyValueBackend, keys: readonly string[]): Promise<unknown[]> {
  if (keys.length === 0) return Promise.resolve([]);
  return backend.getMany ? backend.getMany(keys) : Promise.all(keys.map((key) => backend.get(key)));
}

/** Applies writes through `batch` when the backend has it, else in order, one at a time. */
export async function writeAll(backend: KeyValueBackend, operations: readonly BackendOperation[]): Promise<void> {
  if (operations.length === 0) return;
  if (backend.batch) return backend.batch(operations);
  for (const operation of operations) {
    switch (operation.type) {
      case 'put':
        await backend.put(operation.key, operation.value);
        break;
      case 'delete':
        await backend.delete(operation.key);
        break;
      default: {
        const unknown: never = operation;
        throw new Error(`Unknown backend operation: ${JSON.stringify(unknown)}`);
      }
    }
  }
}
