/**
 * The rows of the MCP wire panel: every JSON-RPC message, interleaved in time with the
 * HTTP exchanges that a message row would hide (no JSON-RPC message in the request
 * body: the GET stream, a DELETE, OAuth discovery; or a failed request), then filtered.
 *
 * A row holds the index of its record in the log's arrays, not the record: the log
 * replaces a record when it changes (a request gets its `pairedSeq`, an exchange its
 * status), so a row resolves its record from the current snapshot when it is drawn
 * (`messageAt`, `exchangeAt`) and stays valid across updates. What a row copies (time,
 * server, method, tool call id) never changes after the record is first stored.
 *
 * `mergeTraffic` and `filterRows` are the plain O(rows) steps. `TrafficRowsBuilder` runs
 * them incrementally: when the log only grew since the last build it merges and filters
 * just the new records, so a live stream stays cheap at 100,000 rows.
 */
import { parseRpcPayload } from '../../core/traffic';
import type { HttpExchange, RpcMessageRecord } from '../../core/traffic';
import { exchangeStatusLabel, httpMethodLabel, isExchangeFailed } from './exchange-status';

/** A row for one JSON-RPC message. */
export interface MessageRow {
  type: 'message';
  /** Stable across rebuilds: `m<seq>`. */
  key: string;
  /** Index of the message in `messages`. */
  index: number;
  seq: number;
  at: number;
  server: string;
  /** The JSON-RPC method; for a response, the method it answers. */
  method: string;
  toolCallId?: string;
}

/** A row for an HTTP exchange that no message row stands for. */
export interface ExchangeRow {
  type: 'exchange';
  /** Stable across rebuilds: `x<id>`. */
  key: string;
  /** Index of the exchange in `exchanges`. */
  index: number;
  id: number;
  at: number;
  server: string;
  /** `HTTP GET`, `HTTP DELETE`… */
  method: string;
  toolCallId?: string;
}

/** One row of the panel. */
export type TrafficRow = MessageRow | ExchangeRow;

/** What the rows read: a TrafficSnapshot fits. Only the first `*Count` records are read. */
export interface TrafficRecords {
  readonly messages: readonly RpcMessageRecord[];
  readonly messageCount: number;
  readonly exchanges: readonly HttpExchange[];
  readonly exchangeCount: number;
}

/** The panel's own "Clear": records at or below these numbers are hidden (the log keeps them; ids keep counting). */
export interface ClearMark {
  lastSeq: number;
  lastExchangeId: number;
}

/** The merged, unfiltered view. */
export interface MergedTraffic {
  rows: readonly TrafficRow[];
  /** Server names seen, sorted. */
  servers: readonly string[];
  /** Methods seen (JSON-RPC methods and `HTTP …` labels), sorted. */
  methods: readonly string[];
}

/** The filters of the toolbar; an empty or missing field filters nothing. */
export interface TrafficFilter {
  server?: string;
  method?: string;
  /** Case-insensitive text searched in the method, server, id, kind, URL, status and the message JSON. */
  text?: string;
}

/** The message a row stands for, as it is in these records now. */
export function messageAt(records: TrafficRecords, row: MessageRow): RpcMessageRecord | undefined {
  const record = records.messages[row.index];
  return record?.seq === row.seq ? record : undefined;
}

/** The exchange a row stands for, as it is in these records now. */
export function exchangeAt(records: TrafficRecords, row: ExchangeRow): HttpExchange | undefined {
  const record = records.exchanges[row.index];
  return record?.id === row.id ? record : undefined;
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

/** The key of a message's row. */
export function messageKey(seq: number): string {
  return `m${seq}`;
}

/** The key of an exchange's row. */
export function exchangeKey(id: number): string {
  return `x${id}`;
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

/** The message JSON as lower-cased text, for the text filter; cached per parsed message object (never mutated). */
const messageTextCache = new WeakMap<object, string>();

/** The lower-cased JSON text of a message, cached. */
function messageText(message: unknown): string {
  if (typeof message !== 'object' || message === null) return String(message).toLowerCase();
  let text = messageTextCache.get(message);
  if (text === undefined) {
    try {
      text = JSON.stringify(message).toLowerCase();
    } catch {
      text = '';
    }
    messageTextCache.set(message, text);
  }
  return text;
}

/** True when a row contains the (already lower-cased) text. */
export function rowContainsText(records: TrafficRecords, row: TrafficRow, needle: string): boolean {
  if (row.method.toLowerCase().includes(needle) || row.server.toLowerCase().includes(needle)) return true;
  if (row.toolCallId !== undefined && row.toolCallId.toLowerCase().includes(needle)) return true;
  switch (row.type) {
    case 'message': {
      const record = messageAt(records, row);
      if (record === undefined) return false;
      if (record.kind.includes(needle)) return true;
      if (record.rpcId !== undefined && `#${String(record.rpcId)}`.toLowerCase().includes(needle)) return true;
      return messageText(record.message).includes(needle);
    }
    case 'exchange': {
      const record = exchangeAt(records, row);
      if (record === undefined) return false;
      return (
        record.url.toLowerCase().includes(needle) ||
        exchangeStatusLabel(record).includes(needle) ||
        (record.note?.toLowerCase().includes(needle) ?? false) ||
        (record.error?.toLowerCase().includes(needle) ?? false)
      );
    }
    default: {
      const unknownRow: never = row;
      throw new Error(`Unknown row: ${String(unknownRow)}`);
    }
  }
}

/** True when the filter lets every row through. */
export function isEmptyFilter(filter: TrafficFilter): boolean {
  return (filter.server ?? '') === '' && (filter.method ?? '') === '' && (filter.text ?? '').trim() === '';
}

/** The rows (from `start`) that pass the filter, pushed onto `into`. */
function filterRange(records: TrafficRecords, rows: readonly TrafficRow[], start: number, filter: TrafficFilter, into: TrafficRow[]): void {
  const server = filter.server ?? '';
  const method = filter.method ?? '';
  const needle = (filter.text ?? '').trim().toLowerCase();
  for (let index = start; index < rows.length; index++) {
    const row = rows[index];
    if (row === undefined) continue;
    if (server !== '' && row.server !== server) continue;
    if (method !== '' && row.method !== method) continue;
    if (needle !== '' && !rowContainsText(records, row, needle)) continue;
    into.push(row);
  }
}

/** The rows that pass the filter; the same array when the filter is empty. */
export function filterRows(records: TrafficRecords, rows: readonly TrafficRow[], filter: TrafficFilter): readonly TrafficRow[] {
  if (isEmptyFilter(filter)) return rows;
  const result: TrafficRow[] = [];
  filterRange(records, rows, 0, filter, result);
  return result;
}

/** The index of the row with this key, or -1. */
export function indexOfKey(rows: readonly TrafficRow[], key: string | undefined): number {
  if (key === undefined) return -1;
  return rows.findIndex((row) => row.key === key);
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

/** Two filters that select the same rows. */
function sameFilter(a: TrafficFilter, b: TrafficFilter): boolean {
  return (
    (a.server ?? '') === (b.server ?? '') &&
    (a.method ?? '') === (b.method ?? '') &&
    (a.text ?? '').trim().toLowerCase() === (b.text ?? '').trim().toLowerCase()
  );
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
