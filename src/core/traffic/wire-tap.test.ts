import { describe, expect, it } from 'vitest';
import { API_KEY, ended, latest, noGlassboxHeaders, setup, SSE_TEXT, useTapServer } from './__fixtures__/tap-server';
import { CLOSED_BY_CLIENT_NOTE } from './record-body';

const server = useTapServer();

describe('the wire tap with a JSON response', () => {
  it('records the exchange redacted, while the server and the caller see the real values', async () => {
    const { log, recordingFetch } = setup({ context: { toolCallId: 'toolu_9' } });
    const requestBody = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { key: API_KEY } });
    const response = await recordingFetch(`${server.base}/json?api_key=${API_KEY}&q=1`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${API_KEY}`,
        'Content-Type': 'application/json',
        'X-Custom': 'visible',
      },
      body: requestBody,
    });

    // The server got the real credential; the tool call id travelled as a typed context, not a header.
    expect(server.lastHeaders['authorization']).toBe(`Bearer ${API_KEY}`);
    expect(noGlassboxHeaders(server)).toBe(true);

    // The caller's response is untouched.
    expect(response.status).toBe(200);
    expect(response.headers.get('mcp-session-id')).toBe('session-1');
    expect(response.url).toBe(`${server.base}/json?api_key=${API_KEY}&q=1`);
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
      url: `${server.base}/json?api_key=[redacted]&q=1`,
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
    await recordingFetch(`${server.base}/json`, { method: 'POST', body: 'hello' });
    const exchange = await ended(log, latest(log).id);
    expect(exchange.responseBody).toBe(JSON.stringify({ jsonrpc: '2.0', id: 1, result: { echo: 'hello' } }));
  });

  it('keeps at most maxBodyChars of a body and says so, while the caller gets all of it', async () => {
    const { log, recordingFetch } = setup({ maxBodyChars: 10 });
    const response = await recordingFetch(`${server.base}/big`);
    expect(await response.text()).toHaveLength(1_000);
    const exchange = await ended(log, latest(log).id);
    expect(exchange.responseBody).toBe('x'.repeat(10));
    expect(exchange.responseBodyNote).toContain('first 10 characters');
  });

  it('returns a bodiless response as it came, recorded as done', async () => {
    const { log, recordingFetch } = setup();
    const response = await recordingFetch(`${server.base}/no-content`, { method: 'DELETE' });
    expect(response.status).toBe(204);
    expect(latest(log)).toMatchObject({ method: 'DELETE', status: 204, state: 'done' });
  });
});

describe('the wire tap with an event stream', () => {
  it('splits events as they arrive while the caller reads the stream unchanged', async () => {
    const { log, ends, recordingFetch } = setup({ wire: 'model', context: { turn: 3, step: 2 } });
    const response = await recordingFetch(`${server.base}/sse`, { headers: { accept: 'text/event-stream' } });
    const id = latest(log).id;
    expect(log.getExchange(id)?.state).toBe('streaming');
    expect(noGlassboxHeaders(server)).toBe(true);

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
    const response = await recordingFetch(`${server.base}/sse`, { headers: { accept: 'text/event-stream' } });
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
    const response = await recordingFetch(`${server.base}/hang-sse`, { signal: controller.signal });
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
    const closedOnServer = server.expectHangingClose();
    const { log, recordingFetch } = setup();
    const response = await recordingFetch(`${server.base}/hang-sse`);
    const reader = response.body!.getReader();
    await reader.read();
    await reader.cancel();
    const exchange = await ended(log, latest(log).id);
    expect(exchange).toMatchObject({ state: 'aborted', note: CLOSED_BY_CLIENT_NOTE });
    await closedOnServer;
  });

  it('keeps a note another part of the app set meanwhile, and reports it to its owner', async () => {
    const { log, ends, recordingFetch } = setup();
    const response = await recordingFetch(`${server.base}/hang-sse`);
    const id = latest(log).id;
    log.updateExchange(id, { note: 'Era probe: expected.' });
    const reader = response.body!.getReader();
    await reader.read();
    await reader.cancel();
    expect((await ended(log, id)).note).toBe('Era probe: expected.');
    expect(ends.at(-1)).toMatchObject({ note: 'Era probe: expected.', state: 'aborted' });
  });
});

const CALL_BODY = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'forecast', arguments: { key: API_KEY } },
});

describe('the wire tap on a JSON-RPC wire', () => {
  it('records the messages of a JSON answer with their exchange before the caller has the response, untruncated and redacted', async () => {
    const { log, recordingFetch } = setup({
      maxBodyChars: 10,
      rpc: { contextOf: (id) => (id === 1 ? { toolCallId: 'toolu_1' } : undefined) },
    });
    const response = await recordingFetch(`${server.base}/json`, { method: 'POST', body: CALL_BODY });
    const exchange = latest(log);
    const { messages, messageCount } = log.getSnapshot();
    expect(messageCount).toBe(2);
    expect(messages[0]).toMatchObject({
      direction: 'out',
      kind: 'request',
      method: 'tools/call',
      rpcId: 1,
      exchangeId: exchange.id,
      toolCallId: 'toolu_1',
    });
    expect(messages[1]).toMatchObject({
      direction: 'in',
      kind: 'response',
      method: 'tools/call',
      rpcId: 1,
      exchangeId: exchange.id,
      toolCallId: 'toolu_1',
      pairedSeq: messages[0]?.seq,
    });
    expect(exchange).toMatchObject({ requestMessages: 1, toolCallId: 'toolu_1' });
    expect(exchange.responseBody).toHaveLength(10);
    expect(JSON.stringify(messages.slice(0, messageCount))).not.toContain(API_KEY);
    expect(await response.text()).toContain(API_KEY);
  });

  it('records each message of an event stream with its exchange, even when the caller does not read it', async () => {
    const { log, recordingFetch } = setup();
    await recordingFetch(`${server.base}/sse`, { method: 'POST', body: CALL_BODY });
    const exchange = await ended(log, latest(log).id);
    expect(exchange.sseEvents).toHaveLength(4);
    const { messages, messageCount } = log.getSnapshot();
    // The request; {"a":1} and {"b":2} are not JSON-RPC, "line one…" is not JSON, the ping event carries nothing.
    expect(messages.slice(0, messageCount).map((message) => [message.direction, message.exchangeId])).toEqual([['out', exchange.id]]);
  });

  it('reports an answer that cannot come, once, with its exchange; a caller that closed or aborted is not reported', async () => {
    const { log, problems, recordingFetch } = setup();
    const response = await recordingFetch(`${server.base}/sse`, { method: 'POST', body: CALL_BODY });
    await response.text();
    await ended(log, latest(log).id);
    expect(problems).toEqual([
      {
        request: { id: 1, method: 'tools/call' },
        exchangeId: latest(log).id,
        eventStream: true,
        failure: { reason: 'malformed-sse', data: 'line one\nline two é' },
      },
    ]);

    const closed = await recordingFetch(`${server.base}/hang-sse`, { method: 'POST', body: CALL_BODY });
    const reader = closed.body!.getReader();
    await reader.read();
    await reader.cancel();
    expect(await ended(log, latest(log).id)).toMatchObject({ state: 'aborted', note: CLOSED_BY_CLIENT_NOTE });
    const controller = new AbortController();
    await recordingFetch(`${server.base}/hang-sse`, { method: 'POST', body: CALL_BODY, signal: controller.signal });
    controller.abort();
    expect(await ended(log, latest(log).id)).toMatchObject({ state: 'aborted' });
    expect(problems).toHaveLength(1);
  });

  it('fails the fetch of a whole answer with the error its owner gives', async () => {
    const coded = new Error('coded');
    const { log, recordingFetch } = setup({ rpc: { onProblem: () => coded } });
    await expect(recordingFetch(`${server.base}/cut-json`, { method: 'POST', body: CALL_BODY })).rejects.toBe(coded);
    expect(latest(log)).toMatchObject({ state: 'failed', status: 200 });
  });

  it('closes a request it carried when its owner asks, and reports nothing for it', async () => {
    const { log, problems, tap, recordingFetch } = setup();
    await recordingFetch(`${server.base}/hang-sse`, { method: 'POST', body: CALL_BODY });
    expect(tap.exchangeFor(1)).toBe(latest(log).id);
    tap.close(1);
    expect(await ended(log, latest(log).id)).toMatchObject({ state: 'aborted' });
    expect(problems).toEqual([]);
  });
});
