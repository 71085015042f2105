import { describe, expect, it } from 'vitest';
import { TrafficLog } from '../../core/traffic';
import type { NewExchange } from '../../core/traffic';
import { exchangeNeedsRow, mcpExchangesOf, mergeTraffic, TrafficRowsBuilder } from './build-rows';
import { filterRows } from './filter-rows';
import { exchangeAt, messageAt } from './traffic-rows';
import type { TrafficRow } from './traffic-rows';

/** The index of the row with this key, or -1. */
function indexOfKey(rows: readonly TrafficRow[], key: string | undefined): number {
  if (key === undefined) return -1;
  return rows.findIndex((row) => row.key === key);
}

const T0 = 1_700_000_000_000;

/** A log that notifies synchronously (the tests read snapshots directly). */
function newLog(): TrafficLog {
  return new TrafficLog({ schedule: (flush) => flush() });
}

/** A finished MCP POST carrying one JSON-RPC message. */
function post(startedAt: number, body: object, fields: Partial<NewExchange> = {}): NewExchange {
  return {
    wire: 'mcp',
    source: 'alpha',
    method: 'POST',
    url: 'https://alpha.example/mcp',
    startedAt,
    requestHeaders: {},
    requestBody: JSON.stringify(body),
    status: 200,
    state: 'done',
    durationMs: 5,
    ...fields,
  };
}

/** What a row list looks like, compactly: `m:tools/list`, `x:HTTP DELETE`. */
function shape(rows: readonly TrafficRow[]): string[] {
  return rows.map((row) => `${row.type === 'message' ? 'm' : 'x'}:${row.method}`);
}

/** A log with a short 2025-era session on "alpha", a model exchange, and one message on "beta". */
function sessionLog(): TrafficLog {
  const log = newLog();
  log.beginExchange(post(T0 + 1, { jsonrpc: '2.0', id: 0, method: 'initialize' }));
  log.addMessage({
    server: 'alpha',
    direction: 'out',
    method: 'initialize',
    rpcId: 0,
    message: { jsonrpc: '2.0', id: 0, method: 'initialize' },
    at: T0,
  });
  log.addMessage({
    server: 'alpha',
    direction: 'in',
    rpcId: 0,
    message: { jsonrpc: '2.0', id: 0, result: { protocolVersion: '2025-11-25' } },
    at: T0 + 6,
  });
  log.beginExchange({
    wire: 'mcp',
    source: 'alpha',
    method: 'GET',
    url: 'https://alpha.example/mcp',
    startedAt: T0 + 10,
    requestHeaders: {},
    status: 200,
    state: 'streaming',
  });
  log.beginExchange({
    wire: 'model',
    source: 'anthropic',
    method: 'POST',
    url: 'https://api.anthropic.com/v1/messages',
    startedAt: T0 + 12,
    requestHeaders: {},
    requestBody: '{}',
  });
  log.beginExchange(post(T0 + 21, { jsonrpc: '2.0', id: 1, method: 'tools/list' }));
  log.addMessage({
    server: 'alpha',
    direction: 'out',
    method: 'tools/list',
    rpcId: 1,
    message: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    at: T0 + 20,
  });
  log.addMessage({
    server: 'beta',
    direction: 'out',
    method: 'tools/list',
    rpcId: 1,
    message: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    at: T0 + 22,
  });
  log.addMessage({
    server: 'alpha',
    direction: 'in',
    rpcId: 1,
    message: { jsonrpc: '2.0', id: 1, result: { tools: [{ name: 'weather_lookup' }] } },
    at: T0 + 30,
  });
  log.beginExchange({
    wire: 'mcp',
    source: 'alpha',
    method: 'DELETE',
    url: 'https://alpha.example/mcp',
    startedAt: T0 + 40,
    requestHeaders: {},
    status: 200,
    state: 'done',
  });
  return log;
}

