/**
 * One model request: POST the built body through the (recording) fetch, then read the answer —
 * a Server-Sent Event stream split with `eventsource-parser` and fed to the provider's stream
 * parser, or a JSON body if the server ignored `stream` — into a neutral reply. Every failure
 * becomes a `ModelRequestError` with an explanation for the person; an abort is rethrown as is.
 */
import { createParser } from 'eventsource-parser';
import {
  explainModelHttpError,
  MalformedResponseError,
  PROVIDERS,
  ProviderStreamError,
  StreamCutError,
  type BuiltRequest,
  type ProviderId,
} from '../providers';
import { abortReason } from './approval-gate';
import type { ConversionWarning, NeutralResponse } from '../conversation';
import type { ToolStreamEvent } from './streaming-tool-calls';
import { ModelRequestError, type ModelFailure } from './model-failure';

/** Everything one request needs. */
export interface ModelRequestOptions {
  /** The tapped fetch of this provider, bound to the request's turn and step. */
  fetch: typeof fetch;
  provider: ProviderId;
  built: BuiltRequest;
  /** The model name, for a 404 explanation. */
  model?: string;
  signal: AbortSignal;
  /** Called with each piece of text as it streams in. */
  onTextDelta(text: string): void;
  /** Called as a tool call starts and its arguments stream in. */
  onToolStream?(event: ToolStreamEvent): void;
  /** Called once the response headers arrived (status known). */
  onResponse?(status: number): void;
  now(): number;
  generateId?: () => string;
  /** The page's origin, so a same-origin failure is not blamed on CORS. */
  pageOrigin?: string;
  /** True when the browser says it is offline. */
  isOffline?: () => boolean;
}

/** A neutral reply and what the parser had to work around. */
export interface ModelReply {
  response: NeutralResponse;
  warnings: ConversionWarning[];
}

/** Sends one model request and reads the whole reply. Throws ModelRequestError, or the abort reason. */
export async function requestModel(options: ModelRequestOptions): Promise<ModelReply> {
  const { built, provider, signal } = options;
  const explainBase = { provider, url: built.url, ...(options.model !== undefined ? { model: options.model } : {}) };
  const pageOrigin = options.pageOrigin === undefined ? {} : { pageOrigin: options.pageOrigin };

  let response: Response;
  try {
    // A long conversation's body takes tens of milliseconds to write and as many to hand to the
    // network: the page answers what the person did meanwhile (a scroll, a click) in between.
    await yieldToPage();
    const body = JSON.stringify(built.body);
    await yieldToPage();
    response = await options.fetch(built.url, {
      method: 'POST',
      headers: built.headers,
      body,
      signal,
    });
  } catch (error) {
    if (signal.aborted) throw abortReason(signal);
    const failure = options.isOffline?.() === true ? 'offline' : 'fetch-failed';
    throw new ModelRequestError(toFailure(explainModelHttpError({ ...explainBase, ...pageOrigin, failure })), { cause: error });
  }
  options.onResponse?.(response.status);

  if (!response.ok) {
    let text = '';
    try {
      text = await response.text();
    } catch {
      // The error body could not be read: explain the status alone.
      if (signal.aborted) throw abortReason(signal);
    }
    const explanation = explainModelHttpError({
      ...explainBase,
      ...pageOrigin,
      status: response.status,
      body: parseMaybeJson(text),
      retryAfter: response.headers.get('retry-after'),
      now: options.now(),
    });
    throw new ModelRequestError({ ...toFailure(explanation), status: response.status });
  }

  const contentType = response.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (contentType === 'text/event-stream') return readStream(response, options);
  return readJson(response, options);
}

/** Reads a JSON reply (the server did not stream). */
async function readJson(response: Response, options: ModelRequestOptions): Promise<ModelReply> {
  const { provider, signal } = options;
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    if (signal.aborted) throw abortReason(signal);
    throw new ModelRequestError(explainWithout(options, 'stream-cut'), { cause: error });
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw new ModelRequestError(explainWithout(options, 'malformed'), { cause: error });
  }
  try {
    const parsed = PROVIDERS[provider].parseResponse(body, parseOptions(options));
    const reply = parsed.response;
    const replyText = textOf(reply);
    if (replyText !== '') options.onTextDelta(replyText);
    return { response: reply, warnings: parsed.warnings };
  } catch (error) {
    if (error instanceof MalformedResponseError) throw new ModelRequestError(explainWithout(options, 'malformed'), { cause: error });
    throw error;
  }
}

