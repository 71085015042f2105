/**
 * Keeps the session in a key-value backend (IndexedDB in the page) as it goes, so a reload or
 * a crash loses at most the last save window: the traffic log of both wires, the conversation
 * (`AgentSession.exportData`, which has no API key) and the config text with its secrets
 * stripped. `restore()` puts it all back on start-up.
 *
 * How it saves:
 * - Changes are noticed through the stores' `subscribe`; the first change after a save starts
 *   a timer and everything changed until it fires is written together (at most one save per
 *   `debounceMs`, even while a reply streams). `flush()` saves at once (pagehide, hidden tab).
 * - The traffic log is written in chunks of `chunkSize` records by index
 *   (`traffic.exchanges.<n>`, `traffic.messages.<n>`). The log replaces an updated record with
 *   a new object and only appends otherwise, so comparing each index with the object last saved
 *   finds the changed chunks; only those (usually the last, open one) are written again. A log
 *   that was cleared or loaded has new arrays, which rewrites everything and deletes surplus chunks.
 * - The layout record (`session.meta`) is written last in the same batch, so an IndexedDB
 *   transaction switches from one consistent state to the next. It carries a save id: when
 *   the stored one is not the id this page last wrote, another tab saved in between, and the
 *   whole log is written again (the last tab to save wins; the log is never a mix of two).
 *
 * Untrusted stored data goes through the same boundary as a session file (parse-traffic-data,
 * the agent's `importData`): damaged parts are reported as problems and skipped, never thrown.
 */
import type { AgentSessionData } from '../agent/session-types';
import { stripSecrets } from '../config/share-link';
import type { TrafficLogData, TrafficSnapshot } from '../traffic/traffic-log';
import type { HttpExchange, RpcMessageRecord } from '../traffic/types';
import { readMany, writeAll, type BackendOperation, type KeyValueBackend } from './key-value-backend';
import { parseTrafficData, settleInterruptedExchange } from './parse-traffic-data';

/** The traffic log as the persistence needs it (a `TrafficLog` fits). */
export interface PersistedTrafficLog {
  subscribe(listener: () => void): () => void;
  getSnapshot(): TrafficSnapshot;
  load(data: TrafficLogData): void;
}

/** The agent session as the persistence needs it (an `AgentSession` fits). */
export interface PersistedAgentSession {
  subscribe(listener: () => void): () => void;
  /** The same object until the conversation changes. */
  getSnapshot(): { items: readonly unknown[] };
  exportData(): AgentSessionData;
  importData(data: unknown): { problems: string[] };
}

/** Options for SessionPersistence. */
export interface SessionPersistenceOptions {
  log: PersistedTrafficLog;
  session: PersistedAgentSession;
  backend: KeyValueBackend;
  /** Longest wait between a change and its save, in milliseconds. Default is 300. */
  debounceMs?: number;
  /** Traffic records per stored chunk. Default is 500. */
  chunkSize?: number;
  /** Starts a timer. Default is `setTimeout`. */
  setTimer?(callback: () => void, ms: number): unknown;
  /** Cancels a timer. Default is `clearTimeout`. */
  clearTimer?(handle: unknown): void;
  /** Wall clock in epoch milliseconds. Default is `Date.now`. */
  now?(): number;
  /** Identifies this page's saves, so a save by another tab is noticed. Default is a random string. */
  writerId?: string;
}

/** What `restore()` found. */
export interface RestoreResult {
  /** True when saved traffic records or chat items were put back. */
  restored: boolean;
  /** The saved config text (secrets stripped), when there was one. */
  configText?: string;
  /** Everything that could not be restored, for the person to read. */
  problems: string[];
  /** How many records and chat items came back. */
  counts: { exchanges: number; messages: number; items: number };
}

/** The save state, for a status indicator. A new object after every change. */
export interface PersistenceStatus {
  /** Changes wait for the next save. */
  dirty: boolean;
  /** A save is being written. */
  saving: boolean;
  /** When the last save completed, epoch milliseconds. */
  lastSavedAt?: number;
  /** Why the last save failed; cleared by the next successful one. */
  error?: string;
}

