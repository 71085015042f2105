import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SecretRegistry } from './redact';
import { CLOSED_BY_CLIENT_NOTE } from './record-body';
import { TrafficLog } from './traffic-log';
import type { CallContext, HttpExchange } from './types';
import { createWireTap } from './wire-tap';
import type { AnswerProblem, RpcTapOptions } from './wire-tap';

const API_KEY = 'sk-test-0123456789abcdef';

/** The event stream the server sends, cut into 7-byte chunks (splitting events, lines and the "é"). */
const SSE_TEXT =
  'id: 1\nretry: 3000\nevent: message\ndata: {"a":1}\n\n' +
  'data: {"b":2}\n\n' +
  ': a comment\nid: 2\ndata: line one\ndata: line two é\n\n' +
  'event: ping\ndata:\n\n';

/** A JSON answer with a two-byte character, sent in three chunks. */
const CHUNKED_JSON = '{"jsonrpc":"2.0","id":7,"result":{"city":"Orléans"}}';

let server: Server;
let base: string;
let closedPort: number;
let lastHeaders: IncomingHttpHeaders = {};
let hangingClosed: Promise<void> = Promise.resolve();
let markHangingClosed: () => void = () => {};

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  server = createServer((req, res) => {
    lastHeaders = req.headers;
    const path = (req.url ?? '').split('?')[0];
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      switch (path) {
        case '/json':
          res.writeHead(200, {
            'content-type': 'application/json',
            'mcp-session-id': 'session-1',
            'set-cookie': 'sid=abc; HttpOnly',
          });
          res.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: { echo: body } }));
          return;
        case '/sse': {
          res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
          const bytes = Buffer.from(SSE_TEXT, 'utf8');
          void (async () => {
            for (let at = 0; at < bytes.length; at += 7) {
              res.write(bytes.subarray(at, at + 7));
              await wait(2);
            }
            res.end();
          })();
          return;
        }
        case '/hang-sse':
          res.writeHead(200, { 'content-type': 'text/event-stream' });
          res.write('id: 1\ndata: {"jsonrpc":"2.0","method":"notifications/progress","params":{"progress":1}}\n\n');
          res.on('close', () => markHangingClosed());
          return;
        case '/slow-headers':
          setTimeout(() => {
            if (!res.destroyed) res.end('late');
          }, 5_000);
          return;
        case '/chunked-json': {
          // "é" split between two chunks: the caller must still get the very bytes sent.
          res.writeHead(200, { 'content-type': 'application/json' });
          const bytes = Buffer.from(CHUNKED_JSON, 'utf8');
          const split = bytes.indexOf(0xa9);
          void (async () => {
            res.write(bytes.subarray(0, split));
            await wait(5);
            res.write(bytes.subarray(split, split + 3));
            await wait(5);
            res.end(bytes.subarray(split + 3));
          })();
          return;
        }
        case '/cut-json':
          res.writeHead(200, { 'content-type': 'application/json', 'content-length': '200' });
          res.write('{"jsonrpc":"2.0","id":1,"res');
          setTimeout(() => res.destroy(), 20);
          return;
        case '/stalled-json':
          res.writeHead(200, { 'content-type': 'application/json' });
          res.write('{"jsonrpc":"2.0",');
          return;
        case '/two-cookies':
          res.writeHead(200, { 'content-type': 'text/plain', 'set-cookie': ['a=1', 'b=2'], 'x-served-by': 'test' });
          res.end('ok');
          return;
        case '/no-content':
          res.writeHead(204);
          res.end();
          return;
        case '/big':
          res.writeHead(200, { 'content-type': 'text/plain' });
          res.end('x'.repeat(1_000));
          return;
        default:
          res.writeHead(404, { 'content-type': 'text/plain' });
          res.end('not found');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const spare = createServer();
  await new Promise<void>((resolve) => spare.listen(0, '127.0.0.1', resolve));
  closedPort = (spare.address() as AddressInfo).port;
  await new Promise<void>((resolve) => spare.close(() => resolve()));
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** The tap over the real fetch (as the app composes it), with the exchanges it reported ended and the problems it found. */
function setup(overrides: { fetch?: typeof fetch; maxBodyChars?: number; wire?: 'mcp' | 'model'; context?: CallContext; rpc?: RpcTapOptions } = {}) {
  const log = new TrafficLog();
  const secrets = new SecretRegistry();
  secrets.add(API_KEY);
  const ends: HttpExchange[] = [];
  const problems: AnswerProblem[] = [];
  const tap = createWireTap({
    log,
    wire: overrides.wire ?? 'mcp',
    source: 'weather',
    secrets,
    ...(overrides.context ? { context: overrides.context } : {}),
    rpc: { onExchangeEnd: (exchange) => void ends.push(exchange), onProblem: (problem) => void problems.push(problem), ...overrides.rpc },
    ...(overrides.maxBodyChars !== undefined ? { maxBodyChars: overrides.maxBodyChars } : {}),
  });
  const next = overrides.fetch ?? fetch;
  const recordingFetch = tap((url, init) => next(url, init)) as typeof fetch;
  return { log, ends, problems, tap, recordingFetch };
}

