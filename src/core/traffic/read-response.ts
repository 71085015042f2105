/**
 * Reads a response's body once, for everyone who looks at it: one reader, one decoder and, for an
 * event stream, one event parser; the listener (the wire tap) gets the text and events as they
 * arrive, and the caller gets a response with the very bytes that came.
 *
 * An event stream's chunks are handed on, unchanged, to the stream the caller gets; cancelling
 * that stream (how a client ends an SSE request) cancels the read, so the connection closes. Any
 * other body (JSON, mostly) is read whole before the caller gets the response: callers read such
 * bodies whole anyway, and a body the page need not pump chunk by chunk costs less on every call.
 * A body broken off halfway gives the caller what came, then the same error.
 */
import { createParser } from 'eventsource-parser';
import type { EventSourceMessage } from 'eventsource-parser';
import { brokenBody, joinBytes, RecordedResponse } from './record-body';

/** How a body ended: read to its end, broken off (`cut`, with the error), or closed by the caller. */
export interface BodyEnd {
  cut: boolean;
  error?: unknown;
  closedByCaller: boolean;
}

/** What the reader reports as the body arrives. */
export interface BodyListener {
  /** The body's text as it arrives, decoded as UTF-8 (not truncated, not redacted). */
  text(text: string): void;
  /** For an event stream, each event as parsed, with the `retry:` the server set just before it. */
  event?(message: EventSourceMessage, retry: number | undefined): void;
  /** The body ended. For a whole body it is called before the caller gets its response. */
  end(end: BodyEnd): void;
}

/** One decoder feeding the listener (and, for an event stream, its parser). */
function decoding(listener: BodyListener, eventStream: boolean): (bytes?: Uint8Array) => void {
  const decoder = new TextDecoder();
  let pendingRetry: number | undefined;
  const parser = eventStream
    ? createParser({
        onEvent: (message) => {
          const retry = pendingRetry;
          pendingRetry = undefined;
          listener.event?.(message, retry);
        },
        onRetry: (retry) => {
          pendingRetry = retry;
        },
      })
    : undefined;
  return (bytes) => {
    const text = bytes ? decoder.decode(bytes, { stream: true }) : decoder.decode();
    if (text === '') return;
    listener.text(text);
    parser?.feed(text);
  };
}

/** Reads a whole (non-stream) body, then hands the caller a natively built response around its bytes. */
export async function readWholeBody(
  response: Response,
  body: ReadableStream<Uint8Array>,
  headers: HeadersInit,
  listener: BodyListener,
): Promise<Response> {
  const source = body.getReader();
  const take = decoding(listener, false);
  const chunks: Uint8Array[] = [];
  try {
    for (;;) {
      const chunk = await source.read();
      if (chunk.done) break;
      chunks.push(chunk.value);
      take(chunk.value);
    }
    take();
  } catch (error) {
    listener.end({ cut: true, error, closedByCaller: false });
    return new RecordedResponse(brokenBody(chunks, error), response, headers);
  }
  listener.end({ cut: false, closedByCaller: false });
  return new RecordedResponse(joinBytes(chunks), response, headers);
}

/** Hands an event stream on to the caller chunk by chunk while the listener reads along. */
export function pipeEventStream(
  response: Response,
  body: ReadableStream<Uint8Array>,
  headers: HeadersInit,
  listener: BodyListener,
): Response {
  const source = body.getReader();
  const take = decoding(listener, true);
  let closedByCaller = false;
  let callerController!: ReadableStreamDefaultController<Uint8Array>;
  const callerStream = new ReadableStream<Uint8Array>({
    start(controller) {
      callerController = controller;
    },
    cancel(reason: unknown) {
      closedByCaller = true;
      return source.cancel(reason);
    },
  });

  /** Reads the stream to its end, handing each chunk to the caller. */
  const pump = async (): Promise<void> => {
    try {
      for (;;) {
        const chunk = await source.read();
        if (chunk.done) break;
        if (!closedByCaller) callerController.enqueue(chunk.value);
        take(chunk.value);
      }
      take();
      if (!closedByCaller) callerController.close();
      listener.end({ cut: false, closedByCaller });
    } catch (error) {
      if (!closedByCaller) callerController.error(error);
      listener.end({ cut: true, error, closedByCaller });
    }
  };
  void pump();
  return new RecordedResponse(callerStream, response, headers);
}
