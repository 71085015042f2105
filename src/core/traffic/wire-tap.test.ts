import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SecretRegistry } from './redact';
import { CLOSED_BY_CLIENT_NOTE, createRecordingFetch, RESPONSE_TAP } from './recording-fetch';
import type { BodyReader, RecordingEvent, ResponseTap } from './recording-fetch';
import { TrafficLog } from './traffic-log';
import type { HttpExchange } from './types';

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

/** A recording fetch over the real fetch, with the events it reported. */
function setup(overrides: { fetch?: typeof fetch; maxBodyChars?: number; wire?: 'mcp' | 'model' } = {}) {
  const log = new TrafficLog();
  const secrets = new SecretRegistry();
  secrets.add(API_KEY);
  const events: RecordingEvent[] = [];
  const recordingFetch = createRecordingFetch({
    log,
    wire: overrides.wire ?? 'mcp',
    source: 'weather',
    fetch: overrides.fetch ?? fetch,
    secrets,
    onExchange: (event) => events.push(event),
    ...(overrides.maxBodyChars !== undefined ? { maxBodyChars: overrides.maxBodyChars } : {}),
  });
  return { log, events, recordingFetch };
}

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

describe('createRecordingFetch with a JSON response', () => {
  it('records the exchange redacted, while the server and the caller see the real values', async () => {
    const { log, recordingFetch } = setup();
    const requestBody = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { key: API_KEY } });
    const response = await recordingFetch(`${base}/json?api_key=${API_KEY}&q=1`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${API_KEY}`,
        'Content-Type': 'application/json',
        'X-Custom': 'visible',
        'x-glassbox-tool-call': 'toolu_9',
      },
      body: requestBody,
    });

    // The server got the real credential, and never the glassbox header.
    expect(lastHeaders['authorization']).toBe(`Bearer ${API_KEY}`);
    expect(lastHeaders['x-glassbox-tool-call']).toBeUndefined();

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

describe('createRecordingFetch with an event stream', () => {
  it('splits events as they arrive while the caller reads the stream unchanged', async () => {
    const { log, events, recordingFetch } = setup({ wire: 'model' });
    const response = await recordingFetch(`${base}/sse`, {
      headers: { accept: 'text/event-stream', 'x-glassbox-turn': '3', 'x-glassbox-step': '2' },
    });
    const id = latest(log).id;
    expect(log.getExchange(id)?.state).toBe('streaming');
    expect(lastHeaders['x-glassbox-turn']).toBeUndefined();

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

    expect(events.map((event) => event.type)).toEqual(['request', 'headers', 'sse-event', 'sse-event', 'sse-event', 'sse-event', 'end']);
    const last = events[events.length - 1];
    expect(last?.exchange.sseEvents).toHaveLength(4);
  });

  it('still tells observers the whole exchange when the log is cleared in the middle of a stream', async () => {
    const { log, events, recordingFetch } = setup({ wire: 'model' });
    const response = await recordingFetch(`${base}/sse`, { headers: { accept: 'text/event-stream' } });
    const id = latest(log).id;
    log.clear();
    expect(await response.text()).toBe(SSE_TEXT);
    await expect.poll(() => events.at(-1)?.type).toBe('end');
    expect(log.getExchange(id)).toBeUndefined();
    expect(events.at(-1)?.exchange).toMatchObject({ id, state: 'done', status: 200, wire: 'model', responseContentType: 'text/event-stream' });
    expect(events.at(-1)?.exchange.sseEvents).toHaveLength(4);
    expect(events.at(-1)?.exchange.durationMs).toEqual(expect.any(Number));
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

  it('keeps a note another part of the app set meanwhile, and reports it to observers', async () => {
    const { log, events, recordingFetch } = setup();
    const response = await recordingFetch(`${base}/hang-sse`);
    const id = latest(log).id;
    log.updateExchange(id, { note: 'Era probe: expected.' });
    const reader = response.body!.getReader();
    await reader.read();
    await reader.cancel();
    expect((await ended(log, id)).note).toBe('Era probe: expected.');
    expect(events[events.length - 1]).toMatchObject({ type: 'end', exchange: { note: 'Era probe: expected.', state: 'aborted' } });
  });
});

/** A tap that keeps what it was told, answering every response with a body reader. */
function recordingTap(log: TrafficLog) {
  const seen = { exchangeId: undefined as number | undefined, loggedBeforeSend: false, status: undefined as number | undefined, text: '', ends: [] as Parameters<BodyReader['end']>[0][] };
  const tap: ResponseTap = {
    exchange(id) {
      seen.exchangeId = id;
      seen.loggedBeforeSend = log.getExchange(id)?.state === 'pending' && log.getExchange(id)?.status === undefined;
    },
    response(response) {
      seen.status = response.status;
      return { text: (text) => void (seen.text += text), end: (end) => void seen.ends.push(end) };
    },
  };
  return { seen, tap };
}

describe('createRecordingFetch with a response tap', () => {
  it('tells the exchange before sending, then hands the whole body text, unredacted and untruncated, and its end', async () => {
    const { log, recordingFetch } = setup({ maxBodyChars: 10 });
    const { seen, tap } = recordingTap(log);
    const body = JSON.stringify({ key: API_KEY });
    const response = await recordingFetch(`${base}/json`, { method: 'POST', body, [RESPONSE_TAP]: tap } as RequestInit);
    expect(seen).toMatchObject({ exchangeId: latest(log).id, loggedBeforeSend: true, status: 200 });
    const text = await response.text();
    await ended(log, latest(log).id);
    expect(seen.text).toBe(text);
    expect(text).toContain(API_KEY);
    expect(latest(log).responseBody).toHaveLength(10);
    expect(seen.ends).toEqual([{ cut: false, closedByCaller: false }]);
  });

  it('reads an event stream along with the recorder, even when the caller does not read it', async () => {
    const { log, recordingFetch } = setup();
    const { seen, tap } = recordingTap(log);
    await recordingFetch(`${base}/sse`, { [RESPONSE_TAP]: tap } as RequestInit);
    const exchange = await ended(log, latest(log).id);
    expect(exchange.sseEvents).toHaveLength(4);
    expect(seen.text).toBe(SSE_TEXT);
    expect(seen.ends).toEqual([{ cut: false, closedByCaller: false }]);
  });

  it('says when the caller closed the stream, and when it broke off', async () => {
    const { log, recordingFetch } = setup();
    const closed = recordingTap(log);
    const response = await recordingFetch(`${base}/hang-sse`, { [RESPONSE_TAP]: closed.tap } as RequestInit);
    const reader = response.body!.getReader();
    await reader.read();
    await reader.cancel();
    await ended(log, latest(log).id);
    expect(closed.seen.ends).toEqual([{ cut: false, closedByCaller: true }]);

    const controller = new AbortController();
    const cut = recordingTap(log);
    await recordingFetch(`${base}/hang-sse`, { signal: controller.signal, [RESPONSE_TAP]: cut.tap } as RequestInit);
    await new Promise<void>((resolve) => {
      const check = () => (cut.seen.text.length > 0 ? resolve() : setTimeout(check, 5));
      check();
    });
    controller.abort();
    await ended(log, latest(log).id);
    expect(cut.seen.ends).toEqual([{ cut: true, error: expect.any(String), closedByCaller: false }]);
  });
});

describe('createRecordingFetch with a whole (non-stream) answer', () => {
  it('hands the caller the very bytes sent over several chunks, once the body is recorded', async () => {
    const { log, events, recordingFetch } = setup();
    const tap = recordingTap(log);
    const response = await recordingFetch(`${base}/chunked-json`, { [RESPONSE_TAP]: tap.tap } as RequestInit);
    // The exchange is complete by the time the caller has the response.
    expect(latest(log)).toMatchObject({ state: 'done', status: 200, responseBody: CHUNKED_JSON });
    expect(events.map((event) => event.type)).toEqual(['request', 'headers', 'end']);
    expect(response.status).toBe(200);
    expect(response.url).toBe(`${base}/chunked-json`);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(CHUNKED_JSON, 'utf8'))).toBe(true);
    expect(tap.seen.text).toBe(CHUNKED_JSON);
    expect(tap.seen.ends).toEqual([{ cut: false, closedByCaller: false }]);
  });

  it('records a body broken off halfway as failed, and the caller reads what came, then the error', async () => {
    const { log, recordingFetch } = setup();
    const tap = recordingTap(log);
    const response = await recordingFetch(`${base}/cut-json`, { [RESPONSE_TAP]: tap.tap } as RequestInit);
    expect(latest(log)).toMatchObject({ state: 'failed', status: 200, responseBody: '{"jsonrpc":"2.0","id":1,"res' });
    expect(tap.seen.ends).toEqual([{ cut: true, error: expect.any(String), closedByCaller: false }]);
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

describe('createRecordingFetch failures', () => {
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
    const { log, events, recordingFetch } = setup({ fetch: capturing });
    const error: unknown = await recordingFetch(`http://127.0.0.1:${closedPort}/mcp`, { method: 'POST', body: '{}' }).catch(
      (caught: unknown) => caught,
    );
    expect(thrown).toBeInstanceOf(Error);
    expect(error).toBe(thrown);
    expect(latest(log)).toMatchObject({ state: 'failed', error: expect.stringContaining('fetch failed') });
    expect(latest(log).durationMs).toBeGreaterThanOrEqual(0);
    expect(events.map((event) => event.type)).toEqual(['request', 'end']);
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

describe('createRecordingFetch request forms', () => {
  it('reads method, headers and body from a Request, stripping the glassbox headers', async () => {
    const { log, recordingFetch } = setup();
    const request = new Request(`${base}/json`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-glassbox-turn': '4', 'x-glassbox-tool-call': 'call_1', 'x-glassbox-request': '9' },
      body: '{"x":1}',
    });
    const response = await recordingFetch(request);
    expect(lastHeaders['x-glassbox-turn']).toBeUndefined();
    expect(lastHeaders['x-glassbox-request']).toBeUndefined();
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
    await recordingFetch(`${base}/json`, { headers: [['X-Api-Key', API_KEY], ['x-glassbox-step', '7']] });
    expect(latest(log)).toMatchObject({ requestHeaders: { 'x-api-key': '[redacted]' }, step: 7 });
    expect(lastHeaders['x-api-key']).toBe(API_KEY);
    await recordingFetch(`${base}/json`, { headers: new Headers({ 'X-Other': 'yes' }) });
    expect(latest(log).requestHeaders).toEqual({ 'x-other': 'yes' });
    // As fetch sends them: names in lower case, values without surrounding whitespace, repeated names joined.
    await recordingFetch(`${base}/json`, { headers: [['X-Twice', ' one '], ['x-twice', 'two\t'], ['x-glassbox-turn', '3']] });
    expect(latest(log)).toMatchObject({ requestHeaders: { 'x-twice': 'one, two' }, turn: 3 });
    expect(lastHeaders['x-twice']).toBe('one, two');
    expect(lastHeaders['x-glassbox-turn']).toBeUndefined();
    // An x-glassbox- header that carries nothing of ours is sent and recorded like any other.
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
