import { describe, expect, it } from 'vitest';
import type { TrafficSnapshot, HttpExchange } from '../../core/traffic';
import { modelExchangesOf, ModelRowsBuilder, rowMatches } from './model-rows';

/** An exchange on either wire. */
function exchange(id: number, wire: 'mcp' | 'model', turn?: number, step?: number): HttpExchange {
  return {
    id,
    wire,
    source: wire === 'model' ? 'anthropic' : 'weather',
    method: 'POST',
    url: 'https://x.example/',
    startedAt: id,
    state: 'done',
    requestHeaders: {},
    turn,
    step,
  };
}

/** A snapshot over a live array, as the traffic log hands out. */
function snapshot(exchanges: HttpExchange[], version: number): TrafficSnapshot {
  return { version, exchanges, messages: [], exchangeCount: exchanges.length, messageCount: 0 };
}

describe('ModelRowsBuilder', () => {
  it('gives two rows per model exchange, skips MCP exchanges, and numbers retries', () => {
    const live = [
      exchange(1, 'mcp'),
      exchange(2, 'model', 1, 1),
      exchange(3, 'model', 1, 1),
      exchange(4, 'mcp'),
      exchange(5, 'model', 1, 2),
    ];
    const rows = new ModelRowsBuilder().build(snapshot(live, 1));
    expect(rows.map((row) => `${row.key}:${row.kind}:${row.index}:${row.attempt}`)).toEqual([
      'q2:request:1:1',
      'r2:response:1:1',
      'q3:request:2:2',
      'r3:response:2:2',
      'q5:request:4:1',
      'r5:response:4:1',
    ]);
    expect(rows.filter((row) => rowMatches(row, { turn: 1, step: 1 })).map((row) => row.key)).toEqual(['q2', 'r2', 'q3', 'r3']);
    expect(rows.some((row) => rowMatches(row, undefined))).toBe(false);
  });

  it('scans only what was added, keeps the array when nothing model-side changed, and restarts on a new log array', () => {
    const builder = new ModelRowsBuilder();
    const live = [exchange(1, 'model', 1, 1)];
    const first = builder.build(snapshot(live, 1));
    live.push(exchange(2, 'mcp'));
    expect(builder.build(snapshot(live, 2))).toBe(first);
    // An exchange replaced in place (an update) does not add rows.
    live[0] = { ...exchange(1, 'model', 1, 1), status: 200 };
    expect(builder.build(snapshot(live, 3))).toBe(first);
    live.push(exchange(3, 'model', 1, 1));
    const grown = builder.build(snapshot(live, 4));
    expect(grown.map((row) => row.key)).toEqual(['q1', 'r1', 'q3', 'r3']);
    expect(grown[2]?.attempt).toBe(2);
    // After clear() or load() the log starts a new array.
    const fresh = builder.build(snapshot([exchange(9, 'model', 1, 1)], 5));
    expect(fresh.map((row) => `${row.key}:${row.attempt}`)).toEqual(['q9:1', 'r9:1']);
  });

  it('lists the model exchanges of a snapshot for the HAR export', () => {
    const live = [exchange(1, 'mcp'), exchange(2, 'model', 1, 1)];
    expect(modelExchangesOf(snapshot(live, 1)).map((e) => e.id)).toEqual([2]);
  });
});
