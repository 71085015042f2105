import { describe, expect, it } from 'vitest';
import { createRecordingFetch, SecretRegistry, TrafficLog } from '../traffic';
import { checkAnswer, createResponseWatch, REQUEST_TOKEN_HEADER, requestOfBody } from './watch-responses';
import type { ResponseProblem } from './watch-responses';

const encoder = new TextEncoder();

/** A response whose body is sent in the given chunks, then ends (or fails when `cut`). */
function streamed(chunks: string[], contentType: string, options: { cut?: boolean; status?: number } = {}): Response {
  let index = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[index++];
      if (chunk !== undefined) controller.enqueue(encoder.encode(chunk));
      else if (options.cut) controller.error(new TypeError('terminated'));
      else controller.close();
    },
  });
  return new Response(body, { status: options.status ?? 200, headers: { 'content-type': contentType } });
}

const CALL = JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'x' } });

/**
 * A watch over a recording fetch (as in the app: the watch reads along with the recorder) whose
 * network answers every request with `answer`; plus what it reported, what was sent, and the log.
 */
function watchWith(answer: () => Response, streamGate?: () => Promise<void> | undefined) {
  const problems: ResponseProblem[] = [];
  const sent: Array<{ headers: Headers; signal?: AbortSignal | null }> = [];
  const log = new TrafficLog();
  const network = (async (_input: RequestInfo | URL, init?: RequestInit) => {
    sent.push({ headers: new Headers(init?.headers), signal: init?.signal });
    return answer();
  }) as typeof fetch;
  const watch = createResponseWatch({
    fetch: createRecordingFetch({ log, wire: 'mcp', source: 'server', fetch: network, secrets: new SecretRegistry() }),
    onProblem: (problem) => problems.push(problem),
    ...(streamGate ? { streamGate } : {}),
  });
  return { watch, problems, sent, log };
}

/** The id of the newest exchange in `log`. */
const lastExchange = (log: TrafficLog): number | undefined => log.getSnapshot().exchanges.at(-1)?.id;

/** Send the tools/call through the watch and read the whole body, as the SDK would. */
async function send(watch: ReturnType<typeof createResponseWatch>, headers: Record<string, string> = {}): Promise<string> {
  const response = await watch.fetch('http://server.test/mcp', { method: 'POST', body: CALL, headers });
  return response.text().catch((error: unknown) => `error: ${String(error)}`);
}

describe('checkAnswer', () => {
  it('finds the answer in a JSON body or among SSE events', () => {
    expect(checkAnswer(['{"jsonrpc":"2.0","id":7,"result":{}}'], 7, { eventStream: false })).toBeUndefined();
    const events = ['{"jsonrpc":"2.0","method":"notifications/progress","params":{}}', '{"jsonrpc":"2.0","id":7,"error":{"code":1,"message":"no"}}'];
    expect(checkAnswer(events, 7, { eventStream: true })).toBeUndefined();
    // An error with id null is the server's answer to a request it could not read.
    expect(checkAnswer(['{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"bad"}}'], 7, { eventStream: false })).toBeUndefined();
  });

  it('names what came back instead', () => {
    expect(checkAnswer(['this is not json'], 1, { eventStream: false, contentType: 'application/json' })).toEqual({
      reason: 'not-json',
      text: 'this is not json',
      contentType: 'application/json',
    });
    expect(checkAnswer([''], 1, { eventStream: false })).toMatchObject({ reason: 'not-json', text: '' });
    expect(checkAnswer(['{"hello":"world"}'], 1, { eventStream: false })).toEqual({ reason: 'not-json-rpc', text: '{"hello":"world"}' });
    expect(checkAnswer(['{"jsonrpc":"2.0","id":1001,"result":{}}'], 1, { eventStream: false })).toEqual({ reason: 'unknown-response-id', gotIds: [1001] });
    expect(checkAnswer(['{"jsonrpc": "2.0", "id": 0, "result": {oops'], 0, { eventStream: true })).toEqual({
      reason: 'malformed-sse',
      data: '{"jsonrpc": "2.0", "id": 0, "result": {oops',
    });
    expect(checkAnswer(['{"jsonrpc":"2.0","method":"notifications/message","params":{}}'], 3, { eventStream: true, cut: true, error: 'terminated' })).toEqual({
      reason: 'stream-closed',
      cut: true,
      events: 1,
      error: 'terminated',
    });
    expect(checkAnswer(['{"jsonrpc":"2.0",'], 3, { eventStream: false, cut: true })).toEqual({ reason: 'stream-closed', cut: true, events: 0 });
  });

  it('prefers a stray id over other trouble, and ids of another type do not match', () => {
    expect(checkAnswer(['nope', '{"jsonrpc":"2.0","id":"x","result":{}}'], 1, { eventStream: true })).toEqual({ reason: 'unknown-response-id', gotIds: ['x'] });
    // The SDK compares ids as numbers, so "1" answers 1.
    expect(checkAnswer(['{"jsonrpc":"2.0","id":"1","result":{}}'], 1, { eventStream: false })).toBeUndefined();
  });
});

