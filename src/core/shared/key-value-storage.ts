/** The key-value storage port of every store that survives a reload (localStorage in the page), and its in-memory stand-in. */

/** Where a store keeps its data across reloads; key/value, strings only. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** A Map-backed stand-in for localStorage (a read-only view, tests); `data` shows what was written. */
export function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => {
      data.set(key, value);
    },
  };
}
