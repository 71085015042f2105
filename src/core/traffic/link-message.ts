/**
 * Finds the HTTP exchange that carried a JSON-RPC message. Messages are recorded by the
 * transport wrapper and exchanges by the recording fetch, so a message rarely knows its
 * exchange (`exchangeId` is usually unset); this module matches them by server, JSON-RPC
 * id or method, and time.
 *
 * How it stays fast on a log of 100,000 records:
 * - The log appends an exchange when its request starts, so `exchanges` is ordered by
 *   `startedAt`. The search binary-searches the last exchange that could have carried
 *   the message and walks backwards from there, stopping at the start of a time window
 *   (below). It never looks at the rest of the log.
 * - Inside the window only exchanges of the same server on the MCP wire are considered,
 *   and, for a message from the server, only those still open when it arrived. Bodies are
 *   parsed only for those, and parses are cached per exchange and per SSE event object
 *   (records are replaced, never mutated, so a cached parse cannot go stale).
 *
 * Time windows (defaults in `DEFAULT_LINK_WINDOWS`, all in milliseconds):
 * - a message from the client: the exchange started in `[at - slackMs, at + sendWindowMs]`;
 *   the one starting first wins (the nearest start at/after the message);
 * - a response from the server, paired with its request: the exchange started between
 *   the request (`at - latencyMs - slackMs`) and the response (`at + slackMs`);
 * - any other message from the server (its requests, notifications, unpaired responses):
 *   the exchange started in `[at - streamWindowMs, at + slackMs]`. A GET stream opened
 *   longer ago than that is not searched.
 * - any server message: the exchange delivered it (SSE event time, or the end of a JSON
 *   body) at most `deliveryGapMs` away from the message's record.
 * Among several exchanges that match, the one that delivered the message closest to the
 * message's time wins (ids restart with every connection, so an id alone is ambiguous).
 */
import { parseRpcPayload } from './rpc-messages';
import type { HttpExchange, RpcKind, RpcMessageRecord, SseEventRecord } from './types';

/** The time windows of the search, in milliseconds. */
export interface LinkWindows {
  /** Clock slack between the transport wrapper and the recording fetch. Default is 50. */
  slackMs: number;
  /** How long after a client message its request may start (auth, queueing). Default is 60000 (1 minute). */
  sendWindowMs: number;
  /** How far back a stream carrying a server message may have started. Default is 600000 (10 minutes). */
  streamWindowMs: number;
  /** For a server message, the largest gap between its delivery (SSE event, end of a JSON body) and its record. Default is 10000 (10 seconds). */
  deliveryGapMs: number;
}

/** The default windows of `findExchangeForMessage`. */
export const DEFAULT_LINK_WINDOWS: Readonly<LinkWindows> = {
  slackMs: 50,
  sendWindowMs: 60_000,
  streamWindowMs: 600_000,
  deliveryGapMs: 10_000,
};

/** The parts of a JSON-RPC message the matching looks at. */
interface RpcSummary {
  kind: RpcKind;
  method?: string;
  rpcId?: string | number;
}

const NO_MESSAGES: readonly RpcSummary[] = [];
const requestCache = new WeakMap<HttpExchange, readonly RpcSummary[]>();
const responseBodyCache = new WeakMap<HttpExchange, readonly RpcSummary[]>();
const eventCache = new WeakMap<SseEventRecord, readonly RpcSummary[]>();

/** The JSON-RPC messages in a text (one message or an array); none when it is not JSON-RPC. */
function summarise(text: string | undefined): readonly RpcSummary[] {
  if (text === undefined) return NO_MESSAGES;
  const trimmed = text.trimStart();
  // Cheap check before parsing: a JSON-RPC payload is an object or an array.
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return NO_MESSAGES;
  const parsed = parseRpcPayload(text).messages;
  if (parsed.length === 0) return NO_MESSAGES;
  return parsed.map(({ kind, method, rpcId }) => {
    const summary: RpcSummary = { kind };
    if (method !== undefined) summary.method = method;
    if (rpcId !== undefined) summary.rpcId = rpcId;
    return summary;
  });
}

/** The messages in an exchange's request body (cached per exchange object). */
function requestMessages(exchange: HttpExchange): readonly RpcSummary[] {
  let cached = requestCache.get(exchange);
  if (cached === undefined) {
    cached = summarise(exchange.requestBody);
    requestCache.set(exchange, cached);
  }
  return cached;
}

/** The messages in an exchange's JSON response body (cached per exchange object). */
function responseBodyMessages(exchange: HttpExchange): readonly RpcSummary[] {
  let cached = responseBodyCache.get(exchange);
  if (cached === undefined) {
    cached = summarise(exchange.responseBody);
    responseBodyCache.set(exchange, cached);
  }
  return cached;
}

/** The messages in one SSE event's data (cached per event object). */
function eventMessages(event: SseEventRecord): readonly RpcSummary[] {
  let cached = eventCache.get(event);
  if (cached === undefined) {
    cached = summarise(event.data);
    eventCache.set(event, cached);
  }
  return cached;
}

/** True when an exchange's request body carries at least one JSON-RPC message. */
export function carriesRpcRequest(exchange: HttpExchange): boolean {
  return requestMessages(exchange).length > 0;
}

/** True when two JSON-RPC ids are the same value of the same type (1 and "1" differ). */
function sameId(a: string | number | undefined, b: string | number | undefined): boolean {
  return a !== undefined && b !== undefined && typeof a === typeof b && a === b;
}

