/**
 * The rows of the MCP wire panel: every JSON-RPC message, interleaved in time with the
 * HTTP exchanges that a message row would hide (no JSON-RPC message in the request
 * body: the GET stream, a DELETE, OAuth discovery; or a failed request), then filtered
 * (filter-rows.ts). The rows themselves and how each finds its record: traffic-rows.ts.
 *
 * `mergeTraffic` and `filterRows` are the plain O(rows) steps. `TrafficRowsBuilder` runs
 * them incrementally: when the log only grew since the last build it merges and filters
 * just the new records, so a live stream stays cheap at 100,000 rows.
 */
import { parseRpcPayload } from '../../core/traffic';
import type { HttpExchange, RpcMessageRecord } from '../../core/traffic';
import { httpMethodLabel, isExchangeFailed } from './exchange-status';
import { filterRange, sameFilter } from './filter-rows';
import type { TrafficFilter } from './filter-rows';
import { exchangeKey, messageKey } from './traffic-rows';
import type { ClearMark, ExchangeRow, MessageRow, TrafficRecords, TrafficRow } from './traffic-rows';

/** The merged, unfiltered view. */
export interface MergedTraffic {
  rows: readonly TrafficRow[];
  /** Server names seen, sorted. */
  servers: readonly string[];
  /** Methods seen (JSON-RPC methods and `HTTP …` labels), sorted. */
  methods: readonly string[];
}

/**
 * True when an exchange on the MCP wire gets its own row: its request body carries no
 * JSON-RPC message (so no message row stands for it), or it failed (so a person sees the
 * failed request in red even though a message row names it).
 */
export function exchangeNeedsRow(exchange: HttpExchange): boolean {
  return exchange.wire === 'mcp' && (!carriesMessages(exchange) || isExchangeFailed(exchange));
}

/** Whether the request carried JSON-RPC: counted at record time (records loaded from older exports are read once). */
function carriesMessages(exchange: HttpExchange): boolean {
  if (exchange.requestMessages !== undefined) return exchange.requestMessages > 0;
  return exchange.requestBody !== undefined && parseRpcPayload(exchange.requestBody).messages.length > 0;
}

/** The row of a message. */
function messageRow(message: RpcMessageRecord, index: number): MessageRow {
  const row: MessageRow = {
    type: 'message',
    key: messageKey(message.seq),
    index,
    seq: message.seq,
    at: message.at,
    server: message.server,
    method: message.method,
  };
  if (message.toolCallId !== undefined) row.toolCallId = message.toolCallId;
  return row;
}

/** The row of an exchange. */
function exchangeRow(exchange: HttpExchange, index: number): ExchangeRow {
  const row: ExchangeRow = {
    type: 'exchange',
    key: exchangeKey(exchange.id),
    index,
    id: exchange.id,
    at: exchange.startedAt,
    server: exchange.source,
    method: httpMethodLabel(exchange),
  };
  if (exchange.toolCallId !== undefined) row.toolCallId = exchange.toolCallId;
  return row;
}

/** Where a merge starts and what it has seen; `mergeRange` advances it. */
interface MergeCursor {
  messageIndex: number;
  exchangeIndex: number;
  servers: Set<string>;
  methods: Set<string>;
  /** Indexes of exchanges that carry a message and are still under way: they get a row if they fail. */
  unsettled: number[];
}

/** Merges the records after the cursor up to the snapshot counts onto `rows`, in time order (messages first on a tie). */
function mergeRange(records: TrafficRecords, mark: ClearMark | undefined, cursor: MergeCursor, rows: TrafficRow[]): void {
  const lastSeq = mark?.lastSeq ?? Number.NEGATIVE_INFINITY;
  const lastExchangeId = mark?.lastExchangeId ?? Number.NEGATIVE_INFINITY;

  const exchangeRows: ExchangeRow[] = [];
  const exchangeEnd = Math.min(records.exchangeCount, records.exchanges.length);
  for (let index = cursor.exchangeIndex; index < exchangeEnd; index++) {
    const exchange = records.exchanges[index];
    if (exchange === undefined || exchange.wire !== 'mcp' || exchange.id <= lastExchangeId) continue;
    cursor.servers.add(exchange.source);
    if (!exchangeNeedsRow(exchange)) {
      if (exchange.state === 'pending' || exchange.state === 'streaming') cursor.unsettled.push(index);
      continue;
    }
    const row = exchangeRow(exchange, index);
    cursor.methods.add(row.method);
    exchangeRows.push(row);
  }
  cursor.exchangeIndex = exchangeEnd;

  let next = 0;
  const messageEnd = Math.min(records.messageCount, records.messages.length);
  for (let index = cursor.messageIndex; index < messageEnd; index++) {
    const message = records.messages[index];
    if (message === undefined || message.seq <= lastSeq) continue;
    for (let pending = exchangeRows[next]; pending !== undefined && pending.at < message.at; pending = exchangeRows[next]) {
      rows.push(pending);
      next++;
    }
    cursor.servers.add(message.server);
    if (message.method !== '') cursor.methods.add(message.method);
    rows.push(messageRow(message, index));
  }
  cursor.messageIndex = messageEnd;
  for (; next < exchangeRows.length; next++) {
    const pending = exchangeRows[next];
    if (pending !== undefined) rows.push(pending);
  }
}

