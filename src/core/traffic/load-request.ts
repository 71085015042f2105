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
import type { LoadOutcome } from './load-aggregate';
import { isAbortError, mediaType, NULL_BODY_STATUSES } from './record-body';

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
  const eventStream = mediaType(contentType) === 'text/event-stream';
  const events = eventStream ? eventsOf(text) : undefined;
  const answer = answerTo(options.id, events ? events.map((event) => event.data) : [text]);
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

/** The events of an event-stream body read whole. */
function eventsOf(text: string): EventSourceMessage[] {
  const events: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (event) => events.push(event) });
  parser.feed(text);
  parser.reset({ consume: true });
  return events;
}

/** The JSON-RPC response or error to `id` among these texts (a JSON body, or each event's data). */
function answerTo(id: string | number | undefined, texts: readonly string[]): unknown {
  if (id === undefined) return undefined;
  for (const text of texts) {
    if (text === '') continue;
    const payload = parsePayload(text);
    if (!payload.json) continue;
    for (const message of Array.isArray(payload.value) ? (payload.value as unknown[]) : [payload.value]) {
      const m = message as { id?: unknown; result?: unknown; error?: unknown } | null;
      if (typeof m === 'object' && m !== null && m.id === id && ('result' in m || 'error' in m)) return m;
    }
  }
  return undefined;
}
