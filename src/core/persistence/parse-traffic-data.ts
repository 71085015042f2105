/**
 * Traffic records from storage or from a session file are untrusted: this is their one
 * boundary. Each record is checked field by field; a record missing what the panels need is
 * dropped, a bad optional field is removed, and every problem is listed. Exchanges that were
 * still under way when they were saved are marked aborted, since nothing can finish them.
 */
import type { ExchangeState, HeaderMap, HttpExchange, RpcKind, RpcMessageRecord, SseEventRecord } from '../traffic/types';
import { isCount, isPlainObject } from '../shared/json';
import { collectPieces, resolveSharedBody } from './stored-bodies';

/** The outcome: usable records (possibly none) and what was wrong. */
export interface ParsedTrafficData {
  data: { exchanges: HttpExchange[]; messages: RpcMessageRecord[] };
  problems: string[];
}

/** The note set on an exchange that was under way when the page went away. */
export const INTERRUPTED_NOTE = 'Interrupted: the page was closed or reloaded while this exchange was under way.';

const WIRES: ReadonlySet<string> = new Set(['mcp', 'model']);
const STATES: ReadonlySet<string> = new Set<ExchangeState>(['pending', 'streaming', 'done', 'failed', 'aborted']);
const KINDS: ReadonlySet<string> = new Set<RpcKind>(['request', 'notification', 'response', 'error']);
const EXCHANGE_STRINGS = [
  'requestBody',
  'requestBodyNote',
  'statusText',
  'responseContentType',
  'responseBody',
  'responseBodyNote',
  'error',
  'note',
  'toolCallId',
  'samplingFor',
  // An eval run's model requests: without it they would come back as requests of the conversation.
  'evalRun',
  // A server check's own probes: without it they would come back as the connection's requests.
  'checkRun',
] as const;
// forkOf and replayOf mark a model request as a branch: without them a fork or a replay would come back as a request of the conversation.
const EXCHANGE_NUMBERS = ['durationMs', 'headersMs', 'status', 'turn', 'step', 'forkOf', 'replayOf'] as const;
const MESSAGE_NUMBERS = ['exchangeId', 'pairedSeq', 'latencyMs'] as const;

/** Most problems listed one by one; the rest are counted. */
const MAX_LISTED = 20;

/** Parses `{ exchanges, messages }`; see the file comment. */
export function parseTrafficData(value: unknown, options: { settleInterrupted?: boolean } = {}): ParsedTrafficData {
  const problems = new ProblemList();
  if (!isPlainObject(value)) {
    return { data: { exchanges: [], messages: [] }, problems: ['The traffic log is not a JSON object; it was left empty.'] };
  }
  const exchanges: HttpExchange[] = [];
  const seenIds = new Set<number>();
  const rawExchanges = listOf(value['exchanges'], 'exchanges', problems);
  const pieces = collectPieces(rawExchanges);
  rawExchanges.forEach((raw, index) => {
    const exchange = parseExchange(raw, problems, index);
    if (!exchange) return;
    if (isPlainObject(raw) && raw['sharedBody'] !== undefined) {
      const body = resolveSharedBody(raw['sharedBody'], pieces);
      if ('parts' in body) exchange.requestBodyParts = body.parts;
      else {
        problems.add(`HTTP exchange ${index + 1}: ${body.problem}; the body was not restored.`);
        exchange.requestBodyNote ??= 'The request body could not be restored: a part of it was missing.';
      }
    }
    if (seenIds.has(exchange.id)) return problems.add(`HTTP exchange ${index + 1} repeats id ${exchange.id}; it was skipped.`);
    seenIds.add(exchange.id);
    exchanges.push(options.settleInterrupted ? settleInterruptedExchange(exchange) : exchange);
  });
  const messages: RpcMessageRecord[] = [];
  const seenSeqs = new Set<number>();
  listOf(value['messages'], 'messages', problems).forEach((raw, index) => {
    const message = parseMessage(raw, problems, index);
    if (!message) return;
    if (seenSeqs.has(message.seq))
      return problems.add(`JSON-RPC message ${index + 1} repeats sequence number ${message.seq}; it was skipped.`);
    seenSeqs.add(message.seq);
    messages.push(message);
  });
  return { data: { exchanges, messages }, problems: problems.list() };
}

/** An exchange left pending or streaming becomes aborted, with a note saying why; others are returned as they are. */
export function settleInterruptedExchange(exchange: HttpExchange): HttpExchange {
  if (exchange.state !== 'pending' && exchange.state !== 'streaming') return exchange;
  return { ...exchange, state: 'aborted', note: exchange.note ?? INTERRUPTED_NOTE };
}