/** Storage keys. */
export const PERSISTENCE_KEYS = {
  meta: 'session.meta',
  conversation: 'session.conversation',
  config: 'session.config',
  chunk: (kind: 'exchanges' | 'messages', index: number) => `traffic.${kind}.${index}`,
} as const;

/** The format marker of the layout record. */
export const PERSISTENCE_FORMAT = 'glassbox-persisted-session';

/** Default `debounceMs`. */
export const DEFAULT_SAVE_DEBOUNCE_MS = 300;
/** Default `chunkSize`. */
export const DEFAULT_CHUNK_SIZE = 500;

/** The layout record: how many records and chunks of each kind are stored. */
interface StoredLayout {
  format: typeof PERSISTENCE_FORMAT;
  version: 1;
  /** Unique per save: `<writer>:<count>`. */
  saveId: string;
  chunkSize: number;
  exchanges: { count: number; chunks: number };
  messages: { count: number; chunks: number };
  savedAt: number;
}

/** Stands for a stored layout that cannot be read (never equal to a real save id). */
const UNREADABLE = '\u0000unreadable';

type Dirty = { traffic: boolean; conversation: boolean; config: boolean };
const CLEAN: Readonly<Dirty> = Object.freeze({ traffic: false, conversation: false, config: false });

/** Saves the session as it goes and restores it on start-up; see the file comment. */
export class SessionPersistence {
  private readonly log: PersistedTrafficLog;
  private readonly session: PersistedAgentSession;
  private readonly backend: KeyValueBackend;
  private readonly debounceMs: number;
  private readonly chunkSize: number;
  private readonly setTimer: (callback: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;
  private readonly now: () => number;
  private readonly exchanges: ChunkTracker<HttpExchange>;
  private readonly messages: ChunkTracker<RpcMessageRecord>;
  private readonly listeners = new Set<() => void>();
  private dirty: Dirty = { ...CLEAN };
  private configText: string | undefined;
  private timer: unknown;
  private saving: Promise<void> | undefined;
  private unsubscribes: Array<() => void> = [];
  /** The `saveId` of the layout this instance last wrote or restored: anything else in storage was written by another tab. */
  private lastSaveId: string | undefined;
  private saveCount = 0;
  private readonly writerId: string;
  /** The traffic snapshot version and the conversation snapshot last saved (or restored). */
  private savedTrafficVersion: number;
  private savedConversation: unknown;
  private status: PersistenceStatus = { dirty: false, saving: false };

  constructor(options: SessionPersistenceOptions) {
    this.log = options.log;
    this.session = options.session;
    this.backend = options.backend;
    this.debounceMs = options.debounceMs ?? DEFAULT_SAVE_DEBOUNCE_MS;
    this.chunkSize = Math.max(1, Math.floor(options.chunkSize ?? DEFAULT_CHUNK_SIZE));
    this.setTimer = options.setTimer ?? ((callback, ms) => setTimeout(callback, ms));
    this.clearTimer = options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
    this.now = options.now ?? (() => Date.now());
    this.writerId = options.writerId ?? Math.random().toString(36).slice(2, 10);
    this.exchanges = new ChunkTracker('exchanges', this.chunkSize);
    this.messages = new ChunkTracker('messages', this.chunkSize);
    // What the stores hold now counts as saved; create the persistence before anything is recorded.
    this.savedTrafficVersion = this.log.getSnapshot().version;
    this.savedConversation = this.session.getSnapshot();
  }

  /** Registers a listener for status changes; returns the unsubscribe function. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** The current save status (the same object until it changes). */
  getSnapshot = (): PersistenceStatus => this.status;

  /**
   * Loads what was saved into the traffic log and the agent session and returns the saved
   * config text. Call it before `start()` and before anything is recorded (it replaces the
   * log's contents). Never throws: unreadable data becomes a problem and the session starts clean.
   */
  async restore(): Promise<RestoreResult> {
    const problems: string[] = [];
    const result: RestoreResult = { restored: false, problems, counts: { exchanges: 0, messages: 0, items: 0 } };
    let stored: unknown[];
    try {
      stored = await readMany(this.backend, [PERSISTENCE_KEYS.meta, PERSISTENCE_KEYS.conversation, PERSISTENCE_KEYS.config]);
    } catch (error) {
      problems.push(`The saved session could not be read (${messageOf(error)}); starting clean.`);
      return result;
    }
    const [meta, conversation, config] = stored;

    if (meta !== undefined) {
      try {
        await this.restoreTraffic(meta, problems);
      } catch (error) {
        problems.push(`The saved traffic log could not be read (${messageOf(error)}); it starts empty.`);
        this.dirty.traffic = true;
      }
    }
    if (conversation !== undefined) {
      try {
        const imported = this.session.importData(conversation);
        problems.push(...imported.problems.map((problem) => `Conversation: ${problem}`));
      } catch (error) {
        problems.push(`The saved conversation could not be restored (${messageOf(error)}); it starts empty.`);
      }
    }
    if (typeof config === 'string') {
      result.configText = config;
      this.configText = config;
    } else if (config !== undefined) {
      problems.push('The saved config is not text; it was ignored.');
    }

    const snapshot = this.log.getSnapshot();
    result.counts = { exchanges: snapshot.exchangeCount, messages: snapshot.messageCount, items: this.session.getSnapshot().items.length };
    result.restored = result.counts.exchanges + result.counts.messages + result.counts.items > 0;
    this.savedConversation = this.session.getSnapshot();
    this.savedTrafficVersion = snapshot.version;
    return result;
  }

  /** Starts saving: follows the stores from now on; anything restore found damaged is rewritten soon. */
  start(): void {
    if (this.unsubscribes.length > 0) return;
    this.unsubscribes = [
      this.log.subscribe(() => this.markDirty('traffic')),
      this.session.subscribe(() => this.markDirty('conversation')),
    ];
    if (this.dirty.traffic || this.dirty.conversation || this.dirty.config) this.scheduleSave();
  }

  /** Stops following the stores and cancels a pending timer (a save under way completes). */
  stop(): void {
    for (const unsubscribe of this.unsubscribes) unsubscribe();
    this.unsubscribes = [];
    if (this.timer !== undefined) this.clearTimer(this.timer);
    this.timer = undefined;
  }

  /** The config text changed: it is saved (secrets stripped) with the next save. */
  setConfigText(text: string): void {
    if (text === this.configText) return;
    this.configText = text;
    this.markDirty('config');
  }

  /** Saves everything that changed now (e.g. on pagehide); resolves when it is written or failed. */
  async flush(): Promise<void> {
    if (this.timer !== undefined) this.clearTimer(this.timer);
    this.timer = undefined;
    while (this.saving) await this.saving;
    // The stores notify in a microtask: a change made just before (e.g. in the same pagehide task) is found by comparing snapshots.
    if (this.log.getSnapshot().version !== this.savedTrafficVersion) this.dirty.traffic = true;
    if (this.session.getSnapshot() !== this.savedConversation) this.dirty.conversation = true;
    if (!this.dirty.traffic && !this.dirty.conversation && !this.dirty.config) return;
    this.saving = this.saveOnce();
    try {
      await this.saving;
    } finally {
      this.saving = undefined;
    }
  }

  private markDirty(part: keyof Dirty): void {
    this.dirty[part] = true;
    this.setStatus({ dirty: true });
    this.scheduleSave();
  }

  private scheduleSave(): void {
    if (this.timer !== undefined || this.unsubscribes.length === 0) return;
    this.timer = this.setTimer(() => {
      this.timer = undefined;
      void this.flush();
    }, this.debounceMs);
  }

  /** Writes what is dirty in one batch; on failure the parts stay dirty for the next save. */
  private async saveOnce(): Promise<void> {
    const dirty = this.dirty;
    this.dirty = { ...CLEAN };
    this.setStatus({ dirty: false, saving: true });
    const operations: BackendOperation[] = [];
    const commits: Array<() => void> = [];
    try {
      if (dirty.conversation) {
        const conversation = this.session.getSnapshot();
        operations.push({ type: 'put', key: PERSISTENCE_KEYS.conversation, value: this.session.exportData() });
        commits.push(() => (this.savedConversation = conversation));
      }
      if (dirty.config && this.configText !== undefined) {
        const stripped = stripSecretsOrUndefined(this.configText);
        // A config with syntax errors cannot have its secrets located: keep the last saved one.
        if (stripped !== undefined) operations.push({ type: 'put', key: PERSISTENCE_KEYS.config, value: stripped });
      }
      if (dirty.traffic) {
        // Another tab of the app may have saved since: then the stored chunks are not ours, and all of ours are written.
        const stored = await this.backend.get(PERSISTENCE_KEYS.meta);
        const storedSaveId = stored === undefined ? undefined : (parseLayout(stored)?.saveId ?? UNREADABLE);
        const foreign = storedSaveId !== this.lastSaveId;
        if (foreign) {
          const layout = parseLayout(stored);
          this.exchanges.forget(layout?.exchanges.chunks ?? 0);
          this.messages.forget(layout?.messages.chunks ?? 0);
        }
        const snapshot = this.log.getSnapshot();
        commits.push(() => (this.savedTrafficVersion = snapshot.version));
        const exchangePlan = this.exchanges.plan(snapshot.exchanges, snapshot.exchangeCount);
        const messagePlan = this.messages.plan(snapshot.messages, snapshot.messageCount);
        if (exchangePlan.operations.length > 0 || messagePlan.operations.length > 0 || foreign) {
          const saveId = `${this.writerId}:${++this.saveCount}`;
          operations.push(...exchangePlan.operations, ...messagePlan.operations, { type: 'put', key: PERSISTENCE_KEYS.meta, value: this.layout(snapshot, saveId) });
          commits.push(exchangePlan.commit, messagePlan.commit, () => (this.lastSaveId = saveId));
        }
      }
      await writeAll(this.backend, operations);
      for (const commit of commits) commit();
      this.setStatus({ saving: false, lastSavedAt: this.now(), error: undefined });
    } catch (error) {
      // Keep the parts that were not saved dirty; the next change (or flush) tries again.
      this.dirty = { traffic: this.dirty.traffic || dirty.traffic, conversation: this.dirty.conversation || dirty.conversation, config: this.dirty.config || dirty.config };
      this.setStatus({ dirty: true, saving: false, error: `The session could not be saved: ${messageOf(error)}` });
    }
  }

  /** Loads the stored traffic log. */
  private async restoreTraffic(meta: unknown, problems: string[]): Promise<void> {
    const layout = parseLayout(meta);
    if (!layout) {
      problems.push('The saved traffic log has an unknown format; it starts empty.');
      this.dirty.traffic = true;
      return;
    }
    const exchangeKeys = range(layout.exchanges.chunks).map((index) => PERSISTENCE_KEYS.chunk('exchanges', index));
    const messageKeys = range(layout.messages.chunks).map((index) => PERSISTENCE_KEYS.chunk('messages', index));
    const values = await readMany(this.backend, [...exchangeKeys, ...messageKeys]);
    let damaged = false;
    const assemble = (chunks: unknown[], count: number, label: string): unknown[] => {
      const records: unknown[] = [];
      chunks.forEach((chunk, index) => {
        if (Array.isArray(chunk)) records.push(...chunk);
        else {
          damaged = true;
          problems.push(`Saved ${label} ${index * layout.chunkSize + 1}–${(index + 1) * layout.chunkSize} are missing or damaged and were not restored.`);
        }
      });
      if (records.length > count) records.length = count;
      return records;
    };
    const parsed = parseTrafficData({
      exchanges: assemble(values.slice(0, exchangeKeys.length), layout.exchanges.count, 'HTTP exchanges'),
      messages: assemble(values.slice(exchangeKeys.length), layout.messages.count, 'JSON-RPC messages'),
    });
    problems.push(...parsed.problems);
    const settledAt: number[] = [];
    const exchanges = parsed.data.exchanges.map((exchange, index) => {
      const settled = settleInterruptedExchange(exchange);
      if (settled !== exchange) settledAt.push(index);
      return settled;
    });
    this.log.load({ exchanges, messages: parsed.data.messages });

    const snapshot = this.log.getSnapshot();
    if (damaged || parsed.problems.length > 0 || layout.chunkSize !== this.chunkSize) {
      // Indexes no longer match the stored chunks: rewrite everything at the first save.
      this.exchanges.forget(layout.exchanges.chunks);
      this.messages.forget(layout.messages.chunks);
      this.dirty.traffic = true;
    } else {
      this.exchanges.adopt(snapshot.exchanges, snapshot.exchangeCount, layout.exchanges.chunks);
      this.messages.adopt(snapshot.messages, snapshot.messageCount, layout.messages.chunks);
      this.lastSaveId = layout.saveId;
      // Exchanges marked interrupted differ from what is stored: their chunks are written again.
      if (settledAt.length > 0) {
        this.exchanges.invalidate(settledAt);
        this.dirty.traffic = true;
      }
    }
  }

  private layout(snapshot: TrafficSnapshot, saveId: string): StoredLayout {
    return {
      format: PERSISTENCE_FORMAT,
      version: 1,
      saveId,
      chunkSize: this.chunkSize,
      exchanges: { count: snapshot.exchangeCount, chunks: chunkCount(snapshot.exchangeCount, this.chunkSize) },
      messages: { count: snapshot.messageCount, chunks: chunkCount(snapshot.messageCount, this.chunkSize) },
      savedAt: this.now(),
    };
  }

  private setStatus(patch: Partial<PersistenceStatus>): void {
    const next: PersistenceStatus = { ...this.status, ...patch };
    if (next.error === undefined) delete next.error;
    if (next.dirty === this.status.dirty && next.saving === this.status.saving && next.lastSavedAt === this.status.lastSavedAt && next.error === this.status.error) return;
    this.status = next;
    for (const listener of [...this.listeners]) listener();
  }
}

/** The writes that bring one stored record kind up to date, and what to remember once they are done. */
interface ChunkPlan {
  operations: BackendOperation[];
  commit(): void;
}

/**
 * Remembers, for one kind of record, which object was saved at each index and how many chunks
 * are stored, so a save writes only the chunks that changed.
 */
class ChunkTracker<T> {
  /** The log's array when last saved: a different array means the log was cleared or loaded. */
  private array: readonly T[] | undefined;
  /** The record saved at each index (undefined forces that index's chunk to be written). */
  private saved: Array<T | undefined> = [];
  private storedChunks = 0;

