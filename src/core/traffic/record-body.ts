/**
 * The cheap parts of recording an exchange, shared by the wire tap: request and response headers
 * read once into plain records, request bodies described, and the response handed to the caller
 * built natively around the bytes that came.
 */
import { headerPairs } from './redact';
import type { HeaderMap } from './types';

/** Note recorded when the caller closed a response stream before the server ended it. */
export const CLOSED_BY_CLIENT_NOTE = 'The client closed the stream before the server ended it.';

/** HTTP whitespace around a header value, which fetch drops. */
const HEADER_VALUE_PADDING = /^[\t\n\r ]+|[\t\n\r ]+$/g;

/**
 * Reads request headers given in any form into a plain record with lower-case names. A record is
 * also what is handed on to fetch: fetch (like the Response constructor) reads a record's
 * properties, but walks a Headers object through the iterator protocol, calling back into the
 * page's JavaScript for every header, which in Chromium cost more per request than the rest of
 * the recording.
 */
export function readRequestHeaders(source: HeadersInit | undefined): HeaderMap {
  const headers: HeaderMap = {};
  if (source === undefined) return headers;
  for (const [rawName, rawValue] of headerPairs(source)) {
    const name = rawName.toLowerCase();
    const value = String(rawValue).replace(HEADER_VALUE_PADDING, '');
    const previous = headers[name];
    headers[name] = previous === undefined ? value : `${previous}, ${value}`;
  }
  return headers;
}

/**
 * A response's headers as a plain record (see `readRequestHeaders` for why a record), and
 * what to build the caller's response with: the record, or the Headers themselves when a
 * name repeats (Set-Cookie, outside browsers), which a record would join.
 */
export function responseHeaderRecord(headers: Headers): { record: HeaderMap; forCaller: HeadersInit } {
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
export interface RecordedBody {
  text?: string;
  note?: string;
}

/** Reads a request body given to fetch; only text is kept, other kinds are described. */
export function describeBody(body: BodyInit | null | undefined): RecordedBody {
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
export async function describeRequestBody(request: Request): Promise<RecordedBody> {
  if (request.body === null) return {};
  if (request.bodyUsed) return { note: 'The request body was already used, not recorded.' };
  try {
    return { text: await request.clone().text() };
  } catch {
    return { note: 'The request body could not be read, not recorded.' };
  }
}

/** True when an error is an abort (the caller's signal, or a timeout signal). */
export function isAbortError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('name' in error)) return false;
  return error.name === 'AbortError' || error.name === 'TimeoutError';
}

/** An error's message, with its cause when it has one (Node's "fetch failed" hides the reason there). */
export function errorMessage(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause: unknown = error.cause;
  if (cause instanceof Error && cause.message && cause.message !== error.message) return `${error.message} (${cause.message})`;
  return error.message;
}

/** The media type of a content type, lower-cased, without parameters. */
export function mediaType(contentType: string | null | undefined): string {
  return contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
}

/** Statuses whose responses cannot carry a body, so cannot be rebuilt around one. */
export const NULL_BODY_STATUSES: ReadonlySet<number> = new Set([101, 103, 204, 205, 304]);

/** The bytes of `chunks`, one after the other (the chunk itself when there is one). */
export function joinBytes(chunks: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
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

/** A stream that gives what arrived, then the same error the body's read met. */
export function brokenBody(chunks: readonly Uint8Array[], error: unknown): ReadableStream<Uint8Array> {
  let index = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (index < chunks.length) controller.enqueue(chunks[index++]!);
      else controller.error(error);
    },
  });
}

/**
 * The response handed to the caller: the original's status and headers around the recorded
 * body. A constructed Response has an empty url and type "default"; callers (the MCP SDK's
 * redirect handling, for one) read them, so these getters answer with the original's values
 * (getters on the class, rather than properties defined on each response).
 */
export class RecordedResponse extends Response {
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
