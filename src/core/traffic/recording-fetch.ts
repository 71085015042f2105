/**
 * The one `fetch` both wires go through. It records each exchange into the traffic log
 * (method, URL, headers, bodies, status, timing, Server-Sent Events as they arrive),
 * redacting secrets at record time, and hands the caller a response whose body is
 * untouched.
 *
 * Per-call metadata travels in request headers that are removed before the request
 * leaves (so they never reach the server nor a CORS preflight):
 * - `x-glassbox-tool-call: <id>` → the exchange's `toolCallId` (the agent tool call it serves);
 * - `x-glassbox-turn: <n>` and `x-glassbox-step: <n>` → `turn` and `step` (model wire).
 *
 * How the body is read: the recorder reads the response's body as chunks arrive (whether
 * or not the caller reads). An event stream's chunks are handed on, unchanged, to the stream
 * the caller gets; cancelling that stream (how a client ends an SSE request) cancels the read,
 * so the connection closes. Any other body (JSON, mostly) is read whole before the caller gets
 * the response, with the very bytes that came: callers read such bodies whole anyway, and a
 * body the page need not pump chunk by chunk costs less on every call. A body broken off
 * halfway gives the caller what came, then the same error. One reader and one decoder per
 * response, however many look at it: a
 * caller that also wants the body's text (the MCP response watch) passes a `ResponseTap`
 * with the request and reads along with the recorder instead of wrapping the body again.
 */
import { createParser } from 'eventsource-parser';
import type { EventSourceMessage } from 'eventsource-parser';
import { headerPairs, redactHeaders, redactUrl } from './redact';
import type { SecretRegistry } from './redact';
import type { TrafficLog } from './traffic-log';
import type { ExchangePatch, NewExchange } from './traffic-log';
import type { HeaderMap, HttpExchange, SseEventRecord, Wire } from './types';

/** Request header carrying the agent tool call id; removed before sending. */
export const TOOL_CALL_HEADER = 'x-glassbox-tool-call';
/**
 * Request header carrying a per-request token (the MCP connection's, to find the JSON-RPC id
 * the SDK gave a call; see watch-responses); removed before sending, not recorded.
 */
export const REQUEST_TOKEN_HEADER = 'x-glassbox-request';
/** Request header carrying the agent turn number (model wire); removed before sending. */
export const TURN_HEADER = 'x-glassbox-turn';
/** Request header carrying the step number within a turn (model wire); removed before sending. */
export const STEP_HEADER = 'x-glassbox-step';

/** Note recorded when the caller closed a response stream before the server ended it. */
export const CLOSED_BY_CLIENT_NOTE = 'The client closed the stream before the server ended it.';

/** What the recorder reports while an exchange goes on. Each carries the exchange as recorded so far. */
export type RecordingEvent =
  /** The request is recorded and about to be sent. */
  | { type: 'request'; exchange: HttpExchange }
  /** The response's status and headers arrived. */
  | { type: 'headers'; exchange: HttpExchange }
  /** One Server-Sent Event arrived (already appended to the exchange). */
  | { type: 'sse-event'; exchange: HttpExchange; event: SseEventRecord }
  /** The exchange reached its final state: done, failed or aborted. */
  | { type: 'end'; exchange: HttpExchange };

/** Reads a response's body text along with the recorder (see `ResponseTap`). */
export interface BodyReader {
  /** The body's text as it arrives, decoded as UTF-8, whole (not truncated, not redacted). */
  text(text: string): void;
  /** For an event stream, each event as the recorder parsed it (not redacted), after its text. */
  event?(message: EventSourceMessage): void;
  /** The body ended: read to its end, broken off (`cut`, with the error), or closed by the caller. */
  end(end: { cut: boolean; error?: string; closedByCaller: boolean }): void;
}

/**
 * What a caller passes, under the `RESPONSE_TAP` key of the request's init, to follow its
 * exchange: the id it is recorded under (before it is sent), then the response once its
 * headers are in (before the fetch resolves), to which it may answer with a `BodyReader`.
 */
export interface ResponseTap {
  exchange?(id: number): void;
  response?(response: Response): BodyReader | undefined;
}

/** The init key for a `ResponseTap`; fetch ignores it, so it never leaves the page. */
export const RESPONSE_TAP: unique symbol = Symbol('glassbox.responseTap');