  constructor(
    private readonly kind: 'exchanges' | 'messages',
    private readonly chunkSize: number,
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
      operations.push({ type: 'put', key: PERSISTENCE_KEYS.chunk(this.kind, chunk), value: records });
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

/** Validates the layout record; undefined when it is not one this version can read. */
function parseLayout(value: unknown): StoredLayout | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const layout = value as Partial<Record<keyof StoredLayout, unknown>>;
  if (layout.format !== PERSISTENCE_FORMAT || layout.version !== 1 || !isCount(layout.chunkSize)) return undefined;
  const part = (raw: unknown): { count: number; chunks: number } | undefined => {
    if (typeof raw !== 'object' || raw === null) return undefined;
    const { count, chunks } = raw as { count?: unknown; chunks?: unknown };
    return isCountOrZero(count) && isCountOrZero(chunks) && chunks <= 1_000_000 ? { count, chunks } : undefined;
  };
  const exchanges = part(layout.exchanges);
  const messages = part(layout.messages);
  if (!exchanges || !messages) return undefined;
  const saveId = typeof layout.saveId === 'string' ? layout.saveId : '';
  return { format: PERSISTENCE_FORMAT, version: 1, saveId, chunkSize: layout.chunkSize, exchanges, messages, savedAt: typeof layout.savedAt === 'number' ? layout.savedAt : 0 };
}

function stripSecretsOrUndefined(text: string): string | undefined {
  try {
    return stripSecrets(text);
  } catch {
    return undefined;
  }
}

function chunkCount(count: number, size: number): number {
  return Math.ceil(count / size);
}

function range(length: number): number[] {
  return Array.from({ length }, (_, index) => index);
}

function isCount(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 1;
}

function isCountOrZero(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 0;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
