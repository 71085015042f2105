import type { BackendOperation } from '../shared/key-value-backend';
import { chunkCount } from './stored-layout';

/** Never equal to a generation: the next plan writes everything. */
const FORGOTTEN = Symbol('forgotten');

/** The writes that bring one stored record kind up to date, and what to remember once they are done. */
export interface ChunkPlan {
  operations: BackendOperation[];
  commit(): void;
}

/**
 * Remembers, for one kind of record, which object was saved at each index and how many chunks
 * are stored, so a save writes only the chunks that changed. Records are compared by identity:
 * the stores replace a record that changes, never mutate it.
 */
export class ChunkTracker<T> {
  /** What the records belonged to when last saved (the log's array): a different one means cleared or loaded, and all is written. */
  private generation: unknown;
  /** The record saved at each index (undefined forces that index's chunk to be written). */
  private saved: Array<T | undefined> = [];
  private storedChunks = 0;

  constructor(
    /** The storage key of a chunk. */
    private readonly keyOf: (chunk: number) => string,
    private readonly chunkSize: number,
    /** The form a record is stored in (default: as it is). */
    private readonly toStored: (record: T) => unknown = (record) => record,
  ) {}

  /**
   * The writes for the records `array[0..count)`. Nothing is remembered until `commit`.
   * `generation` is what the records belong to (by default the array itself); pass a constant
   * when each save gets a fresh copy of the same list, so only the records are compared.
   */
  plan(array: readonly T[], count: number, generation: unknown = array): ChunkPlan {
    const size = this.chunkSize;
    const full = generation !== this.generation || count < this.saved.length;
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
      operations.push({ type: 'put', key: this.keyOf(chunk), value: records.map(this.toStored) });
    }
    for (let chunk = chunks; chunk < this.storedChunks; chunk++) operations.push({ type: 'delete', key: this.keyOf(chunk) });
    return {
      operations,
      commit: () => {
        if (full) this.saved = [];
        this.saved.length = count;
        for (const [chunk, records] of written) records.forEach((record, offset) => (this.saved[chunk * size + offset] = record));
        this.generation = generation;
        this.storedChunks = chunks;
      },
    };
  }

  /** Takes `array[0..count)` as what is stored in `chunks` chunks (after a clean restore). */
  adopt(array: readonly T[], count: number, chunks: number, generation: unknown = array): void {
    this.generation = generation;
    this.saved = array.slice(0, count);
    this.storedChunks = chunks;
  }

  /** Marks the records at these indexes as not stored, so their chunks are written again. */
  invalidate(indexes: readonly number[]): void {
    for (const index of indexes) this.saved[index] = undefined;
  }

  /** Forgets what is stored except the chunk count (so surplus chunks are still deleted). */
  forget(chunks: number): void {
    this.generation = FORGOTTEN;
    this.saved = [];
    this.storedChunks = chunks;
  }
}