/** A fetch init that may carry a `ResponseTap`. */
export type TappedRequestInit = RequestInit & { [RESPONSE_TAP]?: ResponseTap };

/** Options for `createRecordingFetch`. */
export interface RecordingFetchOptions {
  /** Where exchanges are recorded. */
  log: TrafficLog;
  /** Which wire this fetch serves. */
  wire: Wire;
  /** The MCP server's name, or the model provider. */
  source: string;
  /** The fetch that really sends (the browser's, or a test double). */
  fetch: typeof fetch;
  /** Known secret values, replaced in everything recorded. */
  secrets: SecretRegistry;
  /** Wall clock in epoch milliseconds. Default is `Date.now`. */
  now?: () => number;
  /**
   * Called as the exchange progresses (see RecordingEvent); the MCP side uses it to feed
   * JSON-RPC messages to the log. An exception thrown here does not break the fetch: it
   * is rethrown in a microtask so it still surfaces.
   */
  onExchange?: (event: RecordingEvent) => void;
  /** Longest non-stream response body kept, in characters. Default is 5,000,000. */
  maxBodyChars?: number;
}

/** The metadata carried by the glassbox request headers. */
interface CallMetadata {
  toolCallId?: string;
  turn?: number;
  step?: number;
  /** True when at least one glassbox header was present (and removed). */
  stripped: boolean;
}

/** HTTP whitespace around a header value, which fetch drops. */
const HEADER_VALUE_PADDING = /^[\t\n\r ]+|[\t\n\r ]+$/g;

/**
 * Reads request headers given in any form into a plain record with lower-case names, taking
 * out the glassbox headers and what they carry. A record is also what is handed on to fetch:
 * fetch (like the Response constructor) reads a record's properties, but walks a Headers
 * object through the iterator protocol, calling back into the page's JavaScript for every
 * header, which in Chromium cost more per request than the rest of the recording.
 */
function readRequestHeaders(source: HeadersInit | undefined): { headers: HeaderMap; metadata: CallMetadata } {
  const headers: HeaderMap = {};
  const metadata: CallMetadata = { stripped: false };
  if (source === undefined) return { headers, metadata };
  for (const [rawName, rawValue] of headerPairs(source)) {
    const name = rawName.toLowerCase();
    const value = String(rawValue).replace(HEADER_VALUE_PADDING, '');
    if (name.startsWith('x-glassbox-')) {
      if (takeMetadata(metadata, name, value)) continue;
    }
    const previous = headers[name];
    headers[name] = previous === undefined ? value : `${previous}, ${value}`;
  }
  return { headers, metadata };
}

/** Records what a glassbox header carries; false when `name` is not one of them (it is sent as is). */
function takeMetadata(metadata: CallMetadata, name: string, value: string): boolean {
  switch (name) {
    case REQUEST_TOKEN_HEADER:
      break;
    case TOOL_CALL_HEADER:
      if (value !== '') metadata.toolCallId = value;
      break;
    case TURN_HEADER:
    case STEP_HEADER: {
      const number = Number.parseInt(value, 10);
      if (Number.isFinite(number)) metadata[name === TURN_HEADER ? 'turn' : 'step'] = number;
      break;
    }
    default:
      return false;
  }
  metadata.stripped = true;
  return true;
}

/**
 * A response's headers as a plain record (see `readRequestHeaders` for why a record), and
 * what to build the caller's response with: the record, or the Headers themselves when a
 * name repeats (Set-Cookie, outside browsers), which a record would join.
 */
function responseHeaderRecord(headers: Headers): { record: HeaderMap; forCaller: HeadersInit } {
  const record: HeaderMap = {};
  let repeated = false;
  for (const [name, value] of headers) {
    const previous = record[name];
    if (previous !== undefined) repeated = true;
    record[name] = previous === undefined ? value : `${previous}, ${value}`;
  }
  return { record, forCaller: repeated ? headers : record };
}

/** What was recorded of a request body. */
interface RecordedBody {
  text?: string;
  note?: string;
}

