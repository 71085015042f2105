/**
 * The scripted demo model's "server": a `fetch` that answers model requests inside the page,
 * so the demo needs no key and no network. It is handed to the recording fetch like the
 * browser's own, so each exchange shows on the model wire with the exact request JSON and the
 * scripted reply (JSON, or a stream of events when the request asked for `stream`).
 */
import { demoReplyEvents, demoReplyJson, dialectOfPath, type DemoSseEvent } from './demo-reply';
import { playDemoScript } from './demo-script';
import { readDemoRequest } from './read-demo-request';

/** Pause between streamed events, so the reply visibly streams in. */
const EVENT_GAP_MS = 15;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function sseStream(events: readonly DemoSseEvent[], signal: AbortSignal | undefined): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let next = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (signal?.aborted === true) {
        controller.error(signal.reason);
        return;
      }
      const event = events[next++];
      if (event === undefined) {
        controller.close();
        return;
      }
      if (next > 1) await new Promise((resolve) => setTimeout(resolve, EVENT_GAP_MS));
      controller.enqueue(encoder.encode(`${event.event !== undefined ? `event: ${event.event}\n` : ''}data: ${event.data}\n\n`));
    },
  });
}

/** Answers one model request with the script's reply, in the shape its path speaks. */
export const demoModelFetch: typeof fetch = async (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
  const text = typeof init?.body === 'string' ? init.body : input instanceof Request ? await input.text() : '';
  if (init?.signal?.aborted === true) throw init.signal.reason;
  if (method !== 'POST' || !/\/(messages|chat\/completions)$/.test(url.pathname)) {
    return json(404, {
      type: 'error',
      error: {
        type: 'not_found_error',
        message: `The demo model answers POST …/v1/messages and …/chat/completions, not ${method} ${url.pathname}.`,
      },
    });
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return json(400, { type: 'error', error: { type: 'invalid_request_error', message: 'The request body is not JSON.' } });
  }
  const request = readDemoRequest(body, dialectOfPath(url.pathname));
  const move = playDemoScript(request);
  const streamed = typeof body === 'object' && body !== null && (body as Record<string, unknown>)['stream'] === true;
  if (!streamed) return json(200, demoReplyJson(request, move));
  return new Response(sseStream(demoReplyEvents(request, move), init?.signal ?? undefined), {
    status: 200,
    headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' },
  });
};