describe('requestOfBody', () => {
  it('reads the one request a POST carries; notifications and responses are not requests', () => {
    expect(requestOfBody(CALL)).toEqual({ id: 7, method: 'tools/call' });
    expect(requestOfBody('{"jsonrpc":"2.0","method":"notifications/initialized"}')).toBeUndefined();
    expect(requestOfBody('{"jsonrpc":"2.0","id":1,"result":{}}')).toBeUndefined();
    expect(requestOfBody('not json')).toBeUndefined();
    expect(requestOfBody(undefined)).toBeUndefined();
  });
});

describe('createResponseWatch', () => {
  it('passes an answered SSE stream through untouched and reports nothing', async () => {
    const event = 'event: message\ndata: {"jsonrpc":"2.0","id":7,"result":{"content":[]}}\n\n';
    const { watch, problems, log } = watchWith(() => streamed([event.slice(0, 20), event.slice(20)], 'text/event-stream'));
    expect(await send(watch)).toBe(event);
    expect(problems).toEqual([]);
    expect(watch.exchangeFor(7)).toBe(lastExchange(log));
    expect(log.getExchange(lastExchange(log) ?? -1)?.sseEvents?.map((e) => e.data)).toEqual(['{"jsonrpc":"2.0","id":7,"result":{"content":[]}}']);
    expect(watch.openRequests()).toEqual([]);
  });

  it('reports a stream cut before the answer, with its exchange', async () => {
    const note = 'event: message\ndata: {"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"x"}}\n\n';
    const { watch, problems, log } = watchWith(() => streamed([note], 'text/event-stream', { cut: true }));
    expect(await send(watch)).toMatch(/^error:/);
    expect(problems).toEqual([
      { request: { id: 7, method: 'tools/call' }, exchangeId: lastExchange(log), failure: { reason: 'stream-closed', cut: true, events: 1, error: 'terminated' } },
    ]);
    expect(watch.failureFor(7)).toMatchObject({ reason: 'stream-closed' });
  });

  it('waits for the SDK to resume a stream that had event ids', async () => {
    const primed = 'id: e1\ndata: \n\n';
    const { watch, problems } = watchWith(() => streamed([primed], 'text/event-stream'));
    await send(watch);
    expect(problems).toEqual([]);
  });

  it('reports a JSON answer to another id, and a wrong content type at once', async () => {
    let next = () => streamed(['{"jsonrpc":"2.0","id":1007,"result":{}}'], 'application/json');
    const { watch, problems } = watchWith(() => next());
    await send(watch);
    expect(problems[0]?.failure).toEqual({ reason: 'unknown-response-id', gotIds: [1007] });
    next = () => streamed(['{"jsonrpc":"2.0","id":7,"result":{}}'], 'text/html');
    await send(watch);
    expect(problems[1]?.failure).toEqual({ reason: 'wrong-content-type', contentType: 'text/html' });
  });

  it('leaves HTTP errors and non-requests to the SDK', async () => {
    const { watch, problems } = watchWith(() => streamed(['Session not found'], 'text/plain', { status: 404 }));
    await send(watch);
    await watch.fetch('http://server.test/mcp', { method: 'POST', body: '{"jsonrpc":"2.0","method":"notifications/initialized"}' });
    expect(problems).toEqual([]);
  });

  it('strips the token header and maps it to the request; close() aborts the request and silences it', async () => {
    let release: (() => void) | undefined;
    const { watch, problems, sent } = watchWith(
      () =>
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              release = () => controller.close();
            },
          }),
          { headers: { 'content-type': 'text/event-stream' } },
        ),
    );
    const response = await watch.fetch('http://server.test/mcp', { method: 'POST', body: CALL, headers: { [REQUEST_TOKEN_HEADER]: '42', accept: 'text/event-stream' } });
    expect(sent[0]?.headers.has(REQUEST_TOKEN_HEADER)).toBe(false);
    expect(sent[0]?.headers.get('accept')).toBe('text/event-stream');
    expect(watch.requestForToken('42')).toEqual({ id: 7, method: 'tools/call' });
    expect(watch.openRequests()).toEqual([{ id: 7, method: 'tools/call' }]);
    const reading = response.text();
    watch.close(7);
    expect(sent[0]?.signal?.aborted).toBe(true);
    release?.();
    await reading.catch(() => undefined);
    expect(problems).toEqual([]);
    expect(watch.openRequests()).toEqual([]);
  });

  it('holds a GET until the stream gate opens; an abort while it waits rejects it unsent', async () => {
    let open!: () => void;
    let gate: Promise<void> | undefined = new Promise<void>((resolve) => (open = resolve));
    const { watch, sent } = watchWith(() => streamed([], 'text/event-stream'), () => gate);
    const held = watch.fetch('http://server.test/mcp', { method: 'GET' });
    // POSTs are not held.
    await watch.fetch('http://server.test/mcp', { method: 'POST', body: CALL });
    expect(sent).toHaveLength(1);
    open();
    await held;
    expect(sent).toHaveLength(2);

    gate = new Promise<void>(() => undefined);
    const controller = new AbortController();
    const aborted = watch.fetch('http://server.test/mcp', { method: 'GET', signal: controller.signal });
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
    gate = undefined;
    await watch.fetch('http://server.test/mcp', { method: 'GET' });
    expect(sent).toHaveLength(3);
  });

  it('reuses the controller of a finished request, never one that is in use or was aborted', async () => {
    let keepOpen = false;
    const { watch, sent } = watchWith(() => {
      if (!keepOpen) return streamed(['event: message\ndata: {"jsonrpc":"2.0","id":7,"result":{}}\n\n'], 'text/event-stream');
      // An answer that stays open until its request is aborted (as fetch's body would be).
      const signal = sent.at(-1)?.signal;
      return new Response(
        new ReadableStream<Uint8Array>({ start: (controller) => signal?.addEventListener('abort', () => controller.error(signal.reason)) }),
        { headers: { 'content-type': 'text/event-stream' } },
      );
    });
    await send(watch);
    await send(watch);
    // One request after the other: the second reuses the first one's controller.
    expect(sent[1]?.signal).toBe(sent[0]?.signal);

    // While a request is open, another gets its own; closing the open one aborts only it.
    keepOpen = true;
    const open = await watch.fetch('http://server.test/mcp', { method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id: 8, method: 'tools/call' }) });
    keepOpen = false;
    await send(watch);
    expect(sent[3]?.signal).not.toBe(sent[2]?.signal);
    watch.close(8);
    expect(sent[2]?.signal?.aborted).toBe(true);
    expect(sent[3]?.signal?.aborted).toBe(false);
    await open.text().catch(() => undefined);
    // An aborted controller is never handed out again.
    await send(watch);
    await send(watch);
    expect(sent.slice(4).some((request) => request.signal === sent[2]?.signal)).toBe(false);
    expect(sent.slice(4).every((request) => request.signal?.aborted === false)).toBe(true);
  });

  it('remembers a bounded number of finished requests in a long session', async () => {
    const { watch } = watchWith(() => streamed(['{"jsonrpc":"2.0","id":7,"result":{}}'], 'application/json'));
    for (let id = 1; id <= 1100; id += 1) {
      const response = await watch.fetch('http://server.test/mcp', { method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call' }), headers: { [REQUEST_TOKEN_HEADER]: `t${id}` } });
      await response.text();
    }
    expect(watch.requestForToken('t1100')).toEqual({ id: 1100, method: 'tools/call' });
    expect(watch.requestForToken('t1')).toBeUndefined();
    expect(watch.failureFor(1100)).toMatchObject({ reason: 'unknown-response-id' });
    expect(watch.failureFor(1)).toBeUndefined();
  });

  it('follows the caller\u2019s signal with one listener, and lets go of each request once it is over', async () => {
    // As the SDK does: one transport signal with every request that has no signal of its own.
    const transport = new AbortController();
    let added = 0;
    const add = transport.signal.addEventListener.bind(transport.signal);
    transport.signal.addEventListener = ((...args: Parameters<AbortSignal['addEventListener']>) => {
      added += 1;
      add(...args);
    }) as AbortSignal['addEventListener'];
    const answers = [
      () => streamed(['{"jsonrpc":"2.0","id":7,"result":{}}'], 'application/json'),
      () => streamed(['event: message\ndata: {"jsonrpc":"2.0","id":7,"result":{}}\n\n'], 'text/event-stream'),
      () => new Response(null, { status: 202 }),
      () => streamed(['Bad request'], 'text/plain', { status: 400 }),
    ];
    let next = 0;
    /** An answer still streaming: its body ends only when the request is aborted, as fetch's does. */
    const streaming = (): Response => {
      const signal = sent.at(-1)?.signal;
      const body = new ReadableStream<Uint8Array>({
        start: (controller) => signal?.addEventListener('abort', () => controller.error(signal.reason)),
      });
      return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
    };
    const { watch, sent } = watchWith(() => (next < 8 ? answers[next++ % answers.length]!() : streaming()));
    for (let round = 0; round < 8; round += 1) {
      const response = await watch.fetch('http://server.test/mcp', { method: 'POST', body: CALL, signal: transport.signal });
      await response.text();
    }
    // While a request is open, aborting the caller's signal still aborts what was sent.
    const open = await watch.fetch('http://server.test/mcp', { method: 'POST', body: CALL, signal: transport.signal });
    expect(added).toBe(1);
    transport.abort();
    expect(sent.at(-1)?.signal?.aborted).toBe(true);
    await open.text().catch(() => undefined);
  });
});