/** Reads a request body given to fetch; only text is kept, other kinds are described. */
function describeBody(body: BodyInit | null | undefined): RecordedBody {
  if (body === null || body === undefined) return {};
  if (typeof body === 'string') return { text: body };
  if (typeof URLSearchParams !== 'undefined' && body instanceof URLSearchParams) return { text: body.toString() };
  if (body instanceof ArrayBuffer || ArrayBuffer.isView(body)) {
    const bytes = body instanceof ArrayBuffer ? new Uint8Array(body) : new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
    try {
      return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
    } catch {
      return { note: `Binary body of ${bytes.byteLength} bytes, not recorded.` };
    }
  }
  if (typeof Blob !== 'undefined' && body instanceof Blob) {
    return { note: `Blob body of ${body.size} bytes${body.type ? ` (${body.type})` : ''}, not recorded.` };
  }
  if (typeof FormData !== 'undefined' && body instanceof FormData) return { note: 'Form data body, not recorded.' };
  if (typeof ReadableStream !== 'undefined' && body instanceof ReadableStream) return { note: 'Streamed body, not recorded.' };
  return { note: 'Body of an unrecognised kind, not recorded.' };
}

/** Reads the body of a Request object without consuming it. */
async function describeRequestBody(request: Request): Promise<RecordedBody> {
  if (request.body === null) return {};
  if (request.bodyUsed) return { note: 'The request body was already used, not recorded.' };
  try {
    return { text: await request.clone().text() };
  } catch {
    return { note: 'The request body could not be read, not recorded.' };
  }
}

/** True when an error is an abort (the caller's signal, or a timeout signal). */
function isAbortError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('name' in error)) return false;
  return error.name === 'AbortError' || error.name === 'TimeoutError';
}

/** An error's message, with its cause when it has one (Node's "fetch failed" hides the reason there). */
function errorMessage(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause: unknown = error.cause;
  if (cause instanceof Error && cause.message && cause.message !== error.message) return `${error.message} (${cause.message})`;
  return error.message;
}

/** The media type of a content type, lower-cased, without parameters. */
function mediaType(contentType: string | undefined): string {
  return contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
}

/** Statuses whose responses cannot carry a body, so cannot be rebuilt around one. */
const NULL_BODY_STATUSES: ReadonlySet<number> = new Set([101, 103, 204, 205, 304]);

