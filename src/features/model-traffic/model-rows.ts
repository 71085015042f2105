/**
 * The rows of the model wire panel: two per model-wire exchange, its request and its response.
 *
 * A row holds the index of its exchange in the log's array, not the exchange: the log replaces
 * an exchange each time it changes (headers arrive, each SSE event, the end), so a row reads
 * the current record when it is drawn. What a row copies (id, turn, step, attempt) is fixed
 * when the exchange is created. The builder only scans exchanges added since its last build,
 * so a long MCP trace beside a few model requests stays cheap.
 */
import type { TrafficSnapshot, HttpExchange } from '../../core/traffic';

/** Which half of an exchange a row shows. */
export type ModelRowKind = 'request' | 'response';

/** One row of the list. */
export interface ModelRow {
  /** Stable across rebuilds: `q<id>` for a request, `r<id>` for a response. */
  key: string;
  kind: ModelRowKind;
  /** Index of the exchange in the snapshot's `exchanges`. */
  index: number;
  /** The exchange id. */
  id: number;
  turn?: number;
  step?: number;
  /** 1 for the first request of a (turn, step), 2 for its first retry, and so on. */
  attempt: number;
}

/** A model request's place in the conversation. */
export interface TurnStep {
  turn: number;
  step: number;
}

/** The row key for one half of an exchange. */
export function rowKey(kind: ModelRowKind, id: number): string {
  return `${kind === 'request' ? 'q' : 'r'}${id}`;
}

/** True when a row belongs to the model request at `key`. */
export function rowMatches(row: ModelRow, key: TurnStep | undefined): boolean {
  return key !== undefined && row.turn === key.turn && row.step === key.step;
}

/** Builds the rows incrementally from successive snapshots of one traffic log. */
export class ModelRowsBuilder {
  private exchanges: readonly HttpExchange[] | undefined;
  private scanned = 0;
  private rows: readonly ModelRow[] = [];
  private attempts = new Map<string, number>();

  /** The rows for a snapshot; the same array as last time when no model exchange was added. */
  build(snapshot: TrafficSnapshot): readonly ModelRow[] {
    if (snapshot.exchanges !== this.exchanges || snapshot.exchangeCount < this.scanned) {
      // The log was cleared or loaded: start again.
      this.exchanges = snapshot.exchanges;
      this.scanned = 0;
      this.rows = [];
      this.attempts = new Map();
    }
    const added: ModelRow[] = [];
    for (let index = this.scanned; index < snapshot.exchangeCount; index++) {
      const exchange = snapshot.exchanges[index];
      if (exchange === undefined || exchange.wire !== 'model') continue;
      const attemptKey = `${exchange.turn ?? '-'}/${exchange.step ?? '-'}`;
      const attempt = exchange.turn === undefined ? 1 : (this.attempts.get(attemptKey) ?? 0) + 1;
      this.attempts.set(attemptKey, attempt);
      const base = { index, id: exchange.id, turn: exchange.turn, step: exchange.step, attempt };
      added.push(
        { ...base, key: rowKey('request', exchange.id), kind: 'request' },
        { ...base, key: rowKey('response', exchange.id), kind: 'response' },
      );
    }
    this.scanned = snapshot.exchangeCount;
    if (added.length > 0) this.rows = [...this.rows, ...added];
    return this.rows;
  }
}

/** The model-wire exchanges of a snapshot, oldest first (what the HAR export holds). */
export function modelExchangesOf(snapshot: TrafficSnapshot): HttpExchange[] {
  const result: HttpExchange[] = [];
  for (let index = 0; index < snapshot.exchangeCount; index++) {
    const exchange = snapshot.exchanges[index];
    if (exchange !== undefined && exchange.wire === 'model') result.push(exchange);
  }
  return result;
}
