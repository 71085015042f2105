/**
 * Watches the answers to the client's requests, below the SDK, to catch the answers that will
 * never come: a stream that ends (or is cut) without the result, an SSE event that is not JSON,
 * a response to an id nobody sent. The SDK would only notice when its timeout fires; the
 * watch reports at once, with what came back, so the request can fail with a precise reason.
 *
 * It wraps the recording fetch and reads each answer's text and events along with the recorder
 * (through a `ResponseTap`: no second stream, decoder or event parser), leaving the body the SDK reads
 * untouched. It also lets the connection close one request's stream (after a timeout), and
 * maps a per-call token header to the JSON-RPC id the SDK gave the call.
 */
import { REQUEST_TOKEN_HEADER, RESPONSE_TAP } from '../traffic/recording-fetch';
import { headerPairs } from '../traffic/redact';
import type { BodyReader, TappedRequestInit } from '../traffic/recording-fetch';

/**
 * Request header the connection sets to find a call's JSON-RPC id; the recording fetch
 * removes it before the request is sent or recorded.
 */
export { REQUEST_TOKEN_HEADER };

/** A JSON-RPC request the client sent. */
export interface RequestRef {
  id: string | number;
  method: string;
}

/** What was wrong with the answer to one request, as found in the bytes that came back. */
export type ResponseFailure =
  | { reason: 'not-json'; text: string; contentType?: string }
  | { reason: 'not-json-rpc'; text: string }
  | { reason: 'unknown-response-id'; gotIds: Array<string | number | null> }
  | { reason: 'wrong-content-type'; contentType: string }
  | { reason: 'malformed-sse'; data: string }
  | { reason: 'stream-closed'; cut: boolean; events: number; error?: string };

/** A request whose answer will not come, and why. */
export interface ResponseProblem {
  request: RequestRef;
  /** The traffic log's exchange that carried it, when known. */
  exchangeId?: number;
  failure: ResponseFailure;
}

/** Options for `createResponseWatch`. */
export interface ResponseWatchOptions {
  /** The fetch that really sends: a recording fetch, which honours the `ResponseTap` the watch passes with each request. */
  fetch: typeof fetch;
  /** Called once per request whose answer will not come. */
  onProblem: (problem: ResponseProblem) => void;
  /**
   * When set, a GET (the server→client event stream) waits for the promise it returns before
   * it is sent: the connection opens its stream once its handshake is done (see ServerConnection).
   */
  streamGate?: () => Promise<void> | undefined;
  /** Longest answer inspected, in characters; a longer one is passed through unchecked. Default is 64,000,000. */
  maxInspectChars?: number;
}

/** A watch over one client's requests. */
export interface ResponseWatch {
  /** The fetch to give the SDK transport. */
  fetch: typeof fetch;
  /** The request sent with this token header, if it was sent. */
  requestForToken(token: string): RequestRef | undefined;
  /** The exchange that carried the request with this id. */
  exchangeFor(id: string | number): number | undefined;
  /** The exchange of the latest request with this method. */
  latestExchangeFor(method: string): number | undefined;
  /** The failure found for the request with this id, if any. */
  failureFor(id: string | number): ResponseFailure | undefined;
  /** Requests whose answer has not finished arriving (or not started), oldest first. */
  openRequests(): RequestRef[];
  /** Close the request's stream if it is still open; no problem is reported for it afterwards. */
  close(id: string | number): void;
}

/** What the watch keeps per request. */
interface Tracked {
  request: RequestRef;
  exchangeId?: number;
  controller: AbortController;
  /** Closed on purpose (by `close` or the caller's signal): nothing to report. */
  closed: boolean;
  open: boolean;
  failure?: ResponseFailure;
}

/** The key of an id (1 and "1" are different ids). */
function idKey(id: string | number): string {
  return `${typeof id}:${id}`;
}

/** The media type of a content type, lower-cased, without parameters. */
function mediaType(contentType: string | null): string {
  return contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
}

/** A header's value in any form fetch accepts (read, not copied: the recording fetch strips ours). */
function headerValue(headers: HeadersInit | undefined, name: string): string | null {
  if (headers === undefined) return null;
  if (headers instanceof Headers) return headers.get(name);
  for (const [key, value] of headerPairs(headers)) if (key.toLowerCase() === name) return value;
  return null;
}

/** The single request a POST body carries (the SDK sends one message per POST). */
export function requestOfBody(body: unknown): RequestRef | undefined {
  if (typeof body !== 'string') return undefined;
  try {
    const message = JSON.parse(body) as { method?: unknown; id?: unknown };
    if (typeof message !== 'object' || message === null || Array.isArray(message)) return undefined;
    if (typeof message.method !== 'string') return undefined;
    if (typeof message.id !== 'string' && typeof message.id !== 'number') return undefined;
    return { id: message.id, method: message.method };
  } catch {
    return undefined;
  }
}

