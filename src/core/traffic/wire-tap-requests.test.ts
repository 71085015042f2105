import { describe, expect, it } from 'vitest';
import { API_KEY, CHUNKED_JSON, ended, latest, noGlassboxHeaders, setup, useTapServer } from './__fixtures__/tap-server';

const server = useTapServer();

describe('the wire tap with a whole (non-stream) answer', () => {
  it('hands the caller the very bytes sent over several chunks, once the body is recorded', async () => {
    const { log, ends, recordingFetch } = setup();
    const response = await recordingFetch(`${server.base}/chunked-json`);
    // The exchange is complete by the time the caller has the response.
    expect(latest(log)).toMatchObject({ state: 'done', status: 200, responseBody: CHUNKED_JSON });
    expect(ends).toHaveLength(1);
    expect(response.status).toBe(200);
    expect(response.url).toBe(`${server.base}/chunked-json`);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(CHUNKED_JSON, 'utf8'))).toBe(true);
  });

  it('records a body broken off halfway as failed, and the caller reads what came, then the error', async () => {
    const { log, recordingFetch } = setup();
    const response = await recordingFetch(`${server.base}/cut-json`);
    expect(latest(log)).toMatchObject({
      state: 'failed',
      status: 200,
      responseBody: '{"jsonrpc":"2.0","id":1,"res',
      error: expect.any(String),
    });
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe('{"jsonrpc":"2.0","id":1,"res');
    await expect(reader.read()).rejects.toThrow();
  });

  it('records a stalled body as aborted when the caller aborts, and the caller gets the abort', async () => {
    const { log, recordingFetch } = setup();
    const controller = new AbortController();
    const pending = recordingFetch(`${server.base}/stalled-json`, { signal: controller.signal });
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
    const error: unknown = await recordingFetch(`http://127.0.0.1:${server.closedPort}/mcp`, { method: 'POST', body: '{}' }).catch(
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
    await expect(recordingFetch(`${server.base}/slow-headers`, { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(latest(log).state).toBe('aborted');
  });

  it('records a thrown error that carries a secret without the secret', async () => {
    const failing: typeof fetch = () => Promise.reject(new TypeError(`bad header value ${API_KEY}`));
    const { log, recordingFetch } = setup({ fetch: failing });
    await expect(recordingFetch(`${server.base}/json`)).rejects.toThrow(TypeError);
    expect(latest(log).error).toBe('bad header value [redacted]');
  });
});

describe('the wire tap request forms', () => {
  it('reads method, headers and body from a Request; its context is the typed one', async () => {
    const { log, recordingFetch } = setup({ context: { turn: 4, toolCallId: 'call_1' } });
    const request = new Request(`${server.base}/json`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"x":1}',
    });
    const response = await recordingFetch(request);
    expect(noGlassboxHeaders(server)).toBe(true);
    expect(latest(log).requestHeaders).toEqual({ 'content-type': 'application/json' });
    expect(server.lastHeaders['content-type']).toBe('application/json');
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
    await recordingFetch(`${server.base}/json`, { method: 'POST', body: new TextEncoder().encode('{"ok":true}') });
    expect(latest(log).requestBody).toBe('{"ok":true}');
    await recordingFetch(`${server.base}/json`, { method: 'POST', body: new Uint8Array([0xff, 0xfe, 0x00]) });
    expect(latest(log).requestBody).toBeUndefined();
    expect(latest(log).requestBodyNote).toBe('Binary body of 3 bytes, not recorded.');
  });

  it('accepts headers as pairs and as a Headers object', async () => {
    const { log, recordingFetch } = setup();
    await recordingFetch(`${server.base}/json`, { headers: [['X-Api-Key', API_KEY]] });
    expect(latest(log)).toMatchObject({ requestHeaders: { 'x-api-key': '[redacted]' } });
    expect(server.lastHeaders['x-api-key']).toBe(API_KEY);
    await recordingFetch(`${server.base}/json`, { headers: new Headers({ 'X-Other': 'yes' }) });
    expect(latest(log).requestHeaders).toEqual({ 'x-other': 'yes' });
    // As fetch sends them: names in lower case, values without surrounding whitespace, repeated names joined.
    await recordingFetch(`${server.base}/json`, {
      headers: [
        ['X-Twice', ' one '],
        ['x-twice', 'two\t'],
      ],
    });
    expect(latest(log)).toMatchObject({ requestHeaders: { 'x-twice': 'one, two' } });
    expect(server.lastHeaders['x-twice']).toBe('one, two');
    // An x-glassbox- header is nothing of ours: it is sent and recorded like any other.
    await recordingFetch(`${server.base}/json`, { headers: { 'X-Glassbox-Other': 'kept' } });
    expect(latest(log).requestHeaders).toEqual({ 'x-glassbox-other': 'kept' });
    expect(server.lastHeaders['x-glassbox-other']).toBe('kept');
  });

  it('hands the caller every response header, repeated Set-Cookie headers included', async () => {
    const { log, recordingFetch } = setup();
    const response = await recordingFetch(`${server.base}/two-cookies`);
    expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(response.headers.get('x-served-by')).toBe('test');
    expect(await response.text()).toBe('ok');
    expect((await ended(log, latest(log).id)).responseHeaders).toMatchObject({
      'content-type': 'text/plain',
      'set-cookie': '[redacted]',
      'x-served-by': 'test',
    });
  });
});
