/**
 * A load probe's request once its row has its first samples (wire-tap.ts): sent as it is, its
 * answer read whole as text, counted on the probe's row by what it came to (HTTP status, the
 * JSON-RPC answer), and recorded whole only when the row keeps it as the example of a new error
 * group. The page then does for each of thousands of requests only what counting needs, not the
 * record of every header and body (redaction, message records, a stream reader) that a row of the
 * wire gets.
 */
import { createParser } from 'eventsource-parser';
import type { EventSourceMessage } from 'eventsource-parser';
import { parsePayload } from './check-answer';
import type { ParsedPayload } from './check-answer';
import type { LoadOutcome } from './load-aggregate';
import { errorMessage, isAbortError, mediaType, NULL_BODY_STATUSES } from './record-body';
import { recordMessages } from './record-messages';
import type { MessageTarget } from './record-messages';
import type { SecretRegistry } from './redact';
import { TrafficLog } from './traffic-log';
import type { ExchangePatch, NewExchange } from './traffic-log';
import type { CallContext, HeaderMap, HttpExchange, RpcMessageRecord } from './types';

/** How a load request ended, for its whole record when one is kept. */
export interface LoadRequestEnd {
  state: LoadOutcome['state'];
  durationMs: number;
  headersMs?: number;
  status?: number;
  statusText?: string;
  headers?: Headers;
  contentType?: string;
  /** The answer's body, read whole. */
  text?: string;
  /** The events of an event-stream answer. */
  events?: readonly EventSourceMessage[];
  error?: unknown;
}

/** What `sendLoadRequest` needs. */
export interface LoadRequestOptions {
  /** Sends the request. */
  send: () => Promise<Response>;
  now: () => number;
  startedAt: number;
  /** The caller's signal (an abort is the person stopping the probe, not a failure). */
  signal: AbortSignal | undefined;
  /** The JSON-RPC id of the request it carries. */
  id: string | number | undefined;
  /** Counts the request on its row; `end` serves to record it whole if the row keeps it. */
  report: (outcome: LoadOutcome, end: LoadRequestEnd) => void;
  /** An error's message, as the record may show it (secrets redacted). */
  describeError: (error: unknown) => string;
}