/** True when a value looks like a JSON-RPC 2.0 message. */
function isRpcMessage(value: unknown): value is { id?: unknown; method?: unknown; result?: unknown; error?: unknown } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const m = value as Record<string, unknown>;
  if (m.jsonrpc !== '2.0') return false;
  if (typeof m.method === 'string') return true;
  return 'id' in m && ('result' in m || 'error' in m);
}

/**
 * Decides from what came back whether a request was answered. `payloads` is the body (JSON
 * answer) or the data of each message event (event stream). Returns undefined when the
 * answer is there, otherwise the most telling reason it is not.
 */
export function checkAnswer(
  payloads: readonly string[],
  requestId: string | number,
  options: { eventStream: boolean; contentType?: string; cut?: boolean; error?: string },
): ResponseFailure | undefined {
  if (!options.eventStream && options.cut) {
    // A JSON body cut halfway: whatever arrived cannot be the whole answer.
    const cutFailure: ResponseFailure = { reason: 'stream-closed', cut: true, events: 0 };
    if (options.error !== undefined) cutFailure.error = options.error;
    return cutFailure;
  }
  const strayIds: Array<string | number | null> = [];
  let notJson: string | undefined;
  let notRpc: string | undefined;
  for (const payload of payloads) {
    if (options.eventStream && payload === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(payload);
    } catch {
      notJson ??= payload;
      continue;
    }
    for (const message of Array.isArray(value) ? (value as unknown[]) : [value]) {
      if (!isRpcMessage(message)) {
        notRpc ??= payload;
        continue;
      }
      if (typeof message.method === 'string') continue;
      const id = message.id;
      // An error with id null is the server's answer to a request it could not read.
      if (id === null && 'error' in message) return undefined;
      if (String(id) === String(requestId)) return undefined;
      strayIds.push(typeof id === 'string' || typeof id === 'number' ? id : null);
    }
  }
  if (strayIds.length > 0) return { reason: 'unknown-response-id', gotIds: strayIds };
  if (notJson !== undefined) {
    return options.eventStream ? { reason: 'malformed-sse', data: notJson } : { reason: 'not-json', text: notJson, contentType: options.contentType };
  }
  if (notRpc !== undefined) return { reason: 'not-json-rpc', text: notRpc };
  const failure: ResponseFailure = { reason: 'stream-closed', cut: options.cut === true, events: payloads.length };
  if (options.error !== undefined) failure.error = options.error;
  return failure;
}

/** Resolves with `promise`, or rejects with the signal's reason as soon as it aborts. */
function untilOrAborted(promise: Promise<void>, signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<void>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      () => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error as Error);
      },
    );
  });
}

/** How many controllers of finished requests a watch keeps for the next ones. */
const MAX_IDLE_CONTROLLERS = 16;

/** How many requests a watch remembers (open ones are always kept). */
const MAX_REMEMBERED = 1000;

