/**
 * Reading back everything a page could have leaked a secret into: its exports, its web storage
 * and every IndexedDB record (shared by the specs that prove a secret is nowhere).
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';

/** Downloads what a button exports and returns the text. */
export async function downloadText(page: Page, testId: string): Promise<string> {
  const downloading = page.waitForEvent('download');
  await page.getByTestId(testId).click();
  const path = await (await downloading).path();
  return readFile(path!, 'utf8');
}

/** Every key and value of localStorage and sessionStorage. */
export async function webStorage(page: Page): Promise<Array<{ area: string; key: string; value: string }>> {
  return page.evaluate(() => {
    const entries: Array<{ area: string; key: string; value: string }> = [];
    for (const [area, storage] of [
      ['localStorage', localStorage],
      ['sessionStorage', sessionStorage],
    ] as const) {
      for (let index = 0; index < storage.length; index++) {
        const key = storage.key(index)!;
        entries.push({ area, key, value: storage.getItem(key) ?? '' });
      }
    }
    return entries;
  });
}

/**
 * Every IndexedDB database of the page, every store, every record (keys and values) as text.
 * Generic on purpose: whatever gets persisted there later is scanned too.
 */
export async function indexedDbDump(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const serialise = (value: unknown): string =>
      JSON.stringify(value, (_key, inner: unknown) => {
        if (inner instanceof ArrayBuffer) return new TextDecoder().decode(inner);
        if (ArrayBuffer.isView(inner)) return new TextDecoder().decode(inner as Uint8Array);
        if (inner instanceof Map) return [...inner.entries()];
        if (inner instanceof Set) return [...inner.values()];
        return inner;
      }) ?? String(value);
    const blobs: Promise<string>[] = [];
    const parts: string[] = [];
    const databases = typeof indexedDB.databases === 'function' ? await indexedDB.databases() : [];
    for (const info of databases) {
      if (!info.name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(info.name!);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      parts.push(`db ${info.name}`);
      for (const storeName of db.objectStoreNames) {
        const store = db.transaction(storeName, 'readonly').objectStore(storeName);
        const [keys, values] = await Promise.all(
          [store.getAllKeys(), store.getAll()].map(
            (request) =>
              new Promise<unknown[]>((resolve, reject) => {
                request.onsuccess = () => resolve(request.result as unknown[]);
                request.onerror = () => reject(request.error);
              }),
          ),
        );
        parts.push(`store ${storeName}: keys ${serialise(keys)}`);
        for (const value of values ?? []) {
          parts.push(serialise(value));
          if (value instanceof Blob) blobs.push(value.text());
        }
      }
      db.close();
    }
    return [...parts, ...(await Promise.all(blobs))].join('\n');
  });
}