/** A cursor at the start of the records. */
function newCursor(): MergeCursor {
  return { messageIndex: 0, exchangeIndex: 0, servers: new Set(), methods: new Set(), unsettled: [] };
}

/** Merges messages and the exchanges that need rows into one list ordered by time (messages first on a tie). */
export function mergeTraffic(records: TrafficRecords, mark?: ClearMark): MergedTraffic {
  const cursor = newCursor();
  const rows: TrafficRow[] = [];
  mergeRange(records, mark, cursor, rows);
  return { rows, servers: [...cursor.servers].sort(), methods: [...cursor.methods].sort() };
}

/** Every MCP-wire exchange after the clear mark, in log order (what the HAR export holds). */
export function mcpExchangesOf(records: TrafficRecords, mark?: ClearMark): HttpExchange[] {
  const lastExchangeId = mark?.lastExchangeId ?? Number.NEGATIVE_INFINITY;
  const result: HttpExchange[] = [];
  const end = Math.min(records.exchangeCount, records.exchanges.length);
  for (let index = 0; index < end; index++) {
    const exchange = records.exchanges[index];
    if (exchange !== undefined && exchange.wire === 'mcp' && exchange.id > lastExchangeId) result.push(exchange);
  }
  return result;
}

/** What `TrafficRowsBuilder.build` returns. A new object whenever anything changed. */
export interface TrafficRowsView {
  /** The rows that pass the filter. */
  visible: readonly TrafficRow[];
  /** The number of rows before filtering. */
  total: number;
  /** Server names seen, sorted. */
  servers: readonly string[];
  /** Methods seen (JSON-RPC methods and `HTTP …` labels), sorted. */
  methods: readonly string[];
}

/** Sorted copy of a set, or the previous array when nothing was added. */
function sortedOrSame(set: Set<string>, previous: readonly string[]): readonly string[] {
  return set.size === previous.length ? previous : [...set].sort();
}

/**
 * Builds the panel's rows and keeps the work for the next build: when the log only grew
 * since (same arrays, same clear mark, no in-flight exchange failed) it merges and
 * filters just the new records; otherwise it starts over. New records are placed after
 * the rows already built (the log records in time order, so this is time order).
 */
export class TrafficRowsBuilder {
  private messages: readonly RpcMessageRecord[] | undefined;
  private exchanges: readonly HttpExchange[] | undefined;
  private mark: ClearMark | undefined;
  private filter: TrafficFilter = {};
  private cursor: MergeCursor = newCursor();
  private rows: TrafficRow[] = [];
  private visible: TrafficRow[] = [];
  private view: TrafficRowsView | undefined;

  /** The rows for these records, clear mark and filter. */
  build(records: TrafficRecords, mark: ClearMark | undefined, filter: TrafficFilter): TrafficRowsView {
    const canExtend =
      this.view !== undefined &&
      records.messages === this.messages &&
      records.exchanges === this.exchanges &&
      mark?.lastSeq === this.mark?.lastSeq &&
      mark?.lastExchangeId === this.mark?.lastExchangeId &&
      records.messageCount >= this.cursor.messageIndex &&
      records.exchangeCount >= this.cursor.exchangeIndex &&
      !this.anUnsettledExchangeFailed(records);

    if (!canExtend) {
      this.messages = records.messages;
      this.exchanges = records.exchanges;
      this.mark = mark;
      this.cursor = newCursor();
      this.rows = [];
      this.visible = [];
      this.view = undefined;
    }

    const previousRowCount = this.rows.length;
    const previousCursor = { messageIndex: this.cursor.messageIndex, exchangeIndex: this.cursor.exchangeIndex };
    mergeRange(records, mark, this.cursor, this.rows);

    const filterChanged = !sameFilter(filter, this.filter);
    this.filter = { ...filter };
    let visibleChanged = false;
    if (filterChanged || this.view === undefined) {
      this.visible = [];
      filterRange(records, this.rows, 0, filter, this.visible);
      visibleChanged = true;
    } else if (this.rows.length > previousRowCount) {
      const added: TrafficRow[] = [];
      filterRange(records, this.rows, previousRowCount, filter, added);
      if (added.length > 0) {
        // One copy (concat), so that a view handed out earlier keeps its own array.
        this.visible = this.visible.concat(added);
        visibleChanged = true;
      }
    }

    const grew = this.cursor.messageIndex !== previousCursor.messageIndex || this.cursor.exchangeIndex !== previousCursor.exchangeIndex;
    if (this.view !== undefined && !grew && !visibleChanged && this.rows.length === previousRowCount) {
      return this.view;
    }
    this.view = {
      visible: this.visible,
      total: this.rows.length,
      servers: sortedOrSame(this.cursor.servers, this.view?.servers ?? []),
      methods: sortedOrSame(this.cursor.methods, this.view?.methods ?? []),
    };
    return this.view;
  }

  /** True when an exchange that was under way (and had no row) has failed since: it needs a row in the middle. */
  private anUnsettledExchangeFailed(records: TrafficRecords): boolean {
    const stillUnsettled: number[] = [];
    let failed = false;
    for (const index of this.cursor.unsettled) {
      const exchange = records.exchanges[index];
      if (exchange === undefined) continue;
      if (isExchangeFailed(exchange)) failed = true;
      else if (exchange.state === 'pending' || exchange.state === 'streaming') stillUnsettled.push(index);
    }
    this.cursor.unsettled = stillUnsettled;
    return failed;
  }
}
