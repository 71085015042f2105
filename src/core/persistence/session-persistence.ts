/**
 * Keeps the session in a key-value backend (IndexedDB in the page) as it goes, so a reload or
 * a crash loses at most the last save window: the traffic log of both wires, the conversation
 * (`AgentSession.exportForSave`, which has no API key; in chunks, see stored-conversation.ts), the replays of its turns (a branch of the
 * session, referencing the traffic log's exchanges by id) and the config text with its secrets
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
import { stripSecrets } from '../config/share-link';
import type { HttpExchange, RpcMessageRecord } from '../traffic/types';
import { readMany, writeAll, type BackendOperation, type KeyValueBackend } from './key-value-backend';
import type { PersistedAgentSession, PersistedReplays, PersistedTrafficLog, PersistenceStatus, RestoreResult } from './persistence-types';
import { readStoredTraffic } from './read-stored-traffic';
import { WholeRecord } from './whole-record';
import { Listeners } from '../shared/listeners';
import { ChunkTracker } from './chunk-tracker';
import { toStoredExchange } from './stored-bodies';
import { buildLayout, parseLayout, PERSISTENCE_KEYS } from './stored-layout';
import { ConversationChunks } from './stored-conversation';

/** Options for SessionPersistence. */
export interface SessionPersistenceOptions {
  log: PersistedTrafficLog;
  session: PersistedAgentSession;
  /** The replays of the session's turns, when there are any to keep. */
  replays?: PersistedReplays;
  backend: KeyValueBackend;
  /** Longest wait between a change and its save, in milliseconds. Default is 300. */
  debounceMs?: number;
  /** Traffic records, chat items and history messages per stored chunk. Default is 50. */
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

/** Default `debounceMs`. */
const DEFAULT_SAVE_DEBOUNCE_MS = 300;
/**
 * Default `chunkSize`. A save rewrites the open chunk whole, so a chunk is kept small: 50 records
 * of 20 KB tool results is 1 MB, where 500 was 10 MB rewritten on every save of a long turn.
 */
export const DEFAULT_CHUNK_SIZE = 50;

/** Stands for a stored layout that cannot be read (never equal to a real save id). */
const UNREADABLE = '\u0000unreadable';

type Dirty = { traffic: boolean; conversation: boolean; config: boolean; replays: boolean };
const CLEAN: Readonly<Dirty> = Object.freeze({ traffic: false, conversation: false, config: false, replays: false });

/** Saves the session as it goes and restores it on start-up; see the file comment. */
export class SessionPersistence {
  private readonly log: PersistedTrafficLog;
  private readonly session: PersistedAgentSession;
  private readonly replays: WholeRecord;
  private readonly backend: KeyValueBackend;
  private readonly debounceMs: number;
  private readonly chunkSize: number;
  private readonly setTimer: (callback: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;
  private readonly now: () => number;
  private readonly exchanges: ChunkTracker<HttpExchange>;
  private readonly messages: ChunkTracker<RpcMessageRecord>;
  private readonly conversation: ConversationChunks;
  private readonly listeners = new Listeners();
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
    this.replays = new WholeRecord(PERSISTENCE_KEYS.replays, 'Replays', options.replays);
    this.backend = options.backend;
    this.debounceMs = options.debounceMs ?? DEFAULT_SAVE_DEBOUNCE_MS;
    this.chunkSize = Math.max(1, Math.floor(options.chunkSize ?? DEFAULT_CHUNK_SIZE));
    this.setTimer = options.setTimer ?? ((callback, ms) => setTimeout(callback, ms));
    this.clearTimer = options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
    this.now = options.now ?? (() => Date.now());
    this.writerId = options.writerId ?? Math.random().toString(36).slice(2, 10);
    this.exchanges = new ChunkTracker((chunk) => PERSISTENCE_KEYS.chunk('exchanges', chunk), this.chunkSize, toStoredExchange);
    this.messages = new ChunkTracker((chunk) => PERSISTENCE_KEYS.chunk('messages', chunk), this.chunkSize);
    this.conversation = new ConversationChunks(this.chunkSize);
    // What the stores hold now counts as saved; create the persistence before anything is recorded.
    this.savedTrafficVersion = this.log.getSnapshot().version;
    this.savedConversation = this.session.getSnapshot();
  }

  /** Registers a listener for status changes; returns the unsubscribe function. */
  subscribe = this.listeners.subscribe;

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
      stored = await readMany(this.backend, [
        PERSISTENCE_KEYS.meta,
        PERSISTENCE_KEYS.conversation,
        PERSISTENCE_KEYS.config,
        PERSISTENCE_KEYS.replays,
      ]);
    } catch (error) {
      problems.push(`The saved session could not be read (${messageOf(error)}); starting clean.`);
      return result;
    }
    const [meta, conversation, config, replays] = stored;

