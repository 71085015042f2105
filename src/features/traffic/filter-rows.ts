/**
 * The toolbar's filters over the MCP wire panel's rows: by server, by method, and by text found in
 * the row or its record (the message JSON, the URL, the status). Run whole by `filterRows`, or on
 * the rows a build added by `TrafficRowsBuilder` (build-rows.ts).
 */
import { exchangeStatusLabel } from './exchange-status';
import { exchangeAt, messageAt } from './traffic-rows';
import type { TrafficRecords, TrafficRow } from './traffic-rows';

/** The filters of the toolbar; an empty or missing field filters nothing. */
export interface TrafficFilter {
  server?: string;
  method?: string;
  /** Case-insensitive text searched in the method, server, id, kind, URL, status and the message JSON. */
  text?: string;
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
function rowContainsText(records: TrafficRecords, row: TrafficRow, needle: string): boolean {
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
function isEmptyFilter(filter: TrafficFilter): boolean {
  return (filter.server ?? '') === '' && (filter.method ?? '') === '' && (filter.text ?? '').trim() === '';
}

/** The rows (from `start`) that pass the filter, pushed onto `into`. */
export function filterRange(
  records: TrafficRecords,
  rows: readonly TrafficRow[],
  start: number,
  filter: TrafficFilter,
  into: TrafficRow[],
): void {
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

/** Two filters that select the same rows. */
export function sameFilter(a: TrafficFilter, b: TrafficFilter): boolean {
  return (
    (a.server ?? '') === (b.server ?? '') &&
    (a.method ?? '') === (b.method ?? '') &&
    (a.text ?? '').trim().toLowerCase() === (b.text ?? '').trim().toLowerCase()
  );
}