/** Reads a streamed reply event by event, passing text deltas on as they arrive. */
async function readStream(response: Response, options: ModelRequestOptions): Promise<ModelReply> {
  const { provider, signal } = options;
  const parser = PROVIDERS[provider].createStreamParser(parseOptions(options));
  let parseFailure: unknown;
  const sse = createParser({
    onEvent(message) {
      if (parseFailure !== undefined) return;
      try {
        const event = message.event === undefined ? { data: message.data } : { event: message.event, data: message.data };
        for (const streamEvent of parser.push(event)) {
          if (streamEvent.type === 'text-delta') options.onTextDelta(streamEvent.text);
          else if (streamEvent.type === 'tool-call-start' || streamEvent.type === 'tool-call-delta') options.onToolStream?.(streamEvent);
        }
      } catch (error) {
        parseFailure = error;
      }
    },
  });

  const body = response.body;
  if (body !== null) {
    const reader = body.getReader();
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const chunk = await reader.read();
        if (chunk.done) break;
        sse.feed(decoder.decode(chunk.value, { stream: true }));
        if (parseFailure !== undefined) break;
      }
      sse.feed(decoder.decode());
    } catch {
      // A dropped connection: the parser's finish() below reports the cut.
      if (signal.aborted) throw abortReason(signal);
    } finally {
      if (parseFailure !== undefined) reader.cancel().catch(() => undefined);
    }
  }
  if (signal.aborted) throw abortReason(signal);

  if (parseFailure !== undefined) {
    if (parseFailure instanceof MalformedResponseError) {
      throw new ModelRequestError(explainWithout(options, 'malformed'), { cause: parseFailure });
    }
    throw parseFailure;
  }
  try {
    return { response: parser.finish(), warnings: parser.warnings };
  } catch (error) {
    if (error instanceof StreamCutError) throw new ModelRequestError(explainWithout(options, 'stream-cut'), { cause: error });
    if (error instanceof ProviderStreamError) throw new ModelRequestError(explainStreamError(options, error), { cause: error });
    if (error instanceof MalformedResponseError) throw new ModelRequestError(explainWithout(options, 'malformed'), { cause: error });
    throw error;
  }
}

/** Provider stream error types worth trying again. */
const TRANSIENT_STREAM_ERRORS: ReadonlySet<string> = new Set([
  'overloaded_error',
  'rate_limit_error',
  'api_error',
  'server_error',
  'timeout_error',
]);

function explainStreamError(options: ModelRequestOptions, error: ProviderStreamError): ModelFailure {
  const label = PROVIDERS[options.provider].label;
  return {
    code: 'stream-error',
    title: 'The provider sent an error in the middle of the reply',
    detail:
      `The ${label} stream from ${hostOf(options.built.url)} carried an error event (${error.errorType}): ${error.message} ` +
      'The partial reply was not added to the conversation; trying again usually works if the error is temporary.',
    retryable: TRANSIENT_STREAM_ERRORS.has(error.errorType),
  };
}

function explainWithout(options: ModelRequestOptions, failure: 'stream-cut' | 'malformed'): ModelFailure {
  return toFailure(
    explainModelHttpError({
      provider: options.provider,
      url: options.built.url,
      failure,
      ...(options.model !== undefined ? { model: options.model } : {}),
    }),
  );
}

function toFailure(explanation: ReturnType<typeof explainModelHttpError>): ModelFailure {
  const failure: ModelFailure = {
    code: explanation.code,
    title: explanation.title,
    detail: explanation.detail,
    retryable: explanation.retryable,
  };
  if (explanation.retryAfterMs !== undefined) failure.retryAfterMs = explanation.retryAfterMs;
  return failure;
}

function parseOptions(options: ModelRequestOptions): { generateId?: () => string } {
  return options.generateId === undefined ? {} : { generateId: options.generateId };
}

function parseMaybeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** The text of a reply: its text parts joined. */
export function textOf(response: NeutralResponse): string {
  return response.parts
    .filter((part): part is Extract<typeof part, { type: 'text' }> => part.type === 'text')
    .map((part) => part.text)
    .join('');
}

/** Lets the page handle waiting input before going on (`scheduler.yield` where the browser has it; at once elsewhere, as in Node). */
function yieldToPage(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : Promise.resolve();
}
