/**
 * The one wire tap: a fetch middleware in the MCP SDK's own style (`(next) => fetch`, composed
 * with `applyMiddlewares`, beside `withOAuth`) that both wires go through. It records each HTTP
 * exchange (method, URL, headers, bodies, status, timing, Server-Sent Events as they arrive) into
 * the traffic log, secrets redacted at record time, and, on a JSON-RPC wire (MCP), the messages
 * the exchange carried, each with its exchange id and the tool call it serves, as the bytes go
 * by. It also checks each answer: an answer that cannot come (not JSON, a stray id, a stream that
 * ends or is cut without the result) is reported at once; for a whole JSON body the owner's coded
 * error fails the fetch itself, so the SDK's request fails with it.
 *
 * Per-call facts travel as typed values: the tap's `context` (model wire: turn and step), or
 * `rpc.contextOf(id)` (MCP: the call a JSON-RPC id belongs to). Nothing rides in headers.
 * One body reader and decoder per response, plain header records, and a natively built response
 * for a whole answer keep the round trip cheap (see README, "What keeps the MCP path cheap").
 */
import type { EventSourceMessage } from 'eventsource-parser';
import type { ParsedPayload, RequestRef, ResponseFailure } from './check-answer';
import { checkAnswer, countMessages, parsePayload, requestsIn } from './check-answer';
import { readWholeBody, pipeEventStream } from './read-response';
import type { BodyEnd } from './read-response';
import {
  CLOSED_BY_CLIENT_NOTE,
  describeBody,
  describeRequestBody,
  errorMessage,
  isAbortError,
  mediaType,
  NULL_BODY_STATUSES,
  readRequestHeaders,
  responseHeaderRecord,
} from './record-body';
import { outcomeOf } from './load-aggregate';
import { recordWhole, sendLoadRequest } from './load-request';
import type { WholeParts } from './load-request';
import { recordMessages } from './record-messages';
import type { MessageTarget } from './record-messages';
import { redactUrl } from '../secrets';
import { redactHeaders } from './redact';
import type { SecretRegistry } from './redact';
import { RequestControllers, untilOrAborted } from './request-controllers';
import { TrafficLog } from './traffic-log';
import type { ExchangePatch, NewExchange } from './traffic-log';
import type { CallContext, HeaderMap, HttpExchange, SseEventRecord, Wire } from './types';

/** The fetch a middleware wraps and returns (the MCP SDK's `FetchLike`). */
type FetchLike = (url: string | URL, init?: RequestInit) => Promise<Response>;

/** A request whose answer will not come, and why. */
export interface AnswerProblem {
  request: RequestRef;
  /** The exchange that carried it. */
  exchangeId: number;
  /** True when the answer was an event stream, already handed over: its owner fails the call itself. */
  eventStream: boolean;
  failure: ResponseFailure;
}

/** The JSON-RPC side of a tap (the MCP wire). */
export interface RpcTapOptions {
  /** The context of the call a JSON-RPC id belongs to (which tool call it serves). */
  contextOf?: (id: string | number) => CallContext | undefined;
  /**
   * Called once per request whose answer will not come. For a whole (JSON) answer, an error
   * returned here fails the fetch; an event stream has already been handed over, so its owner
   * fails the call itself (by aborting it with that error).
   */
  onProblem?: (problem: AnswerProblem) => Error | undefined;
  /** Called as each exchange ends (done, failed or aborted), with the requests it carried. */
  onExchangeEnd?: (exchange: HttpExchange, requests: readonly RequestRef[]) => void;
  /** A GET (the server→client stream) waits for the promise this returns, if any, before it is sent. */
  streamGate?: () => Promise<void> | undefined;
  /** Longest answer checked, in characters; a longer one passes unchecked. Default is 64,000,000. */
  maxInspectChars?: number;
}

/** Options for `createWireTap`. */
export interface WireTapOptions {
  log: TrafficLog;
  wire: Wire;
  /** The MCP server's name, or the model provider. */
  source: string;
  /** Known secret values, replaced in everything recorded. */
  secrets: SecretRegistry;
  /** The context every exchange through this tap is part of (the model wire's turn and step). */
  context?: CallContext;
  /** Record and check JSON-RPC (the MCP wire). */
  rpc?: RpcTapOptions;
  /** Wall clock in epoch milliseconds. Default is `Date.now`. */
  now?: () => number;
  /** Longest non-stream response body kept, in characters. Default is 5,000,000. */
  maxBodyChars?: number;
  /** Stamped on every exchange of this tap (`auth`: the sign-in's OAuth exchanges). */
  purpose?: 'auth';
  /**
   * Rewrites a request or response body text before it is recorded (the OAuth tap removes codes,
   * verifiers and tokens, whose values are not known before the response that carries them).
   */
  redactBody?: (text: string, contentType: string | undefined) => string;
}

