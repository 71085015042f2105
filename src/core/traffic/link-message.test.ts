import { describe, expect, it } from 'vitest';
import { carriesRpcRequest, findExchangeForMessage } from './link-message';
import type { HttpExchange, RpcKind, RpcMessageRecord, SseEventRecord } from './types';

const T0 = 1_700_000_000_000;

let nextId = 1;
/** A hand-made MCP exchange; fields default to a finished POST to server "alpha". */
function exchange(fields: Partial<HttpExchange>): HttpExchange {
  return {
    id: nextId++,
    wire: 'mcp',
    source: 'alpha',
    method: 'POST',
    url: 'https://alpha.example/mcp',
    startedAt: T0,
    durationMs: 20,
    state: 'done',
    requestHeaders: { 'content-type': 'application/json' },
    status: 200,
    ...fields,
  };
}

/** A JSON response exchange for one request. */
function jsonExchange(startedAt: number, request: object, response: object | undefined, fields: Partial<HttpExchange> = {}): HttpExchange {
  const result = exchange({ startedAt, requestBody: JSON.stringify(request), ...fields });
  if (response !== undefined) {
    result.responseBody = JSON.stringify(response);
    result.responseContentType = 'application/json';
  }
  return result;
}

/** An SSE event carrying a JSON-RPC message. */
function event(atMs: number, message: object): SseEventRecord {
  return { atMs, data: JSON.stringify(message) };
}

let nextSeq = 1;
/** A recorded JSON-RPC message. */
function message(direction: 'out' | 'in', kind: RpcKind, method: string, at: number, fields: Partial<RpcMessageRecord> = {}): RpcMessageRecord {
  return { seq: nextSeq++, server: 'alpha', direction, kind, method, message: {}, at, ...fields };
}

describe('findExchangeForMessage: client messages', () => {
  it('finds the POST whose body carries a request with the same id', () => {
    const list = jsonExchange(T0, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, { jsonrpc: '2.0', id: 1, result: { tools: [] } });
    const call = jsonExchange(T0 + 100, { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'x' } }, { jsonrpc: '2.0', id: 2, result: {} });
    const found = findExchangeForMessage([list, call], message('out', 'request', 'tools/call', T0 + 98, { rpcId: 2 }));
    expect(found?.id).toBe(call.id);
  });

  it('does not match an id of another type, another server or the model wire', () => {
    const otherType = jsonExchange(T0, { jsonrpc: '2.0', id: '2', method: 'tools/call' }, undefined);
    const otherServer = jsonExchange(T0, { jsonrpc: '2.0', id: 2, method: 'tools/call' }, undefined, { source: 'beta' });
    const modelWire = jsonExchange(T0, { jsonrpc: '2.0', id: 2, method: 'tools/call' }, undefined, { wire: 'model' });
    const found = findExchangeForMessage([otherType, otherServer, modelWire], message('out', 'request', 'tools/call', T0, { rpcId: 2 }));
    expect(found).toBeUndefined();
  });

  it('picks the exchange starting nearest after the message when ids repeat across connections', () => {
    const first = jsonExchange(T0, { jsonrpc: '2.0', id: 0, method: 'initialize' }, { jsonrpc: '2.0', id: 0, result: {} });
    const second = jsonExchange(T0 + 5_000, { jsonrpc: '2.0', id: 0, method: 'initialize' }, { jsonrpc: '2.0', id: 0, result: {} });
    const retry = jsonExchange(T0 + 5_400, { jsonrpc: '2.0', id: 0, method: 'initialize' }, { jsonrpc: '2.0', id: 0, result: {} });
    const exchanges = [first, second, retry];
    expect(findExchangeForMessage(exchanges, message('out', 'request', 'initialize', T0 - 3, { rpcId: 0 }))?.id).toBe(first.id);
    expect(findExchangeForMessage(exchanges, message('out', 'request', 'initialize', T0 + 4_990, { rpcId: 0 }))?.id).toBe(second.id);
  });

  it('allows 50 ms of clock slack before the message, not more', () => {
    const post = jsonExchange(T0, { jsonrpc: '2.0', id: 7, method: 'ping' }, undefined);
    expect(findExchangeForMessage([post], message('out', 'request', 'ping', T0 + 50, { rpcId: 7 }))?.id).toBe(post.id);
    expect(findExchangeForMessage([post], message('out', 'request', 'ping', T0 + 51, { rpcId: 7 }))).toBeUndefined();
  });

  it('does not look beyond the send window after the message', () => {
    const late = jsonExchange(T0 + 61_000, { jsonrpc: '2.0', id: 7, method: 'ping' }, undefined);
    expect(findExchangeForMessage([late], message('out', 'request', 'ping', T0, { rpcId: 7 }))).toBeUndefined();
    expect(findExchangeForMessage([late], message('out', 'request', 'ping', T0, { rpcId: 7 }), { sendWindowMs: 70_000 })?.id).toBe(late.id);
  });

  it('finds a notification by method, at the closest start at/after the message', () => {
    const before = exchange({ startedAt: T0 - 200, requestBody: '{"jsonrpc":"2.0","method":"notifications/initialized"}', status: 202 });
    const wanted = exchange({ startedAt: T0 + 4, requestBody: '{"jsonrpc":"2.0","method":"notifications/initialized"}', status: 202 });
    const later = exchange({ startedAt: T0 + 900, requestBody: '{"jsonrpc":"2.0","method":"notifications/initialized"}', status: 202 });
    const other = exchange({ startedAt: T0 + 2, requestBody: '{"jsonrpc":"2.0","method":"notifications/cancelled","params":{}}', status: 202 });
    const found = findExchangeForMessage([before, other, wanted, later], message('out', 'notification', 'notifications/initialized', T0));
    expect(found?.id).toBe(wanted.id);
  });

  it('finds a request inside a batch body', () => {
    const batch = exchange({
      startedAt: T0,
      requestBody: JSON.stringify([
        { jsonrpc: '2.0', id: 1, method: 'tools/list' },
        { jsonrpc: '2.0', id: 2, method: 'prompts/list' },
      ]),
    });
    expect(findExchangeForMessage([batch], message('out', 'request', 'prompts/list', T0, { rpcId: 2 }))?.id).toBe(batch.id);
  });

  it('finds the client’s answer to a server request by id, not the server request itself', () => {
    const stream = exchange({ method: 'GET', startedAt: T0, state: 'streaming', durationMs: undefined, sseEvents: [event(10, { jsonrpc: '2.0', id: 0, method: 'roots/list' })] });
    const answer = jsonExchange(T0 + 30, { jsonrpc: '2.0', id: 0, result: { roots: [] } }, undefined, { status: 202 });
    const found = findExchangeForMessage([stream, answer], message('out', 'response', 'roots/list', T0 + 29, { rpcId: 0 }));
    expect(found?.id).toBe(answer.id);
  });

  it('finds a request whose exchange failed at the network level', () => {
    const failed = exchange({ startedAt: T0 + 1, requestBody: '{"jsonrpc":"2.0","id":0,"method":"server/discover"}', state: 'failed', status: undefined, error: 'TypeError: Failed to fetch' });
    expect(findExchangeForMessage([failed], message('out', 'request', 'server/discover', T0, { rpcId: 0 }))?.error).toBe('TypeError: Failed to fetch');
  });
});

