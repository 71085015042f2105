/**
 * The rows of the MCP wire panel and how a row finds its record.
 *
 * A row holds the index of its record in the log's arrays, not the record: the log
 * replaces a record when it changes (a request gets its `pairedSeq`, an exchange its
 * status), so a row resolves its record from the current snapshot when it is drawn
 * (`messageAt`, `exchangeAt`) and stays valid across updates. What a row copies (time,
 * server, method, tool call id) never changes after the record is first stored.
 */
import type { HttpExchange, RpcMessageRecord } from '../../core/traffic';

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
/** The key of a message's row. */
export function messageKey(seq: number): string {
  return `m${seq}`;
}

/** The key of an exchange's row. */
export function exchangeKey(id: number): string {
  return `x${id}`;
}