describe('mergeTraffic', () => {
  it('interleaves messages with the MCP exchanges that carry no message, in time order', () => {
    const log = sessionLog();
    const merged = mergeTraffic(log.getSnapshot());
    expect(shape(merged.rows)).toEqual([
      'm:initialize',
      'm:initialize',
      'x:HTTP GET',
      'm:tools/list',
      'm:tools/list',
      'm:tools/list',
      'x:HTTP DELETE',
    ]);
    // The response row carries the method of the request it answers.
    const response = merged.rows[1];
    expect(response?.type === 'message' && messageAt(log.getSnapshot(), response)?.kind).toBe('response');
  });

  it('lists servers and methods seen', () => {
    const merged = mergeTraffic(sessionLog().getSnapshot());
    expect(merged.servers).toEqual(['alpha', 'beta']);
    expect(merged.methods).toEqual(['HTTP DELETE', 'HTTP GET', 'initialize', 'tools/list']);
  });

  it('resolves a row to its record as it is now, after the log replaced it', () => {
    const log = sessionLog();
    const merged = mergeTraffic(log.getSnapshot());
    const getRow = merged.rows[2];
    if (getRow?.type !== 'exchange') throw new Error('expected the GET row');
    expect(exchangeAt(log.getSnapshot(), getRow)?.state).toBe('streaming');
    log.updateExchange(getRow.id, { state: 'aborted' });
    expect(exchangeAt(log.getSnapshot(), getRow)?.state).toBe('aborted');
    const request = merged.rows[0];
    if (request?.type !== 'message') throw new Error('expected the initialize row');
    expect(messageAt(log.getSnapshot(), request)?.pairedSeq).toBe(2);
  });

  it('gives a failed request its own row beside its message row', () => {
    const log = newLog();
    log.addMessage({
      server: 'alpha',
      direction: 'out',
      method: 'server/discover',
      rpcId: 0,
      message: { jsonrpc: '2.0', id: 0, method: 'server/discover' },
      at: T0,
    });
    log.beginExchange(
      post(
        T0 + 1,
        { jsonrpc: '2.0', id: 0, method: 'server/discover' },
        { status: undefined, state: 'failed', error: 'TypeError: Failed to fetch' },
      ),
    );
    log.beginExchange(post(T0 + 2, { jsonrpc: '2.0', id: 0, method: 'server/discover' }, { status: 400, note: 'Era probe' }));
    log.beginExchange(post(T0 + 3, { jsonrpc: '2.0', id: 0, method: 'initialize' }, { status: 200 }));
    expect(shape(mergeTraffic(log.getSnapshot()).rows)).toEqual(['m:server/discover', 'x:HTTP POST', 'x:HTTP POST']);
  });

  it('hides records at or before the clear mark but keeps later ones', () => {
    const log = sessionLog();
    const before = log.getSnapshot();
    const lastSeq = before.messages[before.messageCount - 1]?.seq ?? 0;
    const lastExchangeId = before.exchanges[before.exchangeCount - 1]?.id ?? 0;
    log.addMessage({
      server: 'alpha',
      direction: 'out',
      method: 'ping',
      rpcId: 9,
      message: { jsonrpc: '2.0', id: 9, method: 'ping' },
      at: T0 + 100,
    });
    const merged = mergeTraffic(log.getSnapshot(), { lastSeq, lastExchangeId });
    expect(shape(merged.rows)).toEqual(['m:ping']);
    expect(merged.servers).toEqual(['alpha']);
    expect(mcpExchangesOf(log.getSnapshot(), { lastSeq, lastExchangeId })).toEqual([]);
    expect(mcpExchangesOf(log.getSnapshot()).map((exchange) => exchange.method)).toEqual(['POST', 'GET', 'POST', 'DELETE']);
  });

  it('reads only up to the snapshot counts, even when the shared arrays grew since', () => {
    const log = sessionLog();
    const snapshot = log.getSnapshot();
    log.addMessage({
      server: 'alpha',
      direction: 'out',
      method: 'ping',
      rpcId: 9,
      message: { jsonrpc: '2.0', id: 9, method: 'ping' },
      at: T0 + 100,
    });
    expect(mergeTraffic(snapshot).rows).toHaveLength(7);
    expect(mergeTraffic(log.getSnapshot()).rows).toHaveLength(8);
  });

  it('merges 100,000 messages quickly', () => {
    const log = newLog();
    for (let index = 0; index < 100_000; index++) {
      log.addMessage({
        server: index % 2 ? 'alpha' : 'beta',
        direction: index % 2 ? 'in' : 'out',
        method: 'tools/call',
        rpcId: index >> 1,
        message: { id: index >> 1 },
        at: T0 + index,
      });
      if (index % 1000 === 0)
        log.beginExchange({ wire: 'mcp', source: 'alpha', method: 'GET', url: 'https://a/mcp', startedAt: T0 + index, requestHeaders: {} });
    }
    const started = performance.now();
    const merged = mergeTraffic(log.getSnapshot());
    const filtered = filterRows(log.getSnapshot(), merged.rows, { server: 'alpha', method: 'tools/call' });
    const elapsed = performance.now() - started;
    expect(merged.rows).toHaveLength(100_100);
    expect(filtered).toHaveLength(50_000);
    // Generous for a loaded machine: this guards against quadratic work, not for speed.
    expect(elapsed).toBeLessThan(2_000);
  });
});