/** The bytes of `chunks`, one after the other (the chunk itself when there is one). */
function joinBytes(chunks: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  // A fetch body's chunks are backed by plain ArrayBuffers.
  if (chunks.length === 1) return chunks[0] as Uint8Array<ArrayBuffer>;
  let length = 0;
  for (const chunk of chunks) length += chunk.byteLength;
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/**
 * The response handed to the caller: the original's status and headers around the recorded
 * body. A constructed Response has an empty url and type "default"; callers (the MCP SDK's
 * redirect handling, for one) read them, so these getters answer with the original's values
 * (getters on the class, rather than properties defined on each response).
 */
class RecordedResponse extends Response {
  readonly #original: Response;

  /** `headers` are the original's, as a record where possible (cheaper for the constructor to read than its Headers). */
  constructor(body: ReadableStream<Uint8Array> | Uint8Array<ArrayBuffer>, original: Response, headers: HeadersInit) {
    super(body, { status: original.status, statusText: original.statusText, headers });
    this.#original = original;
  }

  override get url(): string {
    return this.#original.url;
  }

  override get redirected(): boolean {
    return this.#original.redirected;
  }

  override get type(): ResponseType {
    return this.#original.type;
  }
}

/**
 * Creates a fetch that records every exchange into `options.log` before the caller sees
 * it; errors are rethrown unchanged after being recorded.
 */
export function createRecordingFetch(options: RecordingFetchOptions): typeof fetch {
  const { log, wire, source, secrets, onExchange } = options;
  const baseFetch = options.fetch;
  const now = options.now ?? (() => Date.now());
  const maxBodyChars = options.maxBodyChars ?? 5_000_000;

  /** Applies the secret registry to each value of a map `redactHeaders` just made (in place: it is ours). */
  const redactHeaderMap = (headers: HeaderMap): HeaderMap => {
    for (const name of Object.keys(headers)) headers[name] = secrets.redact(headers[name]!);
    return headers;
  };

  /** Reports an event; an observer's exception must not break the caller's fetch. */
  const emit = (event: RecordingEvent): void => {
    if (!onExchange) return;
    try {
      onExchange(event);
    } catch (error) {
      queueMicrotask(() => {
        throw error;
      });
    }
  };

  const recordingFetch = async (input: RequestInfo | URL, init?: TappedRequestInit): Promise<Response> => {
    const tap = init?.[RESPONSE_TAP];
    const request = typeof Request !== 'undefined' && input instanceof Request ? input : undefined;
    const rawUrl = typeof input === 'string' ? input : input instanceof URL ? input.href : (request?.url ?? String(input));
    const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
    const signal = init?.signal ?? request?.signal ?? undefined;

    const { headers, metadata } = readRequestHeaders(init?.headers !== undefined ? init.headers : request?.headers);
    const forwardInit: RequestInit | undefined = init === undefined && request === undefined ? undefined : { ...init, headers };

    const body =
      init?.body !== undefined ? describeBody(init.body) : request !== undefined ? await describeRequestBody(request) : {};

    const startedAt = now();
    const start: NewExchange = {
      wire,
      source,
      method,
      url: secrets.redact(redactUrl(rawUrl)),
      startedAt,
      requestHeaders: redactHeaderMap(redactHeaders(headers)),
    };
    if (body.text !== undefined) start.requestBody = secrets.redact(body.text);
    if (body.note !== undefined) start.requestBodyNote = body.note;
    if (metadata.toolCallId !== undefined) start.toolCallId = metadata.toolCallId;
    if (metadata.turn !== undefined) start.turn = metadata.turn;
    if (metadata.step !== undefined) start.step = metadata.step;

    const id = log.beginExchange(start);
    tap?.exchange?.(id);
    // Everything patched so far: events still carry the exchange if the log is cleared meanwhile.
    const patched: ExchangePatch = {};
    const update = (patch: ExchangePatch): void => {
      Object.assign(patched, patch);
      log.updateExchange(id, patch);
    };
    // What observers get: the log's record (it has patches made by others, such as a
    // note), or one made from what was patched when the log no longer holds it.
    const recorded = (): HttpExchange => log.getExchange(id) ?? { ...start, id, state: 'pending', ...patched };
    const finish = (patch: ExchangePatch): void => {
      update({ ...patch, durationMs: now() - startedAt });
      emit({ type: 'end', exchange: recorded() });
    };
    emit({ type: 'request', exchange: recorded() });

    let response: Response;
    try {
      response = await baseFetch(input, forwardInit);
    } catch (error) {
      const aborted = isAbortError(error) || signal?.aborted === true;
      finish({ state: aborted ? 'aborted' : 'failed', error: secrets.redact(errorMessage(error)) });
      throw error;
    }

    const { record: responseHeaders, forCaller: callerHeaders } = responseHeaderRecord(response.headers);
    const contentType = responseHeaders['content-type'];
    const isEventStream = mediaType(contentType) === 'text/event-stream';
    const headersPatch: ExchangePatch = {
      status: response.status,
      statusText: response.statusText,
      responseHeaders: redactHeaderMap(redactHeaders(responseHeaders)),
      headersMs: now() - startedAt,
      state: isEventStream ? 'streaming' : 'pending',
    };
    if (contentType !== undefined) headersPatch.responseContentType = contentType;
    update(headersPatch);
    emit({ type: 'headers', exchange: recorded() });

    const bodyReader = tap?.response?.(response);
    const canRebuild =
      response.body !== null && response.status >= 200 && response.status <= 599 && !NULL_BODY_STATUSES.has(response.status);
    if (!canRebuild || response.body === null) {
      bodyReader?.end({ cut: false, closedByCaller: false });
      finish({ state: 'done' });
      return response;
    }

    /**
     * Records the body as it arrives: one decoder, the text (up to maxBodyChars) or, for an
     * event stream, each event; the tap's reader gets the same text and events.
     */
    const recordBody = () => {
      const decoder = new TextDecoder();
      const textParts: string[] = [];
      let textLength = 0;
      let truncated = false;
      const events: SseEventRecord[] = [];
      let pendingRetry: number | undefined;

      const onEvent = (message: EventSourceMessage): void => {
        bodyReader?.event?.(message);
        const event: SseEventRecord = { atMs: now() - startedAt, data: secrets.redact(message.data) };
        if (message.event !== undefined) event.event = secrets.redact(message.event);
        if (message.id !== undefined) event.id = secrets.redact(message.id);
        if (pendingRetry !== undefined) event.retry = pendingRetry;
        pendingRetry = undefined;
        events.push(event);
        patched.sseEvents = events;
        log.appendSseEvent(id, event);
        emit({ type: 'sse-event', exchange: recorded(), event });
      };
      const onRetry = (retry: number): void => {
        pendingRetry = retry;
      };
      const parser = isEventStream ? createParser({ onEvent, onRetry }) : undefined;

      const addText = (text: string): void => {
        if (truncated) return;
        const room = maxBodyChars - textLength;
        if (text.length > room) {
          textParts.push(text.slice(0, room));
          textLength = maxBodyChars;
          truncated = true;
          return;
        }
        textParts.push(text);
        textLength += text.length;
      };
      return {
        /** Takes the next chunk of bytes; without one, the decoder's last characters. */
        take(bytes?: Uint8Array): void {
          const text = bytes ? decoder.decode(bytes, { stream: true }) : decoder.decode();
          if (text === '') return;
          bodyReader?.text(text);
          if (parser) parser.feed(text);
          else addText(text);
        },
        /** The exchange's body fields (an event stream's events are already recorded). */
        patch(): ExchangePatch {
          if (isEventStream) return {};
          const patch: ExchangePatch = { responseBody: secrets.redact(textParts.join('')) };
          if (truncated) patch.responseBodyNote = `Only the first ${maxBodyChars} characters were recorded.`;
          return patch;
        },
      };
    };

    const bodySource = response.body.getReader();
    const answer = recordBody();
    /** How the body ended, recorded with the exchange. */
    const endBody = (end: { cut: boolean; error?: unknown; closedByCaller: boolean }): void => {
      const ending: { cut: boolean; error?: string; closedByCaller: boolean } = { cut: end.cut, closedByCaller: end.closedByCaller };
      if (end.error !== undefined) ending.error = errorMessage(end.error);
      bodyReader?.end(ending);
      if (end.closedByCaller && !end.cut) {
        // Keep a note someone else already set (the era probe, say).
        const note = log.getExchange(id)?.note ?? CLOSED_BY_CLIENT_NOTE;
        finish({ ...answer.patch(), state: 'aborted', note });
      } else if (end.cut) {
        const aborted = isAbortError(end.error) || signal?.aborted === true;
        finish({ ...answer.patch(), state: aborted ? 'aborted' : 'failed', error: secrets.redact(errorMessage(end.error)) });
      } else {
        finish({ ...answer.patch(), state: 'done' });
      }
    };

    if (!isEventStream) {
      // A whole answer (JSON, mostly): the caller reads it whole too (response.json()), so it is
      // read here first and handed over as bytes in a natively built response, rather than
      // through a stream the page has to pump chunk by chunk for every call.
      const chunks: Uint8Array[] = [];
      try {
        for (;;) {
          const chunk = await bodySource.read();
          if (chunk.done) break;
          chunks.push(chunk.value);
          answer.take(chunk.value);
        }
        answer.take();
      } catch (error) {
        endBody({ cut: true, error, closedByCaller: false });
        // What arrived, then the same error the body's read met.
        let index = 0;
        const broken = new ReadableStream<Uint8Array>({
          pull(controller) {
            if (index < chunks.length) controller.enqueue(chunks[index++]!);
            else controller.error(error);
          },
        });
        return new RecordedResponse(broken, response, callerHeaders);
      }
      endBody({ cut: false, closedByCaller: false });
      return new RecordedResponse(joinBytes(chunks), response, callerHeaders);
    }

    let closedByCaller = false;
    let callerController!: ReadableStreamDefaultController<Uint8Array>;
    const callerStream = new ReadableStream<Uint8Array>({
      start(controller) {
        callerController = controller;
      },
      cancel(reason: unknown) {
        closedByCaller = true;
        return bodySource.cancel(reason);
      },
    });

    /** Reads the event stream to its end, handing each chunk to the caller and recording events as they arrive. */
    async function pump(): Promise<void> {
      try {
        for (;;) {
          const chunk = await bodySource.read();
          if (chunk.done) break;
          if (!closedByCaller) callerController.enqueue(chunk.value);
          answer.take(chunk.value);
        }
        answer.take();
        if (!closedByCaller) callerController.close();
        endBody({ cut: false, closedByCaller });
      } catch (error) {
        if (!closedByCaller) callerController.error(error);
        endBody({ cut: true, error, closedByCaller });
      }
    }

    void pump();

    return new RecordedResponse(callerStream, response, callerHeaders);
  };

  return recordingFetch as typeof fetch;
}