describe('findExchangeForMessage: server messages', () => {
  it('finds a JSON response by id between its request and its arrival', () => {
    const first = jsonExchange(T0, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, { jsonrpc: '2.0', id: 1, result: { tools: [] } }, { durationMs: 30 });
    const second = jsonExchange(T0 + 500, { jsonrpc: '2.0', id: 2, method: 'tools/list' }, { jsonrpc: '2.0', id: 2, result: { tools: [] } }, { durationMs: 40 });
    const response = message('in', 'response', 'tools/list', T0 + 541, { rpcId: 2, latencyMs: 41 });
    expect(findExchangeForMessage([first, second], response)?.id).toBe(second.id);
  });

  it('finds an error response in a 400 JSON body', () => {
    const probe = jsonExchange(T0, { jsonrpc: '2.0', id: 0, method: 'server/discover' }, { jsonrpc: '2.0', id: 0, error: { code: -32601, message: 'nope' } }, { status: 400, note: 'Era probe' });
    const found = findExchangeForMessage([probe], message('in', 'error', 'server/discover', T0 + 21, { rpcId: 0, latencyMs: 20 }));
    expect(found?.status).toBe(400);
  });

  it('finds a response that came as an SSE event, after progress notifications', () => {
    const call = exchange({
      startedAt: T0,
      requestBody: '{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"slow"}}',
      responseContentType: 'text/event-stream',
      durationMs: 3_000,
      sseEvents: [
        event(1_000, { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 5, progress: 1 } }),
        event(3_000, { jsonrpc: '2.0', id: 5, result: { content: [] } }),
      ],
    });
    const quick = jsonExchange(T0 + 100, { jsonrpc: '2.0', id: 6, method: 'ping' }, { jsonrpc: '2.0', id: 6, result: {} });
    const exchanges = [call, quick];
    expect(findExchangeForMessage(exchanges, message('in', 'response', 'tools/call', T0 + 3_001, { rpcId: 5, latencyMs: 3_001 }))?.id).toBe(call.id);
    expect(findExchangeForMessage(exchanges, message('in', 'notification', 'notifications/progress', T0 + 1_002))?.id).toBe(call.id);
  });

  it('does not take the client request body for a server response with the same id', () => {
    // Only the request side carries id 3 here: the answer is still pending.
    const pending = exchange({ startedAt: T0, requestBody: '{"jsonrpc":"2.0","id":3,"method":"tools/call"}', state: 'pending', durationMs: undefined, status: undefined });
    expect(findExchangeForMessage([pending], message('in', 'response', 'tools/call', T0 + 10, { rpcId: 3, latencyMs: 10 }))).toBeUndefined();
  });

  it('finds a server notification on the long-lived GET stream, by the event nearest in time', () => {
    const stream = exchange({
      method: 'GET',
      startedAt: T0,
      state: 'streaming',
      durationMs: undefined,
      responseContentType: 'text/event-stream',
      sseEvents: [
        { atMs: 0, data: '' },
        event(60_000, { jsonrpc: '2.0', method: 'notifications/tools/list_changed' }),
        event(120_000, { jsonrpc: '2.0', method: 'notifications/tools/list_changed' }),
      ],
    });
    const posts = Array.from({ length: 50 }, (_, index) => jsonExchange(T0 + 1_000 + index * 1_000, { jsonrpc: '2.0', id: index, method: 'ping' }, { jsonrpc: '2.0', id: index, result: {} }));
    const exchanges = [stream, ...posts];
    expect(findExchangeForMessage(exchanges, message('in', 'notification', 'notifications/tools/list_changed', T0 + 120_001))?.id).toBe(stream.id);
  });

  it('gives up on a notification when no event is within the delivery gap', () => {
    const stream = exchange({ method: 'GET', startedAt: T0, durationMs: undefined, state: 'streaming', sseEvents: [event(0, { jsonrpc: '2.0', method: 'notifications/message', params: {} })] });
    expect(findExchangeForMessage([stream], message('in', 'notification', 'notifications/message', T0 + 30_000))).toBeUndefined();
  });

  it('does not search streams older than the stream window', () => {
    const stream = exchange({
      method: 'GET',
      startedAt: T0,
      durationMs: undefined,
      state: 'streaming',
      sseEvents: [event(700_000, { jsonrpc: '2.0', method: 'notifications/message', params: {} })],
    });
    const incoming = message('in', 'notification', 'notifications/message', T0 + 700_000);
    expect(findExchangeForMessage([stream], incoming)).toBeUndefined();
    expect(findExchangeForMessage([stream], incoming, { streamWindowMs: 800_000 })?.id).toBe(stream.id);
  });

  it('finds a server request (sampling) on a stream by id and method', () => {
    const stream = exchange({
      method: 'GET',
      startedAt: T0,
      durationMs: undefined,
      state: 'streaming',
      sseEvents: [event(500, { jsonrpc: '2.0', id: 0, method: 'sampling/createMessage', params: {} })],
    });
    expect(findExchangeForMessage([stream], message('in', 'request', 'sampling/createMessage', T0 + 501, { rpcId: 0 }))?.id).toBe(stream.id);
    expect(findExchangeForMessage([stream], message('in', 'request', 'elicitation/create', T0 + 501, { rpcId: 0 }))).toBeUndefined();
  });
});