/** The middleware, and what its owner may ask of the requests it carried. */
export type WireTap = ((next: FetchLike) => FetchLike) & {
  /** The exchange that carried the request with this JSON-RPC id. */
  exchangeFor(id: string | number): number | undefined;
  /** Closes the request's stream if it is still open; nothing is reported for it afterwards. */
  close(id: string | number): void;
};

/** What the tap keeps per JSON-RPC request. */
interface Tracked {
  exchangeId: number;
  controller: AbortController;
  closed: boolean;
  open: boolean;
}

/** The key of an id (1 and "1" are different ids). */
const idKey = (id: string | number): string => `${typeof id}:${id}`;

/** How many requests a tap remembers (open ones are always kept). */
const MAX_REMEMBERED = 1000;

/** Creates the tap for one source (an MCP connection's session, or a model request). */
export function createWireTap(options: WireTapOptions): WireTap {
  const { log, wire, source, secrets, rpc } = options;
  const now = options.now ?? (() => Date.now());
  const maxBodyChars = options.maxBodyChars ?? 5_000_000;
  const maxInspectChars = rpc?.maxInspectChars ?? 64_000_000;
  const redactBody = (text: string, contentType: string | undefined): string =>
    secrets.redact(options.redactBody ? options.redactBody(text, contentType) : text);
  const tracked = new Map<string, Tracked>();
  const controllers = new RequestControllers();

  /** Applies the secret registry to each value of a map `redactHeaders` just made (in place: it is ours). */
  const redactHeaderMap = (headers: HeaderMap): HeaderMap => {
    for (const name of Object.keys(headers)) headers[name] = secrets.redact(headers[name]!);
    return headers;
  };
  /** Past MAX_REMEMBERED requests, the oldest finished ones are forgotten. */
  const forgetOldest = (): void => {
    for (const [key, entry] of tracked) {
      if (tracked.size <= MAX_REMEMBERED) break;
      if (!entry.open) tracked.delete(key);
    }
  };

  const middleware =
    (next: FetchLike): FetchLike =>
    async (input, init) => {
      const request = typeof Request !== 'undefined' && (input as unknown) instanceof Request ? (input as unknown as Request) : undefined;
      const rawUrl = typeof input === 'string' ? input : input instanceof URL ? input.href : (request?.url ?? String(input));
      const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
      const callerSignal = init?.signal ?? request?.signal ?? undefined;
      const headers = readRequestHeaders(init?.headers !== undefined ? init.headers : request?.headers);
      const body = init?.body !== undefined ? describeBody(init.body) : request !== undefined ? await describeRequestBody(request) : {};

      // The JSON-RPC messages the request carries, parsed once for the record and the check.
      const sent = rpc && body.text !== undefined ? parsePayload(body.text) : undefined;
      const requests = sent ? requestsIn(sent) : [];
      const answered = requests[0];
      if (rpc && method === 'GET' && body.text === undefined) {
        const gate = rpc.streamGate?.();
        if (gate !== undefined) await untilOrAborted(gate, callerSignal);
      }
      const context = options.context ?? (answered && rpc?.contextOf?.(answered.id));
      // A load probe's request is recorded apart and summarised on the probe's one row (load-aggregate.ts).
      const loadRun = context?.loadRun !== undefined && log.isLoadRun(context.loadRun) ? context.loadRun : undefined;
      const rec = loadRun === undefined ? log : new TrafficLog({ schedule: () => undefined });
      const startOf = (startedAt: number): NewExchange => {
        const start: NewExchange = {
          wire,
          source,
          method,
          url: secrets.redact(redactUrl(rawUrl)),
          startedAt,
          requestHeaders: redactHeaderMap(redactHeaders(headers)),
        };
        if (body.text !== undefined) start.requestBody = redactBody(body.text, headers['content-type']);
        if (options.purpose !== undefined) start.purpose = options.purpose;
        if (body.note !== undefined) start.requestBodyNote = body.note;
        if (sent) start.requestMessages = countMessages(sent);
        if (context?.toolCallId !== undefined) start.toolCallId = context.toolCallId;
        if (context?.turn !== undefined) start.turn = context.turn;
        if (context?.step !== undefined) start.step = context.step;
        if (context?.samplingFor !== undefined) start.samplingFor = context.samplingFor;
        if (context?.forkOf !== undefined) start.forkOf = context.forkOf;
        if (context?.replayOf !== undefined) start.replayOf = context.replayOf;
        if (context?.evalRun !== undefined) start.evalRun = context.evalRun;
        if (context?.checkRun !== undefined) start.checkRun = context.checkRun;
        return start;
      };

      // Past its first samples, a load request is counted, and recorded whole only if its row keeps it.
      if (loadRun !== undefined && !log.loadRunWantsFirst(loadRun)) {
        const startedAt = now();
        const whole: WholeParts = {
          start: () => startOf(startedAt),
          ...(sent && { sent }),
          source,
          secrets,
          ...(context && { context }),
          maxBodyChars,
          redactBody,
          redactHeaders: (headers) => redactHeaderMap(redactHeaders(responseHeaderRecord(headers).record)),
        };
        return sendLoadRequest({
          send: () => next(input, init === undefined && request === undefined ? undefined : { ...init, headers }),
          now,
          startedAt,
          signal: callerSignal,
          id: answered?.id,
          describeError: (error) => secrets.redact(errorMessage(error)),
          report: (outcome, end) => log.recordLoadRequest(loadRun, outcome, () => recordWhole(whole, end)),
        });
      }

      // A request the owner may close (its stream, after a timeout) follows the caller's signal through a controller of ours.
      const lease = answered ? controllers.take(callerSignal) : undefined;
      const forwardInit: RequestInit | undefined =
        init === undefined && request === undefined
          ? undefined
          : { ...init, headers, ...(lease ? { signal: lease.controller.signal } : {}) };
      const startedAt = now();
      // Sent before it is recorded: redacting and recording a long model request (megabytes) then
      // overlaps the upload and the server's work instead of delaying them. It is awaited below,
      // in this same task, so a failure is never left unhandled.
      const sending = next(input, forwardInit);
      const start = startOf(startedAt);
      const id = rec.beginExchange(start);
      // The id the owner sees (to note an exchange): a load request's scratch record is no row of the log.
      const shownId = loadRun === undefined ? id : -1;
      const target: MessageTarget = {
        log: rec,
        server: source,
        exchangeId: id,
        direction: 'out',
        secrets,
        ...(context ? { context } : {}),
        ...(rpc?.contextOf ? { contextOf: rpc.contextOf } : {}),
      };
      if (sent) recordMessages(sent, startedAt, target, start.requestBody);
      const incoming: MessageTarget = { ...target, direction: 'in' };
      delete incoming.context;

      const entry: Tracked | undefined =
        answered && lease ? { exchangeId: shownId, controller: lease.controller, closed: false, open: true } : undefined;
      if (answered && entry) {
        tracked.set(idKey(answered.id), entry);
        forgetOldest();
      }
      const settle = (): void => {
        lease?.release();
        if (entry) entry.open = false;
      };

      const patched: ExchangePatch = {};
      const finish = (patch: ExchangePatch): void => {
        Object.assign(patched, patch, { durationMs: now() - startedAt });
        rec.updateExchange(id, { ...patch, durationMs: patched.durationMs });
        const ended = rec.getExchange(id) ?? { ...start, id, state: 'pending', ...patched };
        rpc?.onExchangeEnd?.(ended, requests);
        if (loadRun !== undefined) {
          const messages = rec.getSnapshot().messages;
          log.recordLoadRequest(loadRun, outcomeOf(ended, messages), () => ({ exchange: ended, messages }));
        }
      };

      let response: Response;
      try {
        response = await sending;
      } catch (error) {
        settle();
        const aborted = isAbortError(error) || callerSignal?.aborted === true;
        finish({ state: aborted ? 'aborted' : 'failed', error: secrets.redact(errorMessage(error)) });
        throw error;
      }

      const { record: responseHeaders, forCaller } = responseHeaderRecord(response.headers);
      const contentType = responseHeaders['content-type'];
      const type = mediaType(contentType);
      const eventStream = type === 'text/event-stream';
      const headersPatch: ExchangePatch = {
        status: response.status,
        statusText: response.statusText,
        responseHeaders: redactHeaderMap(redactHeaders(responseHeaders)),
        headersMs: now() - startedAt,
        state: eventStream ? 'streaming' : 'pending',
      };
      if (contentType !== undefined) headersPatch.responseContentType = contentType;
      rec.updateExchange(id, headersPatch);
      Object.assign(patched, headersPatch);

      const report = (failure: ResponseFailure): Error | undefined => {
        if (!answered || !entry || entry.closed || callerSignal?.aborted) return undefined;
        return rpc?.onProblem?.({ request: answered, exchangeId: shownId, eventStream, failure });
      };
      const canRebuild =
        response.body !== null && response.status >= 200 && response.status <= 599 && !NULL_BODY_STATUSES.has(response.status);
      if (!canRebuild || response.body === null) {
        settle();
        finish({ state: 'done' });
        return response;
      }
      // Only a 2xx answer to a request is checked; a JSON-RPC answer is JSON or an event stream.
      const checked = answered !== undefined && response.ok && response.status !== 202;
      if (checked && type !== 'application/json' && !eventStream)
        report({ reason: 'wrong-content-type', contentType: contentType ?? '(none)' });
      const inspect = checked && (type === 'application/json' || eventStream);

      const textParts: string[] = [];
      let textLength = 0;
      let truncated = false;
      let inspected = 0;
      let hadEventId = false;
      const payloads: ParsedPayload[] = [];
      const events: SseEventRecord[] = [];
      const onEvent = (message: EventSourceMessage, retry: number | undefined): void => {
        const data = secrets.redact(message.data);
        const event: SseEventRecord = { atMs: now() - startedAt, data };
        if (message.event !== undefined) event.event = secrets.redact(message.event);
        if (message.id !== undefined) event.id = secrets.redact(message.id);
        if (retry !== undefined) event.retry = retry;
        events.push(event);
        patched.sseEvents = events;
        rec.appendSseEvent(id, event);
        if (message.id) hadEventId = true;
        // Like the SDK: only message events carry JSON-RPC; an empty one (a priming event) carries none.
        if ((message.event === undefined || message.event === 'message') && message.data !== '') {
          const payload = parsePayload(message.data);
          if (rpc) recordMessages(payload, now(), incoming, data);
          if (inspect && inspected <= maxInspectChars) payloads.push(payload);
        }
      };
      // A JSON-RPC answer is kept whole (up to maxInspectChars) to be read; the record keeps maxBodyChars of it.
      const keep = inspect || (rpc !== undefined && type === 'application/json') ? Math.max(maxBodyChars, maxInspectChars) : maxBodyChars;
      const onText = (text: string): void => {
        inspected += text.length;
        if (eventStream || truncated) return;
        const room = keep - textLength;
        if (text.length > room) {
          textParts.push(text.slice(0, room));
          textLength = keep;
          truncated = true;
          return;
        }
        textParts.push(text);
        textLength += text.length;
      };
      let failWith: Error | undefined;
      const onEnd = (end: BodyEnd): void => {
        settle();
        if (end.closedByCaller && entry) entry.closed = true;
        const bodyPatch: ExchangePatch = {};
        if (!eventStream) {
          const text = textParts.join('');
          const redacted = redactBody(text, contentType);
          bodyPatch.responseBody = text.length > maxBodyChars ? redactBody(text.slice(0, maxBodyChars), contentType) : redacted;
          if (truncated || text.length > maxBodyChars)
            bodyPatch.responseBodyNote = `Only the first ${maxBodyChars} characters were recorded.`;
          if (rpc && !end.cut && !truncated && type === 'application/json') {
            const payload = parsePayload(text);
            recordMessages(payload, now(), incoming, redacted);
            if (inspect) payloads.push(payload);
          }
        }
        if (end.closedByCaller && !end.cut) {
          finish({ ...bodyPatch, state: 'aborted', note: rec.getExchange(id)?.note ?? CLOSED_BY_CLIENT_NOTE });
        } else if (end.cut) {
          const aborted = isAbortError(end.error) || callerSignal?.aborted === true || entry?.closed === true;
          finish({ ...bodyPatch, state: aborted ? 'aborted' : 'failed', error: secrets.redact(errorMessage(end.error)) });
        } else {
          finish({ ...bodyPatch, state: 'done' });
        }
        if (!inspect || !answered || end.closedByCaller || inspected > maxInspectChars) return;
        const error = end.error === undefined ? undefined : errorMessage(end.error);
        const failure = checkAnswer(payloads, answered.id, {
          eventStream,
          ...(contentType !== undefined ? { contentType } : {}),
          cut: end.cut,
          ...(error !== undefined ? { error } : {}),
        });
        // A stream with event ids can be resumed: the SDK reconnects with Last-Event-ID, so wait for it.
        if (!failure || (failure.reason === 'stream-closed' && hadEventId)) return;
        failWith = report(failure);
      };
      const listener = { text: onText, event: onEvent, end: onEnd };
      if (eventStream) return pipeEventStream(response, response.body, forCaller, listener);
      const whole = await readWholeBody(response, response.body, forCaller, listener);
      if (failWith !== undefined) throw failWith;
      return whole;
    };

  return Object.assign(middleware, {
    exchangeFor: (id: string | number) => tracked.get(idKey(id))?.exchangeId,
    close(id: string | number) {
      const entry = tracked.get(idKey(id));
      if (!entry) return;
      entry.closed = true;
      if (entry.open) entry.controller.abort();
      entry.open = false;
    },
  });
}