describe('exchangeNeedsRow', () => {
  const base: NewExchange = { wire: 'mcp', source: 'alpha', method: 'POST', url: 'https://a/mcp', startedAt: T0, requestHeaders: {} };
  it('is true for bodiless or failed MCP exchanges and false for carried messages and the model wire', () => {
    const log = newLog();
    const get = log.getExchange(log.beginExchange({ ...base, method: 'GET' }));
    const ok = log.getExchange(log.beginExchange({ ...base, requestBody: '{"jsonrpc":"2.0","id":1,"method":"ping"}', status: 200 }));
    const notFound = log.getExchange(log.beginExchange({ ...base, requestBody: '{"jsonrpc":"2.0","id":1,"method":"ping"}', status: 404 }));
    const model = log.getExchange(log.beginExchange({ ...base, wire: 'model', source: 'openai' }));
    expect([get, ok, notFound, model].map((exchange) => exchange !== undefined && exchangeNeedsRow(exchange))).toEqual([
      true,
      false,
      true,
      false,
    ]);
  });
});

describe('filterRows', () => {
  const records = sessionLog().getSnapshot();
  const rows = mergeTraffic(records).rows;
  const filter = (value: Parameters<typeof filterRows>[2]) => filterRows(records, rows, value);

  it('returns the same array when no filter is set', () => {
    expect(filter({})).toBe(rows);
    expect(filter({ server: '', method: '', text: '  ' })).toBe(rows);
  });

  it('filters by server and by method', () => {
    expect(shape(filter({ server: 'beta' }))).toEqual(['m:tools/list']);
    expect(shape(filter({ method: 'HTTP DELETE' }))).toEqual(['x:HTTP DELETE']);
    expect(filter({ server: 'alpha', method: 'tools/list' })).toHaveLength(2);
  });

  it('searches text case-insensitively in the message JSON, the id, the kind and the URL', () => {
    expect(shape(filter({ text: 'WEATHER_lookup' }))).toEqual(['m:tools/list']);
    expect(shape(filter({ text: '2025-11-25' }))).toEqual(['m:initialize']);
    expect(filter({ text: 'response' })).toHaveLength(2);
    expect(filter({ text: '#1' })).toHaveLength(3);
    expect(filter({ text: 'alpha.example' })).toHaveLength(2);
  });
});

describe('indexOfKey', () => {
  it('finds a row by key and gives -1 for none', () => {
    const rows = mergeTraffic(sessionLog().getSnapshot()).rows;
    const third = rows[2];
    expect(indexOfKey(rows, third?.key)).toBe(2);
    expect(indexOfKey(rows, 'm999')).toBe(-1);
    expect(indexOfKey(rows, undefined)).toBe(-1);
  });
});