/** Sends one load request and returns its answer rebuilt from the text read (the caller reads it as any other). */
export async function sendLoadRequest(options: LoadRequestOptions): Promise<Response> {
  const { now, startedAt } = options;
  const failed = (error: unknown, headers?: Pick<LoadRequestEnd, 'status' | 'statusText' | 'headersMs' | 'headers'>): never => {
    const state = isAbortError(error) || options.signal?.aborted === true ? 'aborted' : 'failed';
    const end: LoadRequestEnd = { state, durationMs: now() - startedAt, error, ...headers };
    options.report(
      {
        state,
        error: options.describeError(error),
        ...(headers?.status !== undefined && { status: headers.status }),
        ...(headers?.statusText !== undefined && { statusText: headers.statusText }),
      },
      end,
    );
    throw error;
  };
  let response: Response;
  try {
    response = await options.send();
  } catch (error) {
    return failed(error);
  }
  const heard = { status: response.status, statusText: response.statusText, headersMs: now() - startedAt, headers: response.headers };
  const nullBody = response.body === null || NULL_BODY_STATUSES.has(response.status);
  let text = '';
  try {
    if (!nullBody) text = await response.text();
  } catch (error) {
    return failed(error, heard);
  }
  const contentType = response.headers.get('content-type') ?? undefined;
  const { answer, events } = answerInBody(text, contentType, options.id);
  const end: LoadRequestEnd = {
    state: 'done',
    durationMs: now() - startedAt,
    ...heard,
    text,
    ...(contentType !== undefined && { contentType }),
    ...(events && { events }),
  };
  options.report(
    {
      state: 'done',
      status: response.status,
      ...(response.statusText !== '' && { statusText: response.statusText }),
      ...(answer !== undefined && { answer }),
    },
    end,
  );
  return new Response(nullBody ? null : text, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/** What the tap knows of a load request, to record it whole (its secrets redacted as on any row). */
export interface WholeParts {
  /** The exchange's start, as the tap records any request's. */
  start: () => NewExchange;
  sent?: ParsedPayload;
  source: string;
  secrets: SecretRegistry;
  context?: CallContext;
  maxBodyChars: number;
  redactBody: (text: string, contentType: string | undefined) => string;
  redactHeaders: (headers: Headers) => HeaderMap;
}

/** Records a load request whole, into a scratch log of its own: the exchange and its messages. */
export function recordWhole(parts: WholeParts, end: LoadRequestEnd): { exchange: HttpExchange; messages: readonly RpcMessageRecord[] } {
  const { secrets, maxBodyChars } = parts;
  const scratch = new TrafficLog({ schedule: () => undefined });
  const start = parts.start();
  const id = scratch.beginExchange(start);
  const out: MessageTarget = {
    log: scratch,
    server: parts.source,
    exchangeId: id,
    direction: 'out',
    secrets,
    ...(parts.context && { context: parts.context }),
  };
  if (parts.sent) recordMessages(parts.sent, start.startedAt, out, start.requestBody);
  const incoming: MessageTarget = { log: scratch, server: parts.source, exchangeId: id, direction: 'in', secrets };
  const patch: ExchangePatch = { state: end.state, durationMs: end.durationMs };
  if (end.status !== undefined) patch.status = end.status;
  if (end.statusText !== undefined) patch.statusText = end.statusText;
  if (end.headersMs !== undefined) patch.headersMs = end.headersMs;
  if (end.headers) patch.responseHeaders = parts.redactHeaders(end.headers);
  if (end.contentType !== undefined) patch.responseContentType = end.contentType;
  if (end.error !== undefined) patch.error = secrets.redact(errorMessage(end.error));
  const at = start.startedAt + end.durationMs;
  if (end.events) {
    patch.sseEvents = end.events.map((event) => {
      const data = secrets.redact(event.data);
      if ((event.event === undefined || event.event === 'message') && event.data !== '')
        recordMessages(parsePayload(event.data), at, incoming, data);
      return {
        atMs: end.durationMs,
        data,
        ...(event.event !== undefined && { event: secrets.redact(event.event) }),
        ...(event.id !== undefined && { id: secrets.redact(event.id) }),
      };
    });
  } else if (end.text !== undefined) {
    const redacted = parts.redactBody(end.text.slice(0, maxBodyChars), end.contentType);
    patch.responseBody = redacted;
    if (end.text.length > maxBodyChars) patch.responseBodyNote = `Only the first ${maxBodyChars} characters were recorded.`;
    if (end.text !== '' && mediaType(end.contentType) === 'application/json')
      recordMessages(parsePayload(end.text), at, incoming, redacted);
  }
  scratch.updateExchange(id, patch);
  return { exchange: scratch.getExchange(id)!, messages: scratch.getSnapshot().messages };
}

/** A JSON-RPC answer to a request: a response or an error. */
type RpcAnswer = Record<string, unknown> & { id: string | number };

/**
 * The answer to request `id` in a body read whole: a JSON body (one message or a batch), or the
 * message events of an event stream (returned too, parsed).
 */
export function answerInBody(
  text: string,
  contentType: string | undefined,
  id: string | number | undefined,
): { answer?: RpcAnswer; events?: EventSourceMessage[] } {
  if (mediaType(contentType) !== 'text/event-stream') {
    const answer = answerTo(id, [text]);
    return answer ? { answer } : {};
  }
  const events = eventsOf(text);
  const answer = answerTo(
    id,
    events.filter((event) => event.event === undefined || event.event === 'message').map((event) => event.data),
  );
  return { events, ...(answer && { answer }) };
}

/** The events of an event-stream body read whole. */
function eventsOf(text: string): EventSourceMessage[] {
  const events: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (event) => events.push(event) });
  parser.feed(text);
  parser.reset({ consume: true });
  return events;
}

/** The JSON-RPC response or error to `id` among these texts (a JSON body, or each event's data). */
function answerTo(id: string | number | undefined, texts: readonly string[]): RpcAnswer | undefined {
  if (id === undefined) return undefined;
  for (const text of texts) {
    if (text === '') continue;
    const payload = parsePayload(text);
    if (!payload.json) continue;
    for (const message of Array.isArray(payload.value) ? (payload.value as unknown[]) : [payload.value]) {
      const m = message as { id?: unknown; result?: unknown; error?: unknown } | null;
      if (typeof m === 'object' && m !== null && m.id === id && ('result' in m || 'error' in m)) return m as RpcAnswer;
    }
  }
  return undefined;
}
