/**
 * Reads the stored traffic log back: the chunks a layout names, assembled, checked by the same
 * boundary as a session file, and with exchanges that were under way when the page went away
 * marked interrupted. Damage becomes problems, never a throw (a failing read does throw).
 */
import { readMany, type KeyValueBackend } from '../shared/key-value-backend';
import type { HttpExchange, RpcMessageRecord } from '../traffic/types';
import { parseTrafficData, settleInterruptedExchange } from './parse-traffic-data';
import { PERSISTENCE_KEYS, type StoredLayout } from './stored-layout';

/** The traffic read back. */
export interface StoredTraffic {
  exchanges: HttpExchange[];
  messages: RpcMessageRecord[];
  /** Something was missing or skipped: the indexes no longer match the stored chunks. */
  damaged: boolean;
  /** Indexes of the exchanges marked interrupted (they differ from what is stored). */
  settledAt: number[];
}

/** Reads the records a layout names; problems are appended to `problems`. */
export async function readStoredTraffic(backend: KeyValueBackend, layout: StoredLayout, problems: string[]): Promise<StoredTraffic> {
  const exchangeKeys = range(layout.exchanges.chunks).map((index) => PERSISTENCE_KEYS.chunk('exchanges', index));
  const messageKeys = range(layout.messages.chunks).map((index) => PERSISTENCE_KEYS.chunk('messages', index));
  const values = await readMany(backend, [...exchangeKeys, ...messageKeys]);
  let damaged = false;
  const assemble = (chunks: unknown[], count: number, label: string): unknown[] => {
    const records: unknown[] = [];
    chunks.forEach((chunk, index) => {
      if (Array.isArray(chunk)) records.push(...chunk);
      else {
        damaged = true;
        problems.push(
          `Saved ${label} ${index * layout.chunkSize + 1}–${(index + 1) * layout.chunkSize} are missing or damaged and were not restored.`,
        );
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
  return { exchanges, messages: parsed.data.messages, damaged: damaged || parsed.problems.length > 0, settledAt };
}

function range(length: number): number[] {
  return Array.from({ length }, (_, index) => index);
}