describe('TrafficRowsBuilder', () => {
  /** Keys of a view's visible rows. */
  const keys = (rows: readonly TrafficRow[]) => rows.map((row) => row.key);

  it('extends the rows when the log only grew, giving the same rows as a full merge', () => {
    const log = sessionLog();
    const builder = new TrafficRowsBuilder();
    const first = builder.build(log.getSnapshot(), undefined, {});
    expect(first.total).toBe(7);
    log.addMessage({
      server: 'gamma',
      direction: 'out',
      method: 'ping',
      rpcId: 5,
      message: { jsonrpc: '2.0', id: 5, method: 'ping' },
      at: T0 + 50,
    });
    log.beginExchange({
      wire: 'mcp',
      source: 'alpha',
      method: 'GET',
      url: 'https://alpha.example/mcp',
      startedAt: T0 + 60,
      requestHeaders: {},
    });
    const second = builder.build(log.getSnapshot(), undefined, {});
    expect(keys(second.visible)).toEqual(keys(mergeTraffic(log.getSnapshot()).rows));
    expect(second.servers).toEqual(['alpha', 'beta', 'gamma']);
    // The earlier view keeps what it showed.
    expect(first.visible).toHaveLength(7);
  });

  it('returns the same view when nothing was added, and a new one when the filter changes', () => {
    const log = sessionLog();
    const builder = new TrafficRowsBuilder();
    const first = builder.build(log.getSnapshot(), undefined, {});
    expect(builder.build(log.getSnapshot(), undefined, {})).toBe(first);
    const filtered = builder.build(log.getSnapshot(), undefined, { server: 'beta' });
    expect(shape(filtered.visible)).toEqual(['m:tools/list']);
    expect(filtered.total).toBe(7);
    expect(builder.build(log.getSnapshot(), undefined, { server: 'beta', text: ' ' })).toBe(filtered);
  });

  it('filters only the new rows with an active filter', () => {
    const log = sessionLog();
    const builder = new TrafficRowsBuilder();
    builder.build(log.getSnapshot(), undefined, { method: 'ping' });
    log.addMessage({
      server: 'alpha',
      direction: 'out',
      method: 'ping',
      rpcId: 5,
      message: { jsonrpc: '2.0', id: 5, method: 'ping' },
      at: T0 + 50,
    });
    log.addMessage({
      server: 'alpha',
      direction: 'out',
      method: 'tools/list',
      rpcId: 6,
      message: { jsonrpc: '2.0', id: 6, method: 'tools/list' },
      at: T0 + 51,
    });
    expect(shape(builder.build(log.getSnapshot(), undefined, { method: 'ping' }).visible)).toEqual(['m:ping']);
  });

  it('starts over when an in-flight request fails, placing its row in time order', () => {
    const log = sessionLog();
    const builder = new TrafficRowsBuilder();
    const id = log.beginExchange({
      ...post(T0 + 45, { jsonrpc: '2.0', id: 2, method: 'tools/call' }),
      state: 'pending',
      status: undefined,
    });
    log.addMessage({
      server: 'alpha',
      direction: 'out',
      method: 'tools/call',
      rpcId: 2,
      message: { jsonrpc: '2.0', id: 2, method: 'tools/call' },
      at: T0 + 44,
    });
    log.addMessage({
      server: 'alpha',
      direction: 'out',
      method: 'ping',
      rpcId: 3,
      message: { jsonrpc: '2.0', id: 3, method: 'ping' },
      at: T0 + 70,
    });
    expect(builder.build(log.getSnapshot(), undefined, {}).total).toBe(9);
    log.updateExchange(id, { state: 'failed', error: 'TypeError: Failed to fetch' });
    const after = builder.build(log.getSnapshot(), undefined, {});
    expect(shape(after.visible).slice(-4)).toEqual(['x:HTTP DELETE', 'm:tools/call', 'x:HTTP POST', 'm:ping']);
  });

  it('reads only the new records when the log grew, even with a text filter, at 100,000 messages', () => {
    const log = newLog();
    for (let index = 0; index < 100_000; index++) {
      log.addMessage({
        server: 'alpha',
        direction: 'out',
        method: 'tools/call',
        rpcId: index,
        message: { id: index, name: `n${index}` },
        at: T0 + index,
      });
    }
    // Count every read of a message by index: the incremental build must not walk the old ones.
    let reads = 0;
    const snapshot = log.getSnapshot();
    const counted = new Proxy(snapshot.messages, {
      get(target, property, receiver) {
        if (typeof property === 'string' && /^\d+$/.test(property)) reads++;
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    const records = (count: number) => ({ ...log.getSnapshot(), messages: counted, messageCount: count });
    const builder = new TrafficRowsBuilder();
    const filter = { text: 'n99' };
    const first = builder.build(records(snapshot.messageCount), undefined, filter);
    expect(first.visible).toHaveLength(1_111);
    for (let round = 0; round < 5; round++) {
      log.addMessage({
        server: 'alpha',
        direction: 'out',
        method: 'tools/call',
        rpcId: `x${round}`,
        message: { name: `n99-${round}` },
        at: T0 + 200_000 + round,
      });
    }
    reads = 0;
    const next = builder.build(records(log.getSnapshot().messageCount), undefined, filter);
    expect(next.visible).toHaveLength(1_116);
    expect(reads).toBeLessThanOrEqual(10);
  });

  it('starts over after the log was cleared and after a clear mark', () => {
    const log = sessionLog();
    const builder = new TrafficRowsBuilder();
    builder.build(log.getSnapshot(), undefined, {});
    const marked = builder.build(log.getSnapshot(), { lastSeq: 3, lastExchangeId: 0 }, {});
    expect(shape(marked.visible)).toEqual(['x:HTTP GET', 'm:tools/list', 'm:tools/list', 'x:HTTP DELETE']);
    log.clear();
    expect(builder.build(log.getSnapshot(), undefined, {}).total).toBe(0);
  });
});
