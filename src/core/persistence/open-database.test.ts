import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { openIndexedDbBackend, PersistenceError } from './index';
import { openDatabaseEarly } from './open-database';

/** An IndexedDB (fake-indexeddb's, in memory) that counts its opens. */
function countingFactory(): { factory: IDBFactory; opens: () => number } {
  const factory = new IDBFactory();
  let opens = 0;
  const open = factory.open.bind(factory);
  factory.open = (...args: Parameters<IDBFactory['open']>) => {
    opens += 1;
    return open(...args);
  };
  return { factory, opens: () => opens };
}

describe('the database opened early by the page entry', () => {
  it('is the one the app opens next: one open, and the backend works on it', async () => {
    const { factory, opens } = countingFactory();
    openDatabaseEarly(factory);
    expect(opens()).toBe(1);
    const backend = await openIndexedDbBackend({ factory });
    expect(opens()).toBe(1);
    await backend.put('key', { saved: true });
    expect(await backend.get('key')).toEqual({ saved: true });
  });

  it('is taken once: a second open opens again', async () => {
    const { factory, opens } = countingFactory();
    openDatabaseEarly(factory);
    await openIndexedDbBackend({ factory });
    await openIndexedDbBackend({ factory });
    expect(opens()).toBe(2);
  });

  it('is not taken for another factory or another database', async () => {
    const early = countingFactory();
    const other = countingFactory();
    openDatabaseEarly(early.factory);
    await openIndexedDbBackend({ factory: other.factory });
    expect(other.opens()).toBe(1);
    await openIndexedDbBackend({ factory: early.factory, databaseName: 'another' });
    expect(early.opens()).toBe(2);
  });

  it('reports its failure when the app opens, as an open of its own would have, without opening again', async () => {
    const { factory } = countingFactory();
    let opens = 0;
    factory.open = () => {
      opens += 1;
      throw new DOMException('storage is blocked here', 'SecurityError');
    };
    openDatabaseEarly(factory);
    const failure = await openIndexedDbBackend({ factory }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PersistenceError);
    expect((failure as PersistenceError).code).toBe('unavailable');
    expect((failure as PersistenceError).message).toBe('IndexedDB cannot be opened: storage is blocked here');
    expect(opens).toBe(1);
  });
});
