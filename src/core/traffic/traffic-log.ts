/**
 * The traffic log: a framework-free store of every HTTP exchange on both wires and
 * every JSON-RPC message the MCP exchanges carried. React reads it with
 * `useSyncExternalStore(log.subscribe, log.getSnapshot)`.
 *
 * Storage choice (it must stay cheap with 100,000 records):
 * - Records live in two plain arrays that only grow (`push` is O(1) amortised). A
 *   snapshot does not copy them: it holds the live arrays plus a `version`. So compare
 *   `snapshot.version` (or the snapshot object itself), never array identity, to see a
 *   change; read `exchangeCount`/`messageCount` to get a stable length for a render.
 * - An updated record is replaced by a new object in place (O(1)), never mutated, so a
 *   memoised row for an unchanged record keeps its identity and one for a changed
 *   record sees a new object. The one exception is `sseEvents`: events are pushed onto
 *   the same array (a copy per event would make a long stream quadratic); the exchange
 *   object around it is still replaced on every event.
 * - `clear()` and `load()` start new arrays, so an older snapshot keeps what it showed.
 * - Ids and sequence numbers keep counting across `clear()`, so a request still in
 *   flight after a clear cannot update a newer record that happens to share its id.
 */
import { Listeners } from '../shared/listeners';
import { BodySharing } from './body-sharing';
import type { EntriesKeyOf } from './body-sharing';
import { classifyRpcMessage } from './rpc-messages';
import type { NewRpcMessage } from './rpc-messages';
import { addToAggregate, FIRST_SAMPLES } from './load-aggregate';
import type { LoadOutcome, WholeRequest } from './load-aggregate';
import type { ExchangeState, HttpExchange, LoadAggregate, LoadFigures, RpcKind, RpcMessageRecord, SseEventRecord } from './types';

export type { NewRpcMessage } from './rpc-messages';

/** What `getSnapshot` returns: a new object only when something changed. */
export interface TrafficSnapshot {
  /** Increases with every change. */
  readonly version: number;
  /** All exchanges, oldest first. Shared with later snapshots: read at most `exchangeCount`. */
  readonly exchanges: readonly HttpExchange[];
  /** All JSON-RPC messages, oldest first. Shared with later snapshots: read at most `messageCount`. */
  readonly messages: readonly RpcMessageRecord[];
  /** Number of exchanges when the snapshot was taken. */
  readonly exchangeCount: number;
  /** Number of messages when the snapshot was taken. */
  readonly messageCount: number;
}

/** Data accepted by `load`: what an export holds. */
export interface TrafficLogData {
  exchanges: readonly HttpExchange[];
  messages: readonly RpcMessageRecord[];
}

/** A new exchange: everything but the id; the state defaults to `pending`. */
export type NewExchange = Omit<HttpExchange, 'id' | 'state'> & { state?: ExchangeState };

/** A change to an exchange. Its id cannot change. */
export type ExchangePatch = Partial<Omit<HttpExchange, 'id'>>;

/** Options for a TrafficLog. */
export interface TrafficLogOptions {
  /**
   * Schedules the listeners' notification after a change; all changes made before it
   * runs produce one notification. Default is `queueMicrotask`; pass a frame-based
   * scheduler (e.g. `requestAnimationFrame`) to notify at most once per frame.
   */
  schedule?: (flush: () => void) => void;
  /**
   * Where a model request keeps its conversation entries: given, request bodies are kept with
   * the prefix they share with the previous request deduplicated (`requestBodyParts`, see
   * shared-body.ts). Default: every body is kept whole.
   */
  entriesKeyOf?: EntriesKeyOf;
}

/** Where an unanswered request sits, for pairing its response. */
interface PendingRequest {
  index: number;
  seq: number;
}

/** The key pairing a response with its request: server, the request's direction and the id with its type. */
function pairingKey(server: string, requestDirection: 'out' | 'in', rpcId: string | number): string {
  return `${requestDirection}\u0000${typeof rpcId}\u0000${rpcId}\u0000${server}`;
}

/** The store of all recorded traffic. One per app (or per test). */
export class TrafficLog {
  private exchanges: HttpExchange[] = [];
  private messages: RpcMessageRecord[] = [];
  private exchangeIndex = new Map<number, number>();
  private messageIndex = new Map<number, number>();
  private pending = new Map<string, PendingRequest>();
  private readonly listeners = new Listeners();
  private readonly schedule: (flush: () => void) => void;
  private readonly sharing: BodySharing | undefined;
  private version = 0;
  private snapshot: TrafficSnapshot;
  private notifyScheduled = false;
  private nextExchangeId = 1;
  private nextSeq = 1;
  /** Load probes under way or ended: each run's row and its aggregate (see load-aggregate.ts). */
  private loadRuns = new Map<string, { id: number; aggregate: LoadAggregate }>();

