import { describe, expect, it, vi } from 'vitest';
import { TrafficLog } from './traffic-log';
import type { NewExchange, NewRpcMessage } from './traffic-log';

const exchange = (overrides: Partial<NewExchange> = {}): NewExchange => ({
  wire: 'mcp',
  source: 'weather',
  method: 'POST',
  url: 'https://mcp.example/mcp',
  startedAt: 1_000,
  requestHeaders: {},
  ...overrides,
});

const request = (rpcId: string | number, method: string, at: number, overrides: Partial<NewRpcMessage> = {}): NewRpcMessage => ({
  server: 'weather',
  direction: 'out',
  kind: 'request',
  method,
  rpcId,
  message: { jsonrpc: '2.0', id: rpcId, method },
  at,
  ...overrides,
});

const response = (rpcId: string | number, at: number, overrides: Partial<NewRpcMessage> = {}): NewRpcMessage => ({
  server: 'weather',
  direction: 'in',
  kind: 'response',
  method: '',
  rpcId,
  message: { jsonrpc: '2.0', id: rpcId, result: {} },
  at,
  ...overrides,
});

const flushMicrotasks = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('TrafficLog exchanges', () => {
  it('begins, updates and finds exchanges by id', () => {
    const log = new TrafficLog();
    const first = log.beginExchange(exchange());
    const second = log.beginExchange(exchange({ method: 'GET' }));
    expect([first, second]).toEqual([1, 2]);
    expect(log.getExchange(first)?.state).toBe('pending');

    expect(log.updateExchange(first, { status: 200, state: 'done' })).toBe(true);
    expect(log.getExchange(first)).toMatchObject({ id: 1, status: 200, state: 'done', method: 'POST' });
    expect(log.getExchange(second)?.method).toBe('GET');
    expect(log.updateExchange(99, { status: 500 })).toBe(false);
  });

  it('replaces an updated record instead of mutating it, and keeps the others', () => {
    const log = new TrafficLog();
    const a = log.beginExchange(exchange());
    const b = log.beginExchange(exchange());
    const before = log.getSnapshot().exchanges;
    const oldA = before[0];
    const oldB = before[1];
    log.updateExchange(a, { state: 'done' });
    const after = log.getSnapshot().exchanges;
    expect(after[0]).not.toBe(oldA);
    expect(oldA?.state).toBe('pending');
    expect(after[1]).toBe(oldB);
    expect(log.getExchange(b)).toBe(oldB);
  });

  it('appends SSE events and marks the exchange as changed', () => {
    const log = new TrafficLog();
    const id = log.beginExchange(exchange({ state: 'streaming' }));
    const beforeEvent = log.getExchange(id);
    log.appendSseEvent(id, { atMs: 5, data: 'one' });
    log.appendSseEvent(id, { atMs: 9, event: 'message', id: '2', data: 'two' });
    const after = log.getExchange(id);
    expect(after).not.toBe(beforeEvent);
    expect(after?.sseEvents).toEqual([
      { atMs: 5, data: 'one' },
      { atMs: 9, event: 'message', id: '2', data: 'two' },
    ]);
    expect(log.appendSseEvent(42, { atMs: 1, data: 'x' })).toBe(false);
  });
});

