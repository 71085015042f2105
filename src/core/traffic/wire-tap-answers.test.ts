import { describe, expect, it } from 'vitest';
import { SecretRegistry } from './redact';
import { TrafficLog } from './traffic-log';
import { createWireTap } from './wire-tap';
import type { AnswerProblem } from './wire-tap';

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
 * The wire tap on the MCP wire (its answer checks) over a network that answers every request with
 * `answer`; plus what it reported, what was sent, and the log.
 */
function watchWith(answer: () => Response, streamGate?: () => Promise<void> | undefined) {
  const problems: AnswerProblem[] = [];
  const sent: Array<{ headers: Headers; signal?: AbortSignal | null }> = [];
  const log = new TrafficLog();
  const network = async (_input: string | URL, init?: RequestInit) => {
    sent.push({ headers: new Headers(init?.headers), signal: init?.signal });
    return answer();
  };
  const tap = createWireTap({
    log,
    wire: 'mcp',
    source: 'server',
    secrets: new SecretRegistry(),
    rpc: { onProblem: (problem) => void problems.push(problem), ...(streamGate ? { streamGate } : {}) },
  });
  const watch = { fetch: tap(network), exchangeFor: tap.exchangeFor, close: tap.close };
  return { watch, problems, sent, log };
}

/** The failure reported for the request with this id, if any. */
const failureFor = (problems: readonly AnswerProblem[], id: number) => problems.find((problem) => problem.request.id === id)?.failure;

/** The id of the newest exchange in `log`. */
const lastExchange = (log: TrafficLog): number | undefined => log.getSnapshot().exchanges.at(-1)?.id;

/** Send the tools/call through the watch and read the whole body, as the SDK would. */
async function send(watch: ReturnType<typeof watchWith>['watch'], headers: Record<string, string> = {}): Promise<string> {
  const response = await watch.fetch('http://server.test/mcp', { method: 'POST', body: CALL, headers });
  return response.text().catch((error: unknown) => `error: ${String(error)}`);
}

describe('the wire tap checking answers', () => {
  it('passes an answered SSE stream through untouched and reports nothing', async () => {
    const event = 'event: message\ndata: {"jsonrpc":"2.0","id":7,"result":{"content":[]}}\n\n';
    const { watch, problems, log } = watchWith(() => streamed([event.slice(0, 20), event.slice(20)], 'text/event-stream'));
    expect(await send(watch)).toBe(event);
    expect(problems).toEqual([]);
    expect(watch.exchangeFor(7)).toBe(lastExchange(log));
    expect(log.getExchange(lastExchange(log) ?? -1)?.sseEvents?.map((e) => e.data)).toEqual([
      '{"jsonrpc":"2.0","id":7,"result":{"content":[]}}',
    ]);
  });

  it('reports a stream cut before the answer, with its exchange', async () => {
    const note = 'event: message\ndata: {"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"x"}}\n\n';
    const { watch, problems, log } = watchWith(() => streamed([note], 'text/event-stream', { cut: true }));
    expect(await send(watch)).toMatch(/^error:/);
    expect(problems).toEqual([
      {
        request: { id: 7, method: 'tools/call' },
        exchangeId: lastExchange(log),
        eventStream: true,
        failure: { reason: 'stream-closed', cut: true, events: 1, error: 'terminated' },
      },
    ]);
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

  it('close() aborts the request and silences it', async () => {
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
    const response = await watch.fetch('http://server.test/mcp', { method: 'POST', body: CALL, headers: { accept: 'text/event-stream' } });
    expect(sent[0]?.headers.get('accept')).toBe('text/event-stream');
    const reading = response.text();
    watch.close(7);
    expect(sent[0]?.signal?.aborted).toBe(true);
    release?.();
    await reading.catch(() => undefined);
    expect(problems).toEqual([]);
  });

  it('holds a GET until the stream gate opens; an abort while it waits rejects it unsent', async () => {
    let open!: () => void;
    let gate: Promise<void> | undefined = new Promise<void>((resolve) => (open = resolve));
    const { watch, sent } = watchWith(
      () => streamed([], 'text/event-stream'),
      () => gate,
    );
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
    const open = await watch.fetch('http://server.test/mcp', {
      method: 'POST',
      body: JSON.stringify({ jsonrpc: '2.0', id: 8, method: 'tools/call' }),
    });
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
    const { watch, problems } = watchWith(() => streamed(['{"jsonrpc":"2.0","id":7,"result":{}}'], 'application/json'));
    for (let id = 1; id <= 1100; id += 1) {
      const response = await watch.fetch('http://server.test/mcp', {
        method: 'POST',
        body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call' }),
      });
      await response.text();
    }
    expect(watch.exchangeFor(1100)).toBeDefined();
    expect(watch.exchangeFor(1)).toBeUndefined();
    expect(failureFor(problems, 1100)).toMatchObject({ reason: 'unknown-response-id' });
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