describe('findExchangeForMessage: exchangeId and scale', () => {
  it('returns the named exchange when the message knows it', () => {
    const a = jsonExchange(T0, { jsonrpc: '2.0', id: 1, method: 'ping' }, undefined);
    const b = jsonExchange(T0 + 10, { jsonrpc: '2.0', id: 1, method: 'ping' }, undefined);
    expect(findExchangeForMessage([a, b], message('out', 'request', 'ping', T0, { rpcId: 1, exchangeId: b.id }))?.id).toBe(b.id);
  });

  it('parses only exchanges near the message in a log of 100,000 exchanges', () => {
    const exchanges: HttpExchange[] = [];
    let parsed = 0;
    for (let index = 0; index < 100_000; index++) {
      const body = JSON.stringify({ jsonrpc: '2.0', id: index, method: 'ping' });
      const record = exchange({ startedAt: T0 + index * 100 });
      // Count reads of the request body: each one means the search looked inside this exchange.
      Object.defineProperty(record, 'requestBody', {
        enumerable: true,
        get: () => {
          parsed++;
          return body;
        },
      });
      exchanges.push(record);
    }
    const target = message('out', 'request', 'ping', T0 + 50_000 * 100, { rpcId: 50_000 });
    expect(findExchangeForMessage(exchanges, target)?.startedAt).toBe(T0 + 50_000 * 100);
    // The send window is 60 s: 601 exchanges start inside it, nothing else is read.
    expect(parsed).toBeLessThanOrEqual(601);
  });
});

describe('carriesRpcRequest', () => {
  it('is true for a JSON-RPC body and false for none, plain text or a non-JSON-RPC object', () => {
    expect(carriesRpcRequest(exchange({ requestBody: '{"jsonrpc":"2.0","id":1,"method":"ping"}' }))).toBe(true);
    expect(carriesRpcRequest(exchange({ method: 'DELETE' }))).toBe(false);
    expect(carriesRpcRequest(exchange({ requestBody: 'hello' }))).toBe(false);
    expect(carriesRpcRequest(exchange({ requestBody: '{"not":"rpc"}' }))).toBe(false);
  });
});