/** True when no glassbox header reached the server. */
const noGlassboxHeaders = (): boolean => !Object.keys(lastHeaders).some((name) => name.startsWith('x-glassbox'));

/** The most recent exchange of a log. */
function latest(log: TrafficLog): HttpExchange {
  const { exchanges } = log.getSnapshot();
  const exchange = exchanges[exchanges.length - 1];
  if (!exchange) throw new Error('no exchange recorded');
  return exchange;
}

/** Resolves with the exchange once it reaches a final state. */
function ended(log: TrafficLog, id: number): Promise<HttpExchange> {
  return new Promise((resolve) => {
    const check = () => {
      const exchange = log.getExchange(id);
      if (exchange && (exchange.state === 'done' || exchange.state === 'failed' || exchange.state === 'aborted')) {
        unsubscribe();
        resolve(exchange);
      }
    };
    const unsubscribe = log.subscribe(check);
    check();
  });
}

describe('the wire tap with a JSON response', () => {
  it('records the exchange redacted, while the server and the caller see the real values', async () => {
    const { log, recordingFetch } = setup({ context: { toolCallId: 'toolu_9' } });
    const requestBody = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { key: API_KEY } });
    const response = await recordingFetch(`${base}/json?api_key=${API_KEY}&q=1`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${API_KEY}`,
        'Content-Type': 'application/json',
        'X-Custom': 'visible',
      },
      body: requestBody,
    });

    // The server got the real credential; the tool call id travelled as a typed context, not a header.
    expect(lastHeaders['authorization']).toBe(`Bearer ${API_KEY}`);
    expect(noGlassboxHeaders()).toBe(true);

    // The caller's response is untouched.
    expect(response.status).toBe(200);
    expect(response.headers.get('mcp-session-id')).toBe('session-1');
    expect(response.url).toBe(`${base}/json?api_key=${API_KEY}&q=1`);
    // The original's url, redirected and type, not those of a constructed Response ("", false, "default").
    expect(response.redirected).toBe(false);
    expect(response.type).not.toBe('default');
    const payload = (await response.json()) as { result: { echo: string } };
    expect(payload.result.echo).toBe(requestBody);

    const exchange = await ended(log, latest(log).id);
    expect(exchange).toMatchObject({
      wire: 'mcp',
      source: 'weather',
      method: 'POST',
      url: `${base}/json?api_key=[redacted]&q=1`,
      state: 'done',
      status: 200,
      statusText: 'OK',
      toolCallId: 'toolu_9',
      responseContentType: 'application/json',
    });
    expect(exchange.requestHeaders).toEqual({
      authorization: 'Bearer [redacted]',
      'content-type': 'application/json',
      'x-custom': 'visible',
    });
    expect(exchange.requestBody).toBe(requestBody.replace(API_KEY, '[redacted]'));
    expect(exchange.responseHeaders).toMatchObject({ 'mcp-session-id': 'session-1', 'set-cookie': '[redacted]' });
    expect(exchange.responseBody).toContain('[redacted]');
    expect(JSON.stringify(exchange)).not.toContain(API_KEY);
    expect(exchange.headersMs).toBeGreaterThanOrEqual(0);
    expect(exchange.durationMs).toBeGreaterThanOrEqual(exchange.headersMs ?? 0);
  });

  it('records the body even when the caller never reads it', async () => {
    const { log, recordingFetch } = setup();
    await recordingFetch(`${base}/json`, { method: 'POST', body: 'hello' });
    const exchange = await ended(log, latest(log).id);
    expect(exchange.responseBody).toBe(JSON.stringify({ jsonrpc: '2.0', id: 1, result: { echo: 'hello' } }));
  });

  it('keeps at most maxBodyChars of a body and says so, while the caller gets all of it', async () => {
    const { log, recordingFetch } = setup({ maxBodyChars: 10 });
    const response = await recordingFetch(`${base}/big`);
    expect(await response.text()).toHaveLength(1_000);
    const exchange = await ended(log, latest(log).id);
    expect(exchange.responseBody).toBe('x'.repeat(10));
    expect(exchange.responseBodyNote).toContain('first 10 characters');
  });

  it('returns a bodiless response as it came, recorded as done', async () => {
    const { log, recordingFetch } = setup();
    const response = await recordingFetch(`${base}/no-content`, { method: 'DELETE' });
    expect(response.status).toBe(204);
    expect(latest(log)).toMatchObject({ method: 'DELETE', status: 204, state: 'done' });
  });
});

describe('the wire tap with an event stream', () => {
  it('splits events as they arrive while the caller reads the stream unchanged', async () => {
    const { log, ends, recordingFetch } = setup({ wire: 'model', context: { turn: 3, step: 2 } });
    const response = await recordingFetch(`${base}/sse`, { headers: { accept: 'text/event-stream' } });
    const id = latest(log).id;
    expect(log.getExchange(id)?.state).toBe('streaming');
    expect(noGlassboxHeaders()).toBe(true);

    expect(await response.text()).toBe(SSE_TEXT);
    const exchange = await ended(log, id);
    expect(exchange).toMatchObject({ state: 'done', turn: 3, step: 2, wire: 'model' });
    expect(exchange.responseBody).toBeUndefined();
    expect(exchange.sseEvents).toEqual([
      { atMs: expect.any(Number), id: '1', event: 'message', data: '{"a":1}', retry: 3000 },
      { atMs: expect.any(Number), data: '{"b":2}' },
      { atMs: expect.any(Number), id: '2', data: 'line one\nline two é' },
      { atMs: expect.any(Number), event: 'ping', data: '' },
    ]);
    const times = (exchange.sseEvents ?? []).map((event) => event.atMs);
    expect([...times].sort((a, b) => a - b)).toEqual(times);

    expect(ends).toHaveLength(1);
    expect(ends[0]?.sseEvents).toHaveLength(4);
  });

  it('still tells its owner the whole exchange when the log is cleared in the middle of a stream', async () => {
    const { log, ends, recordingFetch } = setup({ wire: 'model' });
    const response = await recordingFetch(`${base}/sse`, { headers: { accept: 'text/event-stream' } });
    const id = latest(log).id;
    log.clear();
    expect(await response.text()).toBe(SSE_TEXT);
    await expect.poll(() => ends.length).toBe(1);
    expect(log.getExchange(id)).toBeUndefined();
    expect(ends[0]).toMatchObject({ id, state: 'done', status: 200, wire: 'model', responseContentType: 'text/event-stream' });
    expect(ends[0]?.sseEvents).toHaveLength(4);
    expect(ends[0]?.durationMs).toEqual(expect.any(Number));
  });

  it('records an abort in the middle of a stream as aborted, keeping the events so far', async () => {
    const { log, recordingFetch } = setup();
    const controller = new AbortController();
    const response = await recordingFetch(`${base}/hang-sse`, { signal: controller.signal });
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    controller.abort();
    await expect(reader.read()).rejects.toMatchObject({ name: 'AbortError' });
    const exchange = await ended(log, latest(log).id);
    expect(exchange.state).toBe('aborted');
    expect(exchange.sseEvents).toHaveLength(1);
  });

  it('closes the connection when the caller cancels its stream, and notes it', async () => {
    hangingClosed = new Promise<void>((resolve) => {
      markHangingClosed = resolve;
    });
    const { log, recordingFetch } = setup();
    const response = await recordingFetch(`${base}/hang-sse`);
    const reader = response.body!.getReader();
    await reader.read();
    await reader.cancel();
    const exchange = await ended(log, latest(log).id);
    expect(exchange).toMatchObject({ state: 'aborted', note: CLOSED_BY_CLIENT_NOTE });
    await hangingClosed;
  });

  it('keeps a note another part of the app set meanwhile, and reports it to its owner', async () => {
    const { log, ends, recordingFetch } = setup();
    const response = await recordingFetch(`${base}/hang-sse`);
    const id = latest(log).id;
    log.updateExchange(id, { note: 'Era probe: expected.' });
    const reader = response.body!.getReader();
    await reader.read();
    await reader.cancel();
    expect((await ended(log, id)).note).toBe('Era probe: expected.');
    expect(ends.at(-1)).toMatchObject({ note: 'Era probe: expected.', state: 'aborted' });
  });
});

const CALL_BODY = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'forecast', arguments: { key: API_KEY } } });

describe('the wire tap on a JSON-RPC wire', () => {
  it('records the messages of a JSON answer with their exchange before the caller has the response, untruncated and redacted', async () => {
    const { log, recordingFetch } = setup({ maxBodyChars: 10, rpc: { contextOf: (id) => (id === 1 ? { toolCallId: 'toolu_1' } : undefined) } });
    const response = await recordingFetch(`${base}/json`, { method: 'POST', body: CALL_BODY });
    const exchange = latest(log);
    const { messages, messageCount } = log.getSnapshot();
    expect(messageCount).toBe(2);
    expect(messages[0]).toMatchObject({ direction: 'out', kind: 'request', method: 'tools/call', rpcId: 1, exchangeId: exchange.id, toolCallId: 'toolu_1' });
    expect(messages[1]).toMatchObject({ direction: 'in', kind: 'response', method: 'tools/call', rpcId: 1, exchangeId: exchange.id, toolCallId: 'toolu_1', pairedSeq: messages[0]?.seq });
    expect(exchange).toMatchObject({ requestMessages: 1, toolCallId: 'toolu_1' });
    expect(exchange.responseBody).toHaveLength(10);
    expect(JSON.stringify(messages.slice(0, messageCount))).not.toContain(API_KEY);
    expect(await response.text()).toContain(API_KEY);
  });

  it('records each message of an event stream with its exchange, even when the caller does not read it', async () => {
    const { log, recordingFetch } = setup();
    await recordingFetch(`${base}/sse`, { method: 'POST', body: CALL_BODY });
    const exchange = await ended(log, latest(log).id);
    expect(exchange.sseEvents).toHaveLength(4);
    const { messages, messageCount } = log.getSnapshot();
    // The request; {"a":1} and {"b":2} are not JSON-RPC, "line one…" is not JSON, the ping event carries nothing.
    expect(messages.slice(0, messageCount).map((message) => [message.direction, message.exchangeId])).toEqual([['out', exchange.id]]);
  });

  it('reports an answer that cannot come, once, with its exchange; a caller that closed or aborted is not reported', async () => {
    const { log, problems, recordingFetch } = setup();
    const response = await recordingFetch(`${base}/sse`, { method: 'POST', body: CALL_BODY });
    await response.text();
    await ended(log, latest(log).id);
    expect(problems).toEqual([{ request: { id: 1, method: 'tools/call' }, exchangeId: latest(log).id, eventStream: true, failure: { reason: 'malformed-sse', data: 'line one\nline two é' } }]);

    const closed = await recordingFetch(`${base}/hang-sse`, { method: 'POST', body: CALL_BODY });
    const reader = closed.body!.getReader();
    await reader.read();
    await reader.cancel();
    expect(await ended(log, latest(log).id)).toMatchObject({ state: 'aborted', note: CLOSED_BY_CLIENT_NOTE });
    const controller = new AbortController();
    await recordingFetch(`${base}/hang-sse`, { method: 'POST', body: CALL_BODY, signal: controller.signal });
    controller.abort();
    expect(await ended(log, latest(log).id)).toMatchObject({ state: 'aborted' });
    expect(problems).toHaveLength(1);
  });

  it('fails the fetch of a whole answer with the error its owner gives', async () => {
    const coded = new Error('coded');
    const { log, recordingFetch } = setup({ rpc: { onProblem: () => coded } });
    await expect(recordingFetch(`${base}/cut-json`, { method: 'POST', body: CALL_BODY })).rejects.toBe(coded);
    expect(latest(log)).toMatchObject({ state: 'failed', status: 200 });
  });

  it('closes a request it carried when its owner asks, and reports nothing for it', async () => {
    const { log, problems, tap, recordingFetch } = setup();
    await recordingFetch(`${base}/hang-sse`, { method: 'POST', body: CALL_BODY });
    expect(tap.exchangeFor(1)).toBe(latest(log).id);
    tap.close(1);
    expect(await ended(log, latest(log).id)).toMatchObject({ state: 'aborted' });
    expect(problems).toEqual([]);
  });
});

describe('the wire tap with a whole (non-stream) answer', () => {
  it('hands the caller the very bytes sent over several chunks, once the body is recorded', async () => {
    const { log, ends, recordingFetch } = setup();
    const response = await recordingFetch(`${base}/chunked-json`);
    // The exchange is complete by the time the caller has the response.
    expect(latest(log)).toMatchObject({ state: 'done', status: 200, responseBody: CHUNKED_JSON });
    expect(ends).toHaveLength(1);
    expect(response.status).toBe(200);
    expect(response.url).toBe(`${base}/chunked-json`);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(CHUNKED_JSON, 'utf8'))).toBe(true);
  });

  it('records a body broken off halfway as failed, and the caller reads what came, then the error', async () => {
    const { log, recordingFetch } = setup();
    const response = await recordingFetch(`${base}/cut-json`);
    expect(latest(log)).toMatchObject({ state: 'failed', status: 200, responseBody: '{"jsonrpc":"2.0","id":1,"res', error: expect.any(String) });
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe('{"jsonrpc":"2.0","id":1,"res');
    await expect(reader.read()).rejects.toThrow();
  });

  it('records a stalled body as aborted when the caller aborts, and the caller gets the abort', async () => {
    const { log, recordingFetch } = setup();
    const controller = new AbortController();
    const pending = recordingFetch(`${base}/stalled-json`, { signal: controller.signal });
    await new Promise<void>((resolve) => {
      const check = () => (log.getSnapshot().exchanges.at(-1)?.status === 200 ? resolve() : setTimeout(check, 5));
      check();
    });
    controller.abort();
    const response = await pending;
    await expect(response.text()).rejects.toMatchObject({ name: 'AbortError' });
    expect(latest(log)).toMatchObject({ state: 'aborted', responseBody: '{"jsonrpc":"2.0",' });
  });
});

describe('the wire tap failures', () => {
  it('records a network failure and rethrows the very same error', async () => {
    let thrown: unknown;
    const capturing: typeof fetch = async (input, init) => {
      try {
        return await fetch(input, init);
      } catch (error) {
        thrown = error;
        throw error;
      }
    };
    const { log, ends, recordingFetch } = setup({ fetch: capturing });
    const error: unknown = await recordingFetch(`http://127.0.0.1:${closedPort}/mcp`, { method: 'POST', body: '{}' }).catch(
      (caught: unknown) => caught,
    );
    expect(thrown).toBeInstanceOf(Error);
    expect(error).toBe(thrown);
    expect(latest(log)).toMatchObject({ state: 'failed', error: expect.stringContaining('fetch failed') });
    expect(latest(log).durationMs).toBeGreaterThanOrEqual(0);
    expect(ends).toMatchObject([{ state: 'failed' }]);
  });

  it('records an abort before the headers as aborted and rethrows the AbortError', async () => {
    const { log, recordingFetch } = setup();
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 30);
    await expect(recordingFetch(`${base}/slow-headers`, { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(latest(log).state).toBe('aborted');
  });

  it('records a thrown error that carries a secret without the secret', async () => {
    const failing: typeof fetch = () => Promise.reject(new TypeError(`bad header value ${API_KEY}`));
    const { log, recordingFetch } = setup({ fetch: failing });
    await expect(recordingFetch(`${base}/json`)).rejects.toThrow(TypeError);
    expect(latest(log).error).toBe('bad header value [redacted]');
  });
});

