import type { BackendOperation } from './key-value-backend';
import { chunkCount, PERSISTENCE_KEYS } from './stored-layout';

/** The writes that bring one stored record kind up to date, and what to remember once they are done. */
export interface ChunkPlan {
  operations: BackendOperation[];
  commit(): void;
}

/**
 * Remembers, for one kind of record, which object was saved at each index and how many chunks
 * are stored, so a save writes only the chunks that changed.
 */
export class ChunkTracker<T> {
  /** The log's array when last saved: a different array means the log was cleared or loaded. */
  private array: readonly T[] | undefined;
  /** The record saved at each index (undefined forces that index's chunk to be written). */
  private saved: Array<T | undefined> = [];
  private storedChunks = 0;

  constructor(
    private readonly kind: 'exchanges' | 'messages',
    private readonly chunkSize: number,
    /** The form a record is stored in (default: as it is). */
    private readonly toStored: (record: T) => unknown = (record) => record,
  ) {}

  /** The writes for the records `array[0..count)`. Nothing is remembered until `commit`. */
  plan(array: readonly T[], count: number): ChunkPlan {
    const size = this.chunkSize;
    const full = array !== this.array || count < this.saved.length;
    const chunks = chunkCount(count, size);
    const dirty = new Set<number>();
    if (full) {
      for (let chunk = 0; chunk < chunks; chunk++) dirty.add(chunk);
    } else {
      const saved = this.saved;
      for (let index = 0; index < saved.length; index++) {
        if (array[index] !== saved[index]) {
          dirty.add(Math.floor(index / size));
          // The rest of this chunk is written anyway.
          index = (Math.floor(index / size) + 1) * size - 1;
        }
      }
      if (count > saved.length) for (let chunk = Math.floor(saved.length / size); chunk < chunks; chunk++) dirty.add(chunk);
    }
    const operations: BackendOperation[] = [];
    const written: Array<[number, T[]]> = [];
    for (const chunk of [...dirty].sort((a, b) => a - b)) {
      const records = array.slice(chunk * size, Math.min(count, (chunk + 1) * size));
      written.push([chunk, records]);
      operations.push({ type: 'put', key: PERSISTENCE_KEYS.chunk(this.kind, chunk), value: records.map(this.toStored) });
    }
    for (let chunk = chunks; chunk < this.storedChunks; chunk++) operations.push({ type: 'delete', key: PERSISTENCE_KEYS.chunk(this.kind, chunk) });
    return {
      operations,
      commit: () => {
        if (full) this.saved = [];
        this.saved.length = count;
        for (const [chunk, records] of written) records.forEach((record, offset) => (this.saved[chunk * size + offset] = record));
        this.array = array;
        this.storedChunks = chunks;
      },
    };
  }

  /** Takes `array[0..count)` as what is stored in `chunks` chunks (after a clean restore). */
  adopt(array: readonly T[], count: number, chunks: number): void {
    this.array = array;
    this.saved = array.slice(0, count);
    this.storedChunks = chunks;
  }

  /** Marks the records at these indexes as not stored, so their chunks are written again. */
  invalidate(indexes: readonly number[]): void {
    for (const index of indexes) this.saved[index] = undefined;
  }

  /** Forgets what is stored except the chunk count (so surplus chunks are still deleted). */
  forget(chunks: number): void {
    this.array = undefined;
    this.saved = [];
    this.storedChunks = chunks;
  }
}