    if (meta !== undefined) {
      try {
        await this.restoreTraffic(meta, problems);
      } catch (error) {
        problems.push(`The saved traffic log could not be read (${messageOf(error)}); it starts empty.`);
        this.dirty.traffic = true;
      }
    }
    if (conversation !== undefined) await this.restoreConversation(conversation, problems);
    // After the traffic and the conversation, whose exchanges and calls the replays refer to; what was damaged is rewritten.
    if (this.replays.restore(replays, problems)) this.dirty.replays = true;
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
      ...this.replays.subscribe(() => this.markDirty('replays')),
    ];
    if (this.dirty.traffic || this.dirty.conversation || this.dirty.config || this.dirty.replays) this.scheduleSave();
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
    if (this.replays.changed()) this.dirty.replays = true;
    if (!this.dirty.traffic && !this.dirty.conversation && !this.dirty.config && !this.dirty.replays) return;
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
      // Another tab of the app may have saved since: then the stored chunks are not ours, and all of ours are written.
      const [storedMeta, storedConversation] = await readMany(this.backend, [PERSISTENCE_KEYS.meta, PERSISTENCE_KEYS.conversation]);
      const storedSaveId = storedMeta === undefined ? undefined : (parseLayout(storedMeta)?.saveId ?? UNREADABLE);
      const foreign = storedSaveId !== this.lastSaveId;
      if (foreign) {
        const layout = parseLayout(storedMeta);
        this.exchanges.forget(layout?.exchanges.chunks ?? 0);
        this.messages.forget(layout?.messages.chunks ?? 0);
        this.conversation.forget(storedConversation);
        dirty.traffic = true;
        dirty.conversation = true;
        dirty.replays = true;
      }
      if (dirty.conversation) {
        const conversation = this.session.getSnapshot();
        const plan = this.conversation.plan(this.session.exportForSave());
        operations.push(...plan.operations);
        commits.push(plan.commit, () => (this.savedConversation = conversation));
      }
      if (dirty.replays) this.replays.plan(operations, commits);
      if (dirty.config && this.configText !== undefined) {
        const stripped = stripSecretsOrUndefined(this.configText);
        // A config with syntax errors cannot have its secrets located: keep the last saved one.
        if (stripped !== undefined) operations.push({ type: 'put', key: PERSISTENCE_KEYS.config, value: stripped });
      }
      if (dirty.traffic) {
        const snapshot = this.log.getSnapshot();
        commits.push(() => (this.savedTrafficVersion = snapshot.version));
        const exchangePlan = this.exchanges.plan(snapshot.exchanges, snapshot.exchangeCount);
        const messagePlan = this.messages.plan(snapshot.messages, snapshot.messageCount);
        operations.push(...exchangePlan.operations, ...messagePlan.operations);
        commits.push(exchangePlan.commit, messagePlan.commit);
      }
      if (operations.some((operation) => operation.key !== PERSISTENCE_KEYS.config) || foreign) {
        // The layout record last, stamped with this save's id: the whole batch is one consistent state.
        const saveId = `${this.writerId}:${++this.saveCount}`;
        operations.push({
          type: 'put',
          key: PERSISTENCE_KEYS.meta,
          value: buildLayout(this.log.getSnapshot(), saveId, this.chunkSize, this.now()),
        });
        commits.push(() => (this.lastSaveId = saveId));
      }
      await writeAll(this.backend, operations);
      for (const commit of commits) commit();
      this.setStatus({ saving: false, lastSavedAt: this.now(), error: undefined });
    } catch (error) {
      // Keep the parts that were not saved dirty; the next change (or flush) tries again.
      this.dirty = {
        traffic: this.dirty.traffic || dirty.traffic,
        conversation: this.dirty.conversation || dirty.conversation,
        config: this.dirty.config || dirty.config,
        replays: this.dirty.replays || dirty.replays,
      };
      this.setStatus({ dirty: true, saving: false, error: `The session could not be saved: ${messageOf(error)}` });
    }
  }

  /** Loads the stored conversation into the session; chunks that will be rewritten are forgotten. */
  private async restoreConversation(value: unknown, problems: string[]): Promise<void> {
    try {
      const { rewrite } = await this.conversation.restore(this.backend, this.session, value, problems);
      if (rewrite) this.dirty.conversation = true;
    } catch (error) {
      problems.push(`The saved conversation could not be restored (${messageOf(error)}); it starts empty.`);
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
    const stored = await readStoredTraffic(this.backend, layout, problems);
    this.log.load({ exchanges: stored.exchanges, messages: stored.messages });

    const snapshot = this.log.getSnapshot();
    if (stored.damaged || layout.chunkSize !== this.chunkSize) {
      // Indexes no longer match the stored chunks: rewrite everything at the first save.
      this.exchanges.forget(layout.exchanges.chunks);
      this.messages.forget(layout.messages.chunks);
      this.dirty.traffic = true;
    } else {
      this.exchanges.adopt(snapshot.exchanges, snapshot.exchangeCount, layout.exchanges.chunks);
      this.messages.adopt(snapshot.messages, snapshot.messageCount, layout.messages.chunks);
      this.lastSaveId = layout.saveId;
      // Exchanges marked interrupted differ from what is stored: their chunks are written again.
      if (stored.settledAt.length > 0) {
        this.exchanges.invalidate(stored.settledAt);
        this.dirty.traffic = true;
      }
    }
  }

  private setStatus(patch: Partial<PersistenceStatus>): void {
    const next: PersistenceStatus = { ...this.status, ...patch };
    if (next.error === undefined) delete next.error;
    if (
      next.dirty === this.status.dirty &&
      next.saving === this.status.saving &&
      next.lastSavedAt === this.status.lastSavedAt &&
      next.error === this.status.error
    )
      return;
    this.status = next;
    this.listeners.notify();
  }
}

function stripSecretsOrUndefined(text: string): string | undefined {
  try {
    return stripSecrets(text);
  } catch {
    return undefined;
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
