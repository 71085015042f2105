/**
 * HAR 1.2 export of recorded exchanges, loadable in Chrome DevTools (Network panel →
 * Import HAR) and other HAR viewers. Values are the recorded ones, so already redacted.
 *
 * What fetch cannot see is written as "unknown" the way HAR allows: `headersSize: -1`,
 * `blocked`/`dns`/`connect`/`ssl: -1`, and `httpVersion: ""` (fetch does not expose the
 * protocol). Glassbox's own fields start with `_`, as HAR requires for custom fields.
 */
import { requestBodyOf } from './shared-body';
import type { HttpExchange, RpcMessageRecord, SseEventRecord } from './types';

/** A HAR name/value pair (headers, query string). */
interface HarNameValue {
  name: string;
  value: string;
}

/** A HAR request. */
interface HarRequest {
  method: string;
  url: string;
  httpVersion: string;
  headers: HarNameValue[];
  queryString: HarNameValue[];
  cookies: HarNameValue[];
  headersSize: number;
  bodySize: number;
  postData?: { mimeType: string; text: string };
  _bodyNote?: string;
}

/** A HAR response. */
interface HarResponse {
  status: number;
  statusText: string;
  httpVersion: string;
  headers: HarNameValue[];
  cookies: HarNameValue[];
  content: { size: number; mimeType: string; text?: string; comment?: string };
  redirectURL: string;
  headersSize: number;
  bodySize: number;
  /** Chrome's field for a request that failed at the network level. */
  _error?: string;
}

/** HAR timings, in milliseconds; -1 where unknown. */
interface HarTimings {
  blocked: number;
  dns: number;
  connect: number;
  send: number;
  wait: number;
  receive: number;
  ssl: number;
}

/** One HAR entry: a request, its response, and Glassbox's own `_` fields. */
interface HarEntry {
  startedDateTime: string;
  time: number;
  request: HarRequest;
  response: HarResponse;
  cache: Record<string, never>;
  timings: HarTimings;
  /** Chrome DevTools shows it in the Type column. */
  _resourceType: 'fetch';
  _exchangeId: number;
  _wire: HttpExchange['wire'];
  _source: string;
  _state: HttpExchange['state'];
  _note?: string;
  _toolCallId?: string;
  _turn?: number;
  _step?: number;
  /** The JSON-RPC messages this exchange carried, in the order recorded. */
  _rpcMessages?: HarRpcMessage[];
}

/** A HAR document: `{ log: { version, creator, entries } }`. */
export interface HarLog {
  log: {
    version: '1.2';
    creator: { name: string; version: string };
    entries: HarEntry[];
  };
}

/** Options for `toHar`. */
export interface ToHarOptions {
  /** The app version written in `log.creator.version`. */
  creatorVersion: string;
  /** The app name written in `log.creator.name`. Default is "Glassbox". */
  creatorName?: string;
  /** The JSON-RPC messages recorded with the exchanges: each entry lists those its exchange carried (`_rpcMessages`). */
  messages?: readonly RpcMessageRecord[];
}

/** A JSON-RPC message an entry carried, as linked at record time. */
interface HarRpcMessage {
  seq: number;
  direction: RpcMessageRecord['direction'];
  kind: RpcMessageRecord['kind'];
  method: string;
  rpcId?: string | number;
  /** The seq of the message it answers (or that answers it). */
  pairedSeq?: number;
  toolCallId?: string;
}

const encoder = new TextEncoder();

/** The size of a text in UTF-8 bytes. */
function byteLength(text: string): number {
  return encoder.encode(text).byteLength;
}

/** Converts a HeaderMap to HAR pairs. */
function toPairs(headers: Record<string, string> | undefined): HarNameValue[] {
  return Object.entries(headers ?? {}).map(([name, value]) => ({ name, value }));
}

/** The query string of a URL as HAR pairs (decoded, as HAR viewers show them). */
function queryPairs(url: string): HarNameValue[] {
  const withoutHash = url.split('#')[0] ?? '';
  const queryAt = withoutHash.indexOf('?');
  if (queryAt === -1) return [];
  const pairs: HarNameValue[] = [];
  for (const part of withoutHash.slice(queryAt + 1).split('&')) {
    if (part === '') continue;
    const equalsAt = part.indexOf('=');
    const name = equalsAt === -1 ? part : part.slice(0, equalsAt);
    const value = equalsAt === -1 ? '' : part.slice(equalsAt + 1);
    pairs.push({ name: decode(name), value: decode(value) });
  }
  return pairs;
}