  /** Creates an empty log. */
  constructor(options: TrafficLogOptions = {}) {
    // A promise reaction rather than queueMicrotask: in Chromium every queueMicrotask callback is a
    // call from the engine into the page (a few changes per request add up on a busy wire).
    this.schedule = options.schedule ?? ((flush) => void Promise.resolve().then(flush));
    this.sharing = options.entriesKeyOf && new BodySharing(options.entriesKeyOf);
    this.snapshot = this.makeSnapshot();
  }

  /** Adds a listener called (batched) after changes; returns the function that removes it. */
  subscribe = this.listeners.subscribe;

  /** The current snapshot: the same object until something changes. */
  getSnapshot = (): TrafficSnapshot => {
    if (this.snapshot.version !== this.version) this.snapshot = this.makeSnapshot();
    return this.snapshot;
  };

  /** Records the start of an exchange and returns its id. */
  beginExchange(exchange: NewExchange): number {
    const id = this.nextExchangeId++;
    const whole: HttpExchange = { ...exchange, id, state: exchange.state ?? 'pending' };
    const record = this.sharing ? this.sharing.share(whole, (forked) => this.getExchange(forked)) : whole;
    this.exchangeIndex.set(id, this.exchanges.length);
    this.exchanges.push(record);
    this.changed();
    return id;
  }

  /** Applies a patch to an exchange; returns false when the id is unknown (e.g. after `clear`). */
  updateExchange(id: number, patch: ExchangePatch): boolean {
    const index = this.exchangeIndex.get(id);
    const current = index === undefined ? undefined : this.exchanges[index];
    if (index === undefined || current === undefined) return false;
    this.exchanges[index] = { ...current, ...patch, id };
    this.changed();
    return true;
  }

  /** Appends an event to an exchange's `sseEvents`; returns false when the id is unknown. */
  appendSseEvent(id: number, event: SseEventRecord): boolean {
    const index = this.exchangeIndex.get(id);
    const current = index === undefined ? undefined : this.exchanges[index];
    if (index === undefined || current === undefined) return false;
    // Push onto the existing array (see the storage note above); a new exchange object still marks the change.
    const events = current.sseEvents ?? [];
    events.push(event);
    this.exchanges[index] = { ...current, sseEvents: events };
    this.changed();
    return true;
  }

  /** The exchange with this id, if the log holds it. */
  getExchange(id: number): HttpExchange | undefined {
    const index = this.exchangeIndex.get(id);
    return index === undefined ? undefined : this.exchanges[index];
  }

  /**
   * Starts a load probe's one row (core/load) and returns its id: the wire tap then records each
   * request whose context carries `run` into it (`recordLoadRequest`) instead of a row of its own.
   */
  beginLoadRun(run: string, exchange: NewExchange): number {
    const aggregate: LoadAggregate = { run, requests: 0, groups: [], samples: [] };
    const id = this.beginExchange({ ...exchange, requestMessages: 0, load: aggregate });
    this.loadRuns.set(run, { id, aggregate });
    return id;
  }

  /** True when requests of this load run are summarised on its row. */
  isLoadRun(run: string): boolean {
    return this.loadRuns.has(run);
  }

  /** True while the run's row still keeps its first requests whole (they are recorded as any other). */
  loadRunWantsFirst(run: string): boolean {
    const entry = this.loadRuns.get(run);
    return entry !== undefined && entry.aggregate.samples.filter((sample) => sample.group === undefined).length < FIRST_SAMPLES;
  }

  /** The aggregate of a load run so far (counters included), if the log knows the run. */
  loadRunOf(run: string): LoadAggregate | undefined {
    const entry = this.loadRuns.get(run);
    return entry && { ...entry.aggregate, groups: entry.aggregate.groups.map((group) => ({ ...group })) };
  }

  /** One finished request of a load run: counted, and kept as a sample when it is one of the few kept. */
  recordLoadRequest(run: string, outcome: LoadOutcome, whole: WholeRequest): void {
    const entry = this.loadRuns.get(run);
    if (!entry) return;
    const { aggregate, kept } = addToAggregate(entry.aggregate, outcome, whole);
    entry.aggregate = aggregate;
    // Counters alone reach the row with the run's next figures (updateLoadRun), not per request.
    if (kept) this.updateExchange(entry.id, { load: this.loadRunOf(run) });
  }

  /** Writes a load run's figures (and the counters so far) on its row, with any other change to the row. */
  updateLoadRun(run: string, figures: LoadFigures, patch: ExchangePatch = {}): void {
    const entry = this.loadRuns.get(run);
    if (!entry) return;
    entry.aggregate = { ...entry.aggregate, figures };
    this.updateExchange(entry.id, { ...patch, load: this.loadRunOf(run) });
  }