/** Creates a watch over the requests sent through the returned fetch. */
export function createResponseWatch(options: ResponseWatchOptions): ResponseWatch {
  const maxInspectChars = options.maxInspectChars ?? 64_000_000;
  const tracked = new Map<string, Tracked>();
  const byToken = new Map<string, RequestRef>();
  const latestByMethod = new Map<string, Tracked>();
  /**
   * The open requests' controllers, by the caller's signal they follow. The SDK passes its
   * transport's one signal with every request, so one abort listener per signal serves them all
   * rather than one added and removed for each request.
   */
  const followers = new WeakMap<AbortSignal, Set<AbortController>>();

  /**
   * Controllers of requests that are over and were not aborted. Once a request is over (its
   * body read, broken off or closed), aborting its controller can no longer touch it, so the next
   * request reuses it, as the SDK reuses its transport's one signal for every fetch, instead of
   * making the browser create, wire up and collect a controller and signal per request (in one
   * page alternating both ways, calls with fresh controllers took ~5% longer than with reused ones).
   */
  const idleControllers: AbortController[] = [];
  const takeController = (): AbortController => idleControllers.pop() ?? new AbortController();
  const releaseController = (controller: AbortController): void => {
    if (!controller.signal.aborted && idleControllers.length < MAX_IDLE_CONTROLLERS) idleControllers.push(controller);
  };

  /** Makes `controller` abort when `signal` does, until the returned function is called. */
  const followAbort = (signal: AbortSignal, controller: AbortController): (() => void) => {
    if (signal.aborted) {
      controller.abort(signal.reason);
      return () => undefined;
    }
    const following = followers.get(signal) ?? listenTo(signal);
    following.add(controller);
    return () => void following.delete(controller);
  };

  /** The first request with this signal: one listener aborts whichever requests are open when it fires. */
  const listenTo = (signal: AbortSignal): Set<AbortController> => {
    const controllers = new Set<AbortController>();
    followers.set(signal, controllers);
    const abortOpen = (): void => {
      for (const open of controllers) open.abort(signal.reason);
      controllers.clear();
    };
    signal.addEventListener('abort', abortOpen, { once: true });
    return controllers;
  };

  /**
   * Keeps the bookkeeping of a long session bounded: past MAX_REMEMBERED requests, the oldest
   * finished ones are forgotten (their answers were read long ago; only open requests matter).
   */
  const forgetOldest = (): void => {
    for (const [key, entry] of tracked) {
      if (tracked.size <= MAX_REMEMBERED) break;
      if (!entry.open) tracked.delete(key);
    }
    for (const token of byToken.keys()) {
      if (byToken.size <= MAX_REMEMBERED) break;
      byToken.delete(token);
    }
  };

  const report = (entry: Tracked, failure: ResponseFailure): void => {
    if (entry.closed || entry.failure) return;
    entry.failure = failure;
    const problem: ResponseProblem = { request: entry.request, failure };
    if (entry.exchangeId !== undefined) problem.exchangeId = entry.exchangeId;
    options.onProblem(problem);
  };

  const watchedFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const token = headerValue(init?.headers, REQUEST_TOKEN_HEADER);
    const method = (init?.method ?? 'GET').toUpperCase();
    const request = method === 'POST' ? requestOfBody(init?.body) : undefined;
    if (!request) {
      const gate = method === 'GET' ? options.streamGate?.() : undefined;
      if (gate !== undefined) await untilOrAborted(gate, init?.signal ?? undefined);
      return options.fetch(input, init);
    }

    if (token !== null) byToken.set(token, request);
    forgetOldest();
    const controller = takeController();
    const callerSignal = init?.signal ?? undefined;
    const unfollowSignal = callerSignal ? followAbort(callerSignal, controller) : () => undefined;
    let released = false;
    /** The request is over: stop following the caller's signal; its controller may serve another request. */
    const unfollow = (): void => {
      if (released) return;
      released = true;
      unfollowSignal();
      releaseController(controller);
    };
    const entry: Tracked = { request, controller, closed: false, open: true };
    tracked.set(idKey(request.id), entry);
    latestByMethod.set(request.method, entry);
    const intentional = (): boolean => entry.closed || callerSignal?.aborted === true;

    /** Reads the answer's text as the recorder decodes it, and checks it when the body ends. */
    const readAnswer = (response: Response): BodyReader | undefined => {
      const contentType = response.headers.get('content-type');
      const type = mediaType(contentType);
      // Nothing to check in these bodies; their end only lets go of the caller's signal.
      const unchecked: BodyReader = { text: () => undefined, end: unfollow };
      if (!response.ok || response.status === 202 || response.body === null) {
        entry.open = false;
        return unchecked;
      }
      if (type !== 'application/json' && type !== 'text/event-stream') {
        entry.open = false;
        report(entry, { reason: 'wrong-content-type', contentType: contentType ?? '(none)' });
        return unchecked;
      }
      const eventStream = type === 'text/event-stream';
      const payloads: string[] = [];
      const bodyParts: string[] = [];
      let inspected = 0;
      let tooLong = false;
      let hadEventId = false;
      return {
        text(text) {
          if (tooLong) return;
          inspected += text.length;
          if (inspected > maxInspectChars) {
            tooLong = true;
            payloads.length = 0;
            bodyParts.length = 0;
            return;
          }
          if (!eventStream) bodyParts.push(text);
        },
        event(event) {
          if (tooLong) return;
          if (event.id) hadEventId = true;
          // Like the SDK: only message events carry JSON-RPC.
          if (event.event === undefined || event.event === 'message') payloads.push(event.data);
        },
        end({ cut, error, closedByCaller }) {
          unfollow();
          entry.open = false;
          if (closedByCaller) entry.closed = true;
          if (intentional() || tooLong) return;
          const failure = checkAnswer(eventStream ? payloads : [bodyParts.join('')], request.id, {
            eventStream,
            contentType: contentType ?? undefined,
            cut,
            ...(error !== undefined ? { error } : {}),
          });
          // A stream with event ids can be resumed: the SDK reconnects with Last-Event-ID, so wait for it.
          if (!failure || (failure.reason === 'stream-closed' && hadEventId)) return;
          report(entry, failure);
        },
      };
    };

    const tapped: TappedRequestInit = {
      ...init,
      signal: controller.signal,
      [RESPONSE_TAP]: {
        exchange: (exchangeId) => {
          entry.exchangeId = exchangeId;
        },
        response: readAnswer,
      },
    };
    try {
      return await options.fetch(input, tapped);
    } catch (error) {
      unfollow();
      entry.open = false;
      throw error;
    }
  };

  return {
    fetch: watchedFetch as typeof fetch,
    requestForToken: (token) => byToken.get(token),
    exchangeFor: (id) => tracked.get(idKey(id))?.exchangeId,
    latestExchangeFor: (method) => latestByMethod.get(method)?.exchangeId,
    failureFor: (id) => tracked.get(idKey(id))?.failure,
    openRequests: () => [...tracked.values()].filter((entry) => entry.open).map((entry) => entry.request),
    close(id) {
      const entry = tracked.get(idKey(id));
      if (!entry) return;
      entry.closed = true;
      if (entry.open) entry.controller.abort();
      entry.open = false;
    },
  };
}
