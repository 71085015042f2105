/**
 * The servers' log messages, read from the traffic log where the wire tap recorded them: a
 * `notifications/message` is traffic like any other message, recorded once with the exchange that
 * carried it. The request it belongs to is the request of that same exchange (2026: the request
 * whose stream the server logged on; 2025: a request's POST stream, or none on the GET stream).
 */
import type { RpcMessageRecord } from '../traffic';
import { LOG_LEVELS } from './server-items';
import type { LogLevel } from './server-items';

/** One log message a server sent. */
export interface LogEntry {
  /** The traffic record's sequence number (a stable key). */
  seq: number;
  server: string;
  /** The syslog level; `unknown` when the server sent something else. */
  level: LogLevel | 'unknown';
  /** The level as sent, when it is not one of the eight. */
  rawLevel?: string;
  logger?: string;
  /** Any JSON value (shown as JSON; untrusted). */
  data: unknown;
  /** Epoch milliseconds when it arrived. */
  at: number;
  /** The request whose stream carried it, if any. */
  request?: { rpcId: string | number; method: string };
}

/** How severe a level is, 0 (debug) to 7 (emergency); an unknown level counts as info. */
export function severityOf(level: LogEntry['level']): number {
  const index = LOG_LEVELS.indexOf(level as LogLevel);
  return index === -1 ? 1 : index;
}

/** The log entries among `count` traffic messages, oldest first (one pass: each exchange's request is met before its answers). */
export function logEntriesOf(messages: readonly RpcMessageRecord[], count = messages.length): LogEntry[] {
  const requestOf = new Map<number, { rpcId: string | number; method: string }>();
  const entries: LogEntry[] = [];
  for (let index = 0; index < count; index += 1) {
    const record = messages[index];
    if (record === undefined) continue;
    if (
      record.direction === 'out' &&
      record.kind === 'request' &&
      record.exchangeId !== undefined &&
      record.rpcId !== undefined &&
      !requestOf.has(record.exchangeId)
    ) {
      requestOf.set(record.exchangeId, { rpcId: record.rpcId, method: record.method });
      continue;
    }
    if (record.direction !== 'in' || record.kind !== 'notification' || record.method !== 'notifications/message') continue;
    const params = ((record.message as { params?: unknown }).params ?? {}) as { level?: unknown; logger?: unknown; data?: unknown };
    const known = LOG_LEVELS.includes(params.level as LogLevel);
    const request = record.exchangeId === undefined ? undefined : requestOf.get(record.exchangeId);
    entries.push({
      seq: record.seq,
      server: record.server,
      level: known ? (params.level as LogLevel) : 'unknown',
      ...(!known ? { rawLevel: String(params.level) } : {}),
      ...(typeof params.logger === 'string' ? { logger: params.logger } : {}),
      data: params.data,
      at: record.at,
      ...(request ? { request } : {}),
    });
  }
  return entries;
}