  /**
   * Records a JSON-RPC message and returns its sequence number. A request without an
   * id is recorded as a notification. A response or error is paired with the request of
   * the same server and JSON-RPC id sent the other way: both get `pairedSeq`, the
   * response gets `latencyMs` and the request's method.
   */
  addMessage(message: NewRpcMessage): number {
    const seq = this.nextSeq++;
    let kind: RpcKind = message.kind ?? classifyRpcMessage(message.message)?.kind ?? 'notification';
    if (kind === 'request' && message.rpcId === undefined) kind = 'notification';
    // Pairing fields are the log's to set, whatever the caller passed.
    const { pairedSeq: _pairedSeq, latencyMs: _latencyMs, ...fields } = message as NewRpcMessage & Partial<RpcMessageRecord>;
    const record: RpcMessageRecord = { ...fields, seq, kind, method: message.method ?? '' };
    const index = this.messages.length;

    switch (kind) {
      case 'request':
        if (record.rpcId !== undefined) {
          this.pending.set(pairingKey(record.server, record.direction, record.rpcId), { index, seq });
        }
        break;
      case 'response':
      case 'error':
        if (record.rpcId !== undefined) this.pairResponse(record);
        break;
      case 'notification':
        break;
      default: {
        const unknownKind: never = kind;
        throw new Error(`Unknown JSON-RPC kind: ${String(unknownKind)}`);
      }
    }

    this.messageIndex.set(seq, index);
    this.messages.push(record);
    this.changed();
    return seq;
  }

  /** The message with this sequence number, if the log holds it. */
  getMessage(seq: number): RpcMessageRecord | undefined {
    const index = this.messageIndex.get(seq);
    return index === undefined ? undefined : this.messages[index];
  }

  /** Removes every record. Ids keep counting (see the storage note above). */
  clear(): void {
    this.reset();
    this.changed();
  }

  /**
   * Replaces the contents with imported records (already validated by the caller).
   * Requests without a paired response wait for one again; new ids continue after the
   * highest imported one.
   */
  load(data: TrafficLogData): void {
    this.reset();
    for (const exchange of data.exchanges) {
      this.exchangeIndex.set(exchange.id, this.exchanges.length);
      this.exchanges.push(exchange);
      if (exchange.id >= this.nextExchangeId) this.nextExchangeId = exchange.id + 1;
    }
    this.sharing?.reset(this.exchanges);
    for (const message of data.messages) {
      const index = this.messages.length;
      this.messageIndex.set(message.seq, index);
      this.messages.push(message);
      if (message.seq >= this.nextSeq) this.nextSeq = message.seq + 1;
      if (message.kind === 'request' && message.rpcId !== undefined && message.pairedSeq === undefined) {
        this.pending.set(pairingKey(message.server, message.direction, message.rpcId), { index, seq: message.seq });
      }
    }
    this.changed();
  }

  /** Pairs a response (not yet stored) with its pending request, updating both. */
  private pairResponse(response: RpcMessageRecord): void {
    if (response.rpcId === undefined) return;
    const requestDirection = response.direction === 'in' ? 'out' : 'in';
    const key = pairingKey(response.server, requestDirection, response.rpcId);
    const pending = this.pending.get(key);
    if (!pending) return;
    const request = this.messages[pending.index];
    if (!request || request.seq !== pending.seq) return;
    this.pending.delete(key);
    this.messages[pending.index] = { ...request, pairedSeq: response.seq };
    response.pairedSeq = request.seq;
    response.latencyMs = response.at - request.at;
    if (response.method === '') response.method = request.method;
    if (response.toolCallId === undefined && request.toolCallId !== undefined) response.toolCallId = request.toolCallId;
  }

  /** Empties the storage with fresh arrays and maps. */
  private reset(): void {
    this.exchanges = [];
    this.messages = [];
    this.exchangeIndex = new Map();
    this.messageIndex = new Map();
    this.pending = new Map();
    this.loadRuns = new Map();
    this.sharing?.reset();
  }

  /** Marks a change and schedules one batched notification. */
  private changed(): void {
    this.version++;
    if (this.notifyScheduled) return;
    this.notifyScheduled = true;
    this.schedule(() => {
      this.notifyScheduled = false;
      this.listeners.notify();
    });
  }

  /** Builds a snapshot of the current state. */
  private makeSnapshot(): TrafficSnapshot {
    return {
      version: this.version,
      exchanges: this.exchanges,
      messages: this.messages,
      exchangeCount: this.exchanges.length,
      messageCount: this.messages.length,
    };
  }
}