/** True when a summarised message on the wire is the recorded message. */
function matches(summary: RpcSummary, message: RpcMessageRecord): boolean {
  switch (message.kind) {
    case 'request':
      return (
        summary.kind === 'request' && sameId(summary.rpcId, message.rpcId) && (message.method === '' || summary.method === message.method)
      );
    case 'notification':
      return summary.kind === 'notification' && summary.method === message.method;
    case 'response':
    case 'error':
      // The two are told apart differently by different recorders, so either counts.
      return (summary.kind === 'response' || summary.kind === 'error') && sameId(summary.rpcId, message.rpcId);
    default: {
      const unknownKind: never = message.kind;
      throw new Error(`Unknown JSON-RPC kind: ${String(unknownKind)}`);
    }
  }
}

/** Index of the last exchange that started at or before `time`, or -1 (binary search on start order). */
function lastStartedAtOrBefore(exchanges: readonly HttpExchange[], time: number): number {
  let low = 0;
  let high = exchanges.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const exchange = exchanges[middle];
    if (exchange !== undefined && exchange.startedAt <= time) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}

/** The exchange with this id: ids grow with the array, so binary search, then a backwards scan as a fallback. */
function exchangeById(exchanges: readonly HttpExchange[], id: number): HttpExchange | undefined {
  let low = 0;
  let high = exchanges.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const exchange = exchanges[middle];
    if (exchange === undefined) break;
    if (exchange.id === id) return exchange;
    if (exchange.id < id) low = middle + 1;
    else high = middle - 1;
  }
  for (let index = exchanges.length - 1; index >= 0; index--) {
    if (exchanges[index]?.id === id) return exchanges[index];
  }
  return undefined;
}

/** True when the exchange is on the MCP wire to the message's server. */
function sameServer(exchange: HttpExchange, message: RpcMessageRecord): boolean {
  return exchange.wire === 'mcp' && exchange.source === message.server;
}

/** A client message: the exchange whose request body carries it, starting nearest at/after the message. */
function findOutgoing(exchanges: readonly HttpExchange[], message: RpcMessageRecord, windows: LinkWindows): HttpExchange | undefined {
  const earliest = message.at - windows.slackMs;
  let best: HttpExchange | undefined;
  for (let index = lastStartedAtOrBefore(exchanges, message.at + windows.sendWindowMs); index >= 0; index--) {
    const exchange = exchanges[index];
    if (exchange === undefined) continue;
    if (exchange.startedAt < earliest) break;
    if (!sameServer(exchange, message)) continue;
    // Walking backwards, a later match started earlier: nearer to the message.
    if (requestMessages(exchange).some((summary) => matches(summary, message))) best = exchange;
  }
  return best;
}

/** When an exchange delivered a matching message to the client, or undefined when it did not. */
function deliveryTime(exchange: HttpExchange, message: RpcMessageRecord): number | undefined {
  if (exchange.sseEvents !== undefined) {
    let best: number | undefined;
    for (const event of exchange.sseEvents) {
      if (!eventMessages(event).some((summary) => matches(summary, message))) continue;
      const time = exchange.startedAt + event.atMs;
      if (best === undefined || Math.abs(time - message.at) < Math.abs(best - message.at)) best = time;
    }
    return best;
  }
  if (!responseBodyMessages(exchange).some((summary) => matches(summary, message))) return undefined;
  return exchange.startedAt + (exchange.durationMs ?? exchange.headersMs ?? 0);
}

/** A server message: the exchange whose response (JSON body or SSE event) carries it, delivered nearest in time. */
function findIncoming(exchanges: readonly HttpExchange[], message: RpcMessageRecord, windows: LinkWindows): HttpExchange | undefined {
  const isPairedResponse = (message.kind === 'response' || message.kind === 'error') && message.latencyMs !== undefined;
  const earliest = isPairedResponse ? message.at - (message.latencyMs ?? 0) - windows.slackMs : message.at - windows.streamWindowMs;
  let best: HttpExchange | undefined;
  let bestGap = Number.POSITIVE_INFINITY;
  for (let index = lastStartedAtOrBefore(exchanges, message.at + windows.slackMs); index >= 0; index--) {
    const exchange = exchanges[index];
    if (exchange === undefined) continue;
    if (exchange.startedAt < earliest) break;
    if (!sameServer(exchange, message)) continue;
    // Cheap filter before any parsing: an exchange that ended well before the message arrived did not carry it.
    if (exchange.durationMs !== undefined && exchange.startedAt + exchange.durationMs < message.at - windows.deliveryGapMs) continue;
    const time = deliveryTime(exchange, message);
    if (time === undefined) continue;
    const gap = Math.abs(time - message.at);
    if (gap <= windows.deliveryGapMs && gap < bestGap) {
      best = exchange;
      bestGap = gap;
    }
  }
  return best;
}

/**
 * The HTTP exchange that carried a JSON-RPC message, or undefined when none in the
 * searched window did (see the module comment for the windows). `exchanges` must be in
 * the log's order (start order). A message that names its `exchangeId` gets that exchange.
 */
export function findExchangeForMessage(
  exchanges: readonly HttpExchange[],
  message: RpcMessageRecord,
  windows: Partial<LinkWindows> = {},
): HttpExchange | undefined {
  if (message.exchangeId !== undefined) {
    const named = exchangeById(exchanges, message.exchangeId);
    if (named !== undefined) return named;
  }
  const resolved: LinkWindows = { ...DEFAULT_LINK_WINDOWS, ...windows };
  return message.direction === 'out' ? findOutgoing(exchanges, message, resolved) : findIncoming(exchanges, message, resolved);
}