describe('TrafficLog snapshots and notifications', () => {
  it('returns the same snapshot until something changes', () => {
    const log = new TrafficLog();
    const empty = log.getSnapshot();
    expect(log.getSnapshot()).toBe(empty);
    expect(empty).toMatchObject({ exchangeCount: 0, messageCount: 0 });

    log.beginExchange(exchange());
    const one = log.getSnapshot();
    expect(one).not.toBe(empty);
    expect(one.version).toBeGreaterThan(empty.version);
    expect(one.exchangeCount).toBe(1);
    expect(log.getSnapshot()).toBe(one);
  });

  it('batches the changes of one tick into one notification', async () => {
    const log = new TrafficLog();
    const listener = vi.fn();
    log.subscribe(listener);
    const id = log.beginExchange(exchange());
    for (let i = 0; i < 50; i++) log.appendSseEvent(id, { atMs: i, data: `chunk ${i}` });
    log.updateExchange(id, { state: 'done' });
    expect(listener).not.toHaveBeenCalled();
    await flushMicrotasks();
    expect(listener).toHaveBeenCalledTimes(1);

    log.addMessage(request(1, 'ping', 10));
    await flushMicrotasks();
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('stops notifying after unsubscribe', async () => {
    const log = new TrafficLog();
    const listener = vi.fn();
    const unsubscribe = log.subscribe(listener);
    unsubscribe();
    log.beginExchange(exchange());
    await flushMicrotasks();
    expect(listener).not.toHaveBeenCalled();
  });

  it('uses the injected scheduler', () => {
    const scheduled: Array<() => void> = [];
    const log = new TrafficLog({ schedule: (flush) => scheduled.push(flush) });
    const listener = vi.fn();
    log.subscribe(listener);
    log.beginExchange(exchange());
    log.beginExchange(exchange());
    expect(scheduled).toHaveLength(1);
    scheduled[0]?.();
    expect(listener).toHaveBeenCalledTimes(1);
    log.beginExchange(exchange());
    expect(scheduled).toHaveLength(2);
  });
});

describe('TrafficLog message pairing', () => {
  it('pairs responses that arrive out of order, copying the method and measuring latency', () => {
    const log = new TrafficLog();
    const listSeq = log.addMessage(request(1, 'tools/list', 100));
    const callSeq = log.addMessage(request(2, 'tools/call', 110, { toolCallId: 'toolu_1' }));
    const callAnswer = log.addMessage(response(2, 160));
    const listAnswer = log.addMessage(response(1, 400));

    expect(log.getMessage(listSeq)).toMatchObject({ pairedSeq: listAnswer });
    expect(log.getMessage(callSeq)).toMatchObject({ pairedSeq: callAnswer });
    expect(log.getMessage(callAnswer)).toMatchObject({
      kind: 'response',
      method: 'tools/call',
      pairedSeq: callSeq,
      latencyMs: 50,
      toolCallId: 'toolu_1',
    });
    expect(log.getMessage(listAnswer)).toMatchObject({ method: 'tools/list', pairedSeq: listSeq, latencyMs: 300 });
  });

  it('pairs error responses with their request', () => {
    const log = new TrafficLog();
    const seq = log.addMessage(request('a', 'server/discover', 0));
    const errorSeq = log.addMessage(
      response('a', 12, { kind: 'error', message: { jsonrpc: '2.0', id: 'a', error: { code: -32601, message: 'nope' } } }),
    );
    expect(log.getMessage(errorSeq)).toMatchObject({ kind: 'error', method: 'server/discover', pairedSeq: seq, latencyMs: 12 });
    expect(log.getMessage(seq)?.pairedSeq).toBe(errorSeq);
  });

  it('records requests without an id as notifications, which never pair', () => {
    const log = new TrafficLog();
    const note = log.addMessage(request(1, 'notifications/initialized', 0, { rpcId: undefined }));
    const stray = log.addMessage(response(1, 5));
    expect(log.getMessage(note)).toMatchObject({ kind: 'notification', method: 'notifications/initialized' });
    expect(log.getMessage(note)?.pairedSeq).toBeUndefined();
    expect(log.getMessage(stray)?.pairedSeq).toBeUndefined();
    expect(log.getMessage(stray)?.method).toBe('');
  });

  it('reads the kind from the message when it is omitted', () => {
    const log = new TrafficLog();
    const seq = log.addMessage({
      server: 'weather',
      direction: 'in',
      message: { jsonrpc: '2.0', method: 'notifications/progress', params: { progress: 1 } },
      at: 3,
      method: 'notifications/progress',
    });
    expect(log.getMessage(seq)?.kind).toBe('notification');
  });

  it('keeps ids apart by server, by direction and by id type', () => {
    const log = new TrafficLog();
    const clientRequest = log.addMessage(request(1, 'tools/call', 0));
    const serverRequest = log.addMessage(request(1, 'sampling/createMessage', 1, { direction: 'in' }));
    const otherServer = log.addMessage(request(1, 'tools/list', 2, { server: 'calendar' }));
    const stringId = log.addMessage(request('1', 'ping', 3));

    const answerToServer = log.addMessage(response(1, 10, { direction: 'out' }));
    const answerFromServer = log.addMessage(response(1, 20));
    const answerFromCalendar = log.addMessage(response(1, 30, { server: 'calendar' }));
    const answerToString = log.addMessage(response('1', 40));

    expect(log.getMessage(answerToServer)).toMatchObject({ pairedSeq: serverRequest, method: 'sampling/createMessage' });
    expect(log.getMessage(answerFromServer)).toMatchObject({ pairedSeq: clientRequest, method: 'tools/call' });
    expect(log.getMessage(answerFromCalendar)).toMatchObject({ pairedSeq: otherServer, method: 'tools/list' });
    expect(log.getMessage(answerToString)).toMatchObject({ pairedSeq: stringId, method: 'ping' });
  });

  it('ignores pairing fields passed by the caller', () => {
    const log = new TrafficLog();
    const seq = log.addMessage({ ...request(1, 'ping', 0), pairedSeq: 77, latencyMs: 5 } as NewRpcMessage);
    expect(log.getMessage(seq)?.pairedSeq).toBeUndefined();
    expect(log.getMessage(seq)?.latencyMs).toBeUndefined();
  });
});

describe('TrafficLog clear and load', () => {
  it('clears without reusing ids, so late updates cannot hit a newer record', () => {
    const log = new TrafficLog();
    const inFlight = log.beginExchange(exchange());
    log.addMessage(request(1, 'ping', 0));
    const beforeClear = log.getSnapshot();
    log.clear();

    expect(log.getSnapshot()).toMatchObject({ exchangeCount: 0, messageCount: 0 });
    expect(log.getSnapshot().exchanges).toHaveLength(0);
    expect(beforeClear.exchanges).toHaveLength(1);
    expect(log.updateExchange(inFlight, { state: 'done' })).toBe(false);
    const next = log.beginExchange(exchange());
    expect(next).toBe(inFlight + 1);
    // The request from before the clear is gone: its late answer pairs with nothing.
    const late = log.addMessage(response(1, 5));
    expect(log.getMessage(late)?.pairedSeq).toBeUndefined();
  });

  it('loads an export, pairs answers to its open requests, and continues its numbering', () => {
    const source = new TrafficLog();
    const exchangeId = source.beginExchange(exchange());
    source.updateExchange(exchangeId, { state: 'done', status: 200 });
    source.addMessage(request(1, 'tools/list', 0));
    source.addMessage(response(1, 5));
    source.addMessage(request(2, 'tools/call', 6));
    const exported = source.getSnapshot();

    const log = new TrafficLog();
    log.load({ exchanges: exported.exchanges, messages: exported.messages });
    expect(log.getSnapshot()).toMatchObject({ exchangeCount: 1, messageCount: 3 });
    expect(log.getExchange(exchangeId)?.status).toBe(200);
    const answer = log.addMessage(response(2, 16));
    expect(answer).toBe(4);
    expect(log.getMessage(answer)).toMatchObject({ method: 'tools/call', pairedSeq: 3, latencyMs: 10 });
    expect(log.beginExchange(exchange())).toBe(exchangeId + 1);
  });
});

describe('TrafficLog at scale', () => {
  it('holds 100,000 messages, pairing all of them, without copying its arrays per append', () => {
    const log = new TrafficLog();
    const initial = log.getSnapshot().messages;
    for (let i = 0; i < 50_000; i++) log.addMessage(request(i, 'tools/call', i));
    for (let i = 49_999; i >= 0; i--) log.addMessage(response(i, 100_000 + i));
    const snapshot = log.getSnapshot();
    expect(snapshot.messageCount).toBe(100_000);
    // The documented choice: appends go to the same array; the snapshot object changes.
    expect(snapshot.messages).toBe(initial);
    expect(snapshot.messages.every((message) => message.pairedSeq !== undefined)).toBe(true);
    expect(log.getMessage(1)?.pairedSeq).toBe(100_000);
    expect(log.getMessage(100_000)).toMatchObject({ method: 'tools/call', latencyMs: 100_000 });
  });
});
