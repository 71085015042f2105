/**
 * An in-memory KeyValueBackend for tests and for pages where IndexedDB is unavailable.
 * Values are structured-cloned on the way in and out, as IndexedDB does, so a test cannot
 * pass by accident through shared references. It counts writes per key, so tests can check
 * that saving is incremental.
 */
import type { BackendOperation, KeyValueBackend } from './key-value-backend';

/** A Map-backed store with write counters; see the file comment. */
export class MemoryBackend implements KeyValueBackend {
  private readonly values = new Map<string, unknown>();
  /** Every write in order: `put <key>` or `delete <key>`. Tests may clear it. */
  readonly writes: string[] = [];

  /** The value under `key` (a copy), or undefined. */
  async get(key: string): Promise<unknown> {
    return this.peek(key);
  }

  /** Stores a copy of `value`. */
  async put(key: string, value: unknown): Promise<void> {
    this.values.set(key, structuredClone(value));
    this.writes.push(`put ${key}`);
  }

  /** Removes `key`. */
  async delete(key: string): Promise<void> {
    this.values.delete(key);
    this.writes.push(`delete ${key}`);
  }

  /** Reads several keys. */
  async getMany(keys: readonly string[]): Promise<unknown[]> {
    return keys.map((key) => this.peek(key));
  }

  /** Applies writes in order; all values are cloned before any is stored, so a bad value stores nothing. */
  async batch(operations: readonly BackendOperation[]): Promise<void> {
    const cloned = operations.map((operation) =>
      operation.type === 'put' ? { ...operation, value: structuredClone(operation.value) } : operation,
    );
    for (const operation of cloned) {
      if (operation.type === 'put') this.values.set(operation.key, operation.value);
      else this.values.delete(operation.key);
      this.writes.push(`${operation.type} ${operation.key}`);
    }
  }

  /** Synchronous read for tests (a copy). */
  peek(key: string): unknown {
    return this.values.has(key) ? structuredClone(this.values.get(key)) : undefined;
  }

  /** Synchronous write for tests (e.g. to plant damaged data), not counted in `writes`. */
  plant(key: string, value: unknown): void {
    this.values.set(key, structuredClone(value));
  }

  /** The stored keys, sorted. */
  keys(): string[] {
    return [...this.values.keys()].sort();
  }
}