function parseExchange(raw: unknown, problems: ProblemList, index: number): HttpExchange | undefined {
  const where = `HTTP exchange ${index + 1}`;
  if (!isPlainObject(raw)) return void problems.add(`${where} is not an object; it was skipped.`);
  const { id, wire, source, method, url, startedAt, state } = raw;
  if (
    !isCount(id) ||
    typeof wire !== 'string' ||
    !WIRES.has(wire) ||
    typeof source !== 'string' ||
    typeof method !== 'string' ||
    typeof url !== 'string' ||
    !isNumber(startedAt) ||
    typeof state !== 'string' ||
    !STATES.has(state)
  ) {
    return void problems.add(`${where} lacks its id, wire, source, method, URL, start time or state; it was skipped.`);
  }
  const exchange: HttpExchange = {
    id,
    wire: wire as HttpExchange['wire'],
    source,
    method,
    url,
    startedAt,
    state: state as ExchangeState,
    requestHeaders: headerMap(raw['requestHeaders'], `${where}: request headers`, problems) ?? {},
  };
  for (const key of EXCHANGE_STRINGS) {
    const field = raw[key];
    if (typeof field === 'string') exchange[key] = field;
    else if (field !== undefined) problems.add(`${where}: "${key}" is not text; it was removed.`);
  }
  for (const key of EXCHANGE_NUMBERS) {
    const field = raw[key];
    if (isNumber(field)) exchange[key] = field;
    else if (field !== undefined) problems.add(`${where}: "${key}" is not a number; it was removed.`);
  }
  if (raw['responseHeaders'] !== undefined) {
    const headers = headerMap(raw['responseHeaders'], `${where}: response headers`, problems);
    if (headers) exchange.responseHeaders = headers;
  }
  if (raw['sseEvents'] !== undefined) {
    if (Array.isArray(raw['sseEvents'])) {
      const events = raw['sseEvents'].filter(isSseEvent);
      if (events.length < raw['sseEvents'].length)
        problems.add(`${where}: ${raw['sseEvents'].length - events.length} stream event(s) were not understood and were skipped.`);
      exchange.sseEvents = events.map(copySseEvent);
    } else {
      problems.add(`${where}: "sseEvents" is not a list; it was removed.`);
    }
  }
  return exchange;
}

function parseMessage(raw: unknown, problems: ProblemList, index: number): RpcMessageRecord | undefined {
  const where = `JSON-RPC message ${index + 1}`;
  if (!isPlainObject(raw)) return void problems.add(`${where} is not an object; it was skipped.`);
  const { seq, server, direction, kind, method, at } = raw;
  if (
    !isCount(seq) ||
    typeof server !== 'string' ||
    (direction !== 'in' && direction !== 'out') ||
    typeof kind !== 'string' ||
    !KINDS.has(kind) ||
    typeof method !== 'string' ||
    !isNumber(at) ||
    !('message' in raw)
  ) {
    return void problems.add(`${where} lacks its sequence number, server, direction, kind, method, time or message; it was skipped.`);
  }
  const message: RpcMessageRecord = { seq, server, direction, kind: kind as RpcKind, method, message: raw['message'], at };
  const rpcId = raw['rpcId'];
  if (typeof rpcId === 'string' || isNumber(rpcId)) message.rpcId = rpcId;
  else if (rpcId !== undefined) problems.add(`${where}: "rpcId" is neither text nor a number; it was removed.`);
  for (const key of MESSAGE_NUMBERS) {
    const field = raw[key];
    if (isNumber(field)) message[key] = field;
    else if (field !== undefined) problems.add(`${where}: "${key}" is not a number; it was removed.`);
  }
  if (typeof raw['toolCallId'] === 'string') message.toolCallId = raw['toolCallId'];
  else if (raw['toolCallId'] !== undefined) problems.add(`${where}: "toolCallId" is not text; it was removed.`);
  // A 2026 input_required round stays marked as a retry of its first request.
  const roundOf = raw['roundOf'];
  if (typeof roundOf === 'string' || isNumber(roundOf)) message.roundOf = roundOf;
  else if (roundOf !== undefined) problems.add(`${where}: "roundOf" is neither text nor a number; it was removed.`);
  if (typeof raw['requestState'] === 'string') message.requestState = raw['requestState'];
  else if (raw['requestState'] !== undefined) problems.add(`${where}: "requestState" is not text; it was removed.`);
  return message;
}

function headerMap(value: unknown, where: string, problems: ProblemList): HeaderMap | undefined {
  if (!isPlainObject(value)) {
    if (value !== undefined) problems.add(`${where} are not an object; they were removed.`);
    return undefined;
  }
  const headers: HeaderMap = {};
  for (const [name, text] of Object.entries(value)) {
    if (typeof text === 'string') headers[name] = text;
    else problems.add(`${where}: the value of "${name}" is not text; it was removed.`);
  }
  return headers;
}

function isSseEvent(value: unknown): value is SseEventRecord {
  return isPlainObject(value) && isNumber(value['atMs']) && typeof value['data'] === 'string';
}

function copySseEvent(event: SseEventRecord): SseEventRecord {
  const copy: SseEventRecord = { atMs: event.atMs, data: event.data };
  if (typeof event.event === 'string') copy.event = event.event;
  if (typeof event.id === 'string') copy.id = event.id;
  if (isNumber(event.retry)) copy.retry = event.retry;
  return copy;
}

function listOf(value: unknown, name: string, problems: ProblemList): unknown[] {
  if (Array.isArray(value)) return value;
  if (value !== undefined) problems.add(`"${name}" is not a list; it was left empty.`);
  return [];
}

function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** Problems with a cap, so 100,000 bad records make a readable list. */
class ProblemList {
  private readonly items: string[] = [];
  private more = 0;

  add(problem: string): void {
    if (this.items.length < MAX_LISTED) this.items.push(problem);
    else this.more += 1;
  }

  list(): string[] {
    return this.more > 0 ? [...this.items, `… and ${this.more} more problem(s) with the traffic log.`] : this.items;
  }
}