/** Decodes a query component; a malformed one is kept as written. */
function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** Rebuilds the text of an event stream from its recorded events (`event:`, `id:`, `retry:`, `data:` lines). */
export function sseEventsToText(events: readonly SseEventRecord[]): string {
  return events
    .map((event) => {
      const lines: string[] = [];
      if (event.event !== undefined) lines.push(`event: ${event.event}`);
      if (event.id !== undefined) lines.push(`id: ${event.id}`);
      if (event.retry !== undefined) lines.push(`retry: ${event.retry}`);
      for (const line of event.data.split('\n')) lines.push(`data: ${line}`);
      return `${lines.join('\n')}\n\n`;
    })
    .join('');
}

/** A non-negative finite number, or 0. */
function nonNegative(value: number | undefined): number {
  return value !== undefined && Number.isFinite(value) && value > 0 ? value : 0;
}

/** Converts one exchange to a HAR entry. */
function toEntry(exchange: HttpExchange): HarEntry {
  const requestContentType = exchange.requestHeaders['content-type'] ?? '';
  const requestBody = requestBodyOf(exchange);
  const request: HarRequest = {
    method: exchange.method,
    url: exchange.url,
    httpVersion: '',
    headers: toPairs(exchange.requestHeaders),
    queryString: queryPairs(exchange.url),
    cookies: [],
    headersSize: -1,
    bodySize: requestBody !== undefined ? byteLength(requestBody) : exchange.requestBodyNote ? -1 : 0,
  };
  if (requestBody !== undefined) request.postData = { mimeType: requestContentType, text: requestBody };
  if (exchange.requestBodyNote !== undefined) request._bodyNote = exchange.requestBodyNote;

  const bodyText = exchange.sseEvents !== undefined ? sseEventsToText(exchange.sseEvents) : exchange.responseBody;
  const content: HarResponse['content'] = {
    size: bodyText !== undefined ? byteLength(bodyText) : 0,
    mimeType: exchange.responseContentType ?? '',
  };
  if (bodyText !== undefined) content.text = bodyText;
  if (exchange.responseBodyNote !== undefined) content.comment = exchange.responseBodyNote;
  const response: HarResponse = {
    status: exchange.status ?? 0,
    statusText: exchange.statusText ?? '',
    httpVersion: '',
    headers: toPairs(exchange.responseHeaders),
    cookies: [],
    content,
    redirectURL: exchange.responseHeaders?.['location'] ?? '',
    headersSize: -1,
    bodySize: bodyText !== undefined ? content.size : -1,
  };
  if (exchange.error !== undefined) response._error = exchange.error;

  const total = nonNegative(exchange.durationMs ?? exchange.headersMs);
  const wait = Math.min(nonNegative(exchange.headersMs ?? exchange.durationMs), total);
  const entry: HarEntry = {
    startedDateTime: new Date(exchange.startedAt).toISOString(),
    time: total,
    request,
    response,
    cache: {},
    timings: { blocked: -1, dns: -1, connect: -1, ssl: -1, send: 0, wait, receive: total - wait },
    _resourceType: 'fetch',
    _exchangeId: exchange.id,
    _wire: exchange.wire,
    _source: exchange.source,
    _state: exchange.state,
  };
  if (exchange.note !== undefined) entry._note = exchange.note;
  if (exchange.toolCallId !== undefined) entry._toolCallId = exchange.toolCallId;
  if (exchange.turn !== undefined) entry._turn = exchange.turn;
  if (exchange.step !== undefined) entry._step = exchange.step;
  return entry;
}

/** Converts recorded exchanges to a HAR 1.2 document, oldest first. */
export function toHar(exchanges: readonly HttpExchange[], options: ToHarOptions): HarLog {
  const carried = new Map<number, HarRpcMessage[]>();
  for (const message of options.messages ?? []) {
    if (message.exchangeId === undefined) continue;
    const link: HarRpcMessage = { seq: message.seq, direction: message.direction, kind: message.kind, method: message.method };
    if (message.rpcId !== undefined) link.rpcId = message.rpcId;
    if (message.pairedSeq !== undefined) link.pairedSeq = message.pairedSeq;
    if (message.toolCallId !== undefined) link.toolCallId = message.toolCallId;
    const list = carried.get(message.exchangeId);
    if (list) list.push(link);
    else carried.set(message.exchangeId, [link]);
  }
  const entries = [...exchanges]
    .sort((a, b) => a.startedAt - b.startedAt || a.id - b.id)
    .map((exchange) => {
      const entry = toEntry(exchange);
      const messages = carried.get(exchange.id);
      if (messages) entry._rpcMessages = messages;
      return entry;
    });
  return {
    log: {
      version: '1.2',
      creator: { name: options.creatorName ?? 'Glassbox', version: options.creatorVersion },
      entries,
    },
  };
}