describe('the wire tap request forms', () => {
  it('reads method, headers and body from a Request; its context is the typed one', async () => {
    const { log, recordingFetch } = setup({ context: { turn: 4, toolCallId: 'call_1' } });
    const request = new Request(`${base}/json`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"x":1}' });
    const response = await recordingFetch(request);
    expect(noGlassboxHeaders()).toBe(true);
    expect(latest(log).requestHeaders).toEqual({ 'content-type': 'application/json' });
    expect(lastHeaders['content-type']).toBe('application/json');
    expect(((await response.json()) as { result: { echo: string } }).result.echo).toBe('{"x":1}');
    expect(latest(log)).toMatchObject({
      method: 'POST',
      requestBody: '{"x":1}',
      turn: 4,
      toolCallId: 'call_1',
      requestHeaders: { 'content-type': 'application/json' },
    });
  });

  it('records UTF-8 byte bodies as text and describes binary ones', async () => {
    const { log, recordingFetch } = setup();
    await recordingFetch(`${base}/json`, { method: 'POST', body: new TextEncoder().encode('{"ok":true}') });
    expect(latest(log).requestBody).toBe('{"ok":true}');
    await recordingFetch(`${base}/json`, { method: 'POST', body: new Uint8Array([0xff, 0xfe, 0x00]) });
    expect(latest(log).requestBody).toBeUndefined();
    expect(latest(log).requestBodyNote).toBe('Binary body of 3 bytes, not recorded.');
  });

  it('accepts headers as pairs and as a Headers object', async () => {
    const { log, recordingFetch } = setup();
    await recordingFetch(`${base}/json`, { headers: [['X-Api-Key', API_KEY]] });
    expect(latest(log)).toMatchObject({ requestHeaders: { 'x-api-key': '[redacted]' } });
    expect(lastHeaders['x-api-key']).toBe(API_KEY);
    await recordingFetch(`${base}/json`, { headers: new Headers({ 'X-Other': 'yes' }) });
    expect(latest(log).requestHeaders).toEqual({ 'x-other': 'yes' });
    // As fetch sends them: names in lower case, values without surrounding whitespace, repeated names joined.
    await recordingFetch(`${base}/json`, { headers: [['X-Twice', ' one '], ['x-twice', 'two\t']] });
    expect(latest(log)).toMatchObject({ requestHeaders: { 'x-twice': 'one, two' } });
    expect(lastHeaders['x-twice']).toBe('one, two');
    // An x-glassbox- header is nothing of ours: it is sent and recorded like any other.
    await recordingFetch(`${base}/json`, { headers: { 'X-Glassbox-Other': 'kept' } });
    expect(latest(log).requestHeaders).toEqual({ 'x-glassbox-other': 'kept' });
    expect(lastHeaders['x-glassbox-other']).toBe('kept');
  });

  it('hands the caller every response header, repeated Set-Cookie headers included', async () => {
    const { log, recordingFetch } = setup();
    const response = await recordingFetch(`${base}/two-cookies`);
    expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(response.headers.get('x-served-by')).toBe('test');
    expect(await response.text()).toBe('ok');
    expect((await ended(log, latest(log).id)).responseHeaders).toMatchObject({ 'content-type': 'text/plain', 'set-cookie': '[redacted]', 'x-served-by': 'test' });
  });
});
