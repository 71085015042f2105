/**
 * JSON-RPC messages out of recorded HTTP exchanges: the request body (one message or
 * an array) and the response (JSON, or one message per Server-Sent Event). The MCP
 * side feeds the results to `TrafficLog.addMessage`. Bodies are already redacted, so
 * the parsed messages are too.
 */
import type { HttpExchange, RpcKind, RpcMessageRecord, SseEventRecord } from './types';

/**
 * A JSON-RPC message ready for `TrafficLog.addMessage`: `seq`, `pairedSeq` and
 * `latencyMs` are set by the log; `kind` is read from the message when omitted; the
 * `method` of a response is copied from its request when omitted or empty.
 */
export type NewRpcMessage = Omit<RpcMessageRecord, 'seq' | 'pairedSeq' | 'latencyMs' | 'kind' | 'method'> & {
  kind?: RpcKind;
  method?: string;
};

/** What one JSON-RPC value is: its kind, method (requests and notifications) and id. */
export interface RpcClassification {
  kind: RpcKind;
  method?: string;
  rpcId?: string | number;
}

/** A parsed JSON-RPC message with its classification. */
export interface ParsedRpcMessage extends RpcClassification {
  message: unknown;
}

/** Codes of the problems found while extracting messages. */
export type RpcExtractionWarningCode = 'invalid-json' | 'not-json-rpc';

/** A problem found while extracting messages; extraction goes on past it. */
export interface RpcExtractionWarning {
  code: RpcExtractionWarningCode;
  message: string;
}

/** Messages found in a text, plus what could not be read. */
export interface RpcParseResult {
  messages: ParsedRpcMessage[];
  warnings: RpcExtractionWarning[];
}

/** Messages found in an exchange, ready for `TrafficLog.addMessage`, plus what could not be read. */
export interface RpcExtraction {
  messages: NewRpcMessage[];
  warnings: RpcExtractionWarning[];
}

/** True for a valid JSON-RPC id (null is not one that pairs anything). */
function isRpcId(value: unknown): value is string | number {
  return typeof value === 'string' || typeof value === 'number';
}

/** Classifies one JSON-RPC value; undefined when it is not a JSON-RPC message. */
export function classifyRpcMessage(value: unknown): RpcClassification | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  const id = isRpcId(record['id']) ? record['id'] : undefined;
  if (typeof record['method'] === 'string') {
    const method = record['method'];
    return id === undefined ? { kind: 'notification', method } : { kind: 'request', method, rpcId: id };
  }
  if ('error' in record) return id === undefined ? { kind: 'error' } : { kind: 'error', rpcId: id };
  if ('result' in record) return id === undefined ? { kind: 'response' } : { kind: 'response', rpcId: id };
  return undefined;
}

/** Parses a JSON-RPC payload: one message or an array of them (a batch, from before 2025-06-18). */
export function parseRpcPayload(text: string): RpcParseResult {
  const warnings: RpcExtractionWarning[] = [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { messages: [], warnings: [{ code: 'invalid-json', message: `Not valid JSON: ${reason}` }] };
  }
  const values = Array.isArray(parsed) ? parsed : [parsed];
  const messages: ParsedRpcMessage[] = [];
  values.forEach((value: unknown, position) => {
    const classification = classifyRpcMessage(value);
    if (classification) {
      messages.push({ ...classification, message: value });
    } else {
      const where = Array.isArray(parsed) ? ` (item ${position})` : '';
      warnings.push({ code: 'not-json-rpc', message: `Not a JSON-RPC message${where}.` });
    }
  });
  return { messages, warnings };
}

/** True when a content type is JSON (application/json or any +json type). */
function isJsonContentType(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const essence = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return essence === 'application/json' || essence.endsWith('+json');
}

/** Turns parsed messages into records for the log. */
function toRecords(
  exchange: HttpExchange,
  parsed: RpcParseResult,
  direction: 'out' | 'in',
  at: number,
): RpcExtraction {
  const messages = parsed.messages.map((message): NewRpcMessage => {
    const record: NewRpcMessage = {
      server: exchange.source,
      direction,
      kind: message.kind,
      message: message.message,
      at,
      exchangeId: exchange.id,
    };
    if (message.method !== undefined) record.method = message.method;
    if (message.rpcId !== undefined) record.rpcId = message.rpcId;
    if (exchange.toolCallId !== undefined) record.toolCallId = exchange.toolCallId;
    return record;
  });
  return { messages, warnings: parsed.warnings };
}

/** The messages the client sent in an exchange's request body (none for a GET or DELETE). */
export function rpcMessagesFromRequest(exchange: HttpExchange): RpcExtraction {
  if (exchange.requestBody === undefined || exchange.requestBody.trim() === '') return { messages: [], warnings: [] };
  return toRecords(exchange, parseRpcPayload(exchange.requestBody), 'out', exchange.startedAt);
}

/**
 * The messages one Server-Sent Event carried. An event with empty data (a 2025-era
 * server's priming event, there only to give the client an id to resume from) carries none.
 */
export function rpcMessagesFromSseEvent(exchange: HttpExchange, event: SseEventRecord): RpcExtraction {
  if (event.data.trim() === '') return { messages: [], warnings: [] };
  return toRecords(exchange, parseRpcPayload(event.data), 'in', exchange.startedAt + event.atMs);
}

/**
 * The messages in a JSON response body. Bodies that are not JSON (a 202 with no body,
 * a plain-text 400) carry none and raise no warning.
 */
export function rpcMessagesFromResponseBody(exchange: HttpExchange): RpcExtraction {
  const body = exchange.responseBody;
  if (body === undefined || body.trim() === '' || !isJsonContentType(exchange.responseContentType)) {
    return { messages: [], warnings: [] };
  }
  const at = exchange.startedAt + (exchange.durationMs ?? exchange.headersMs ?? 0);
  return toRecords(exchange, parseRpcPayload(body), 'in', at);
}

/**
 * Every JSON-RPC message in a recorded exchange, in wire order: the request body's,
 * then the response's (each SSE event's, or the JSON body's).
 */
export function extractRpcMessages(exchange: HttpExchange): RpcExtraction {
  const parts: RpcExtraction[] = [rpcMessagesFromRequest(exchange)];
  if (exchange.sseEvents !== undefined) {
    for (const event of exchange.sseEvents) parts.push(rpcMessagesFromSseEvent(exchange, event));
  } else {
    parts.push(rpcMessagesFromResponseBody(exchange));
  }
  return {
    messages: parts.flatMap((part) => part.messages),
    warnings: parts.flatMap((part) => part.warnings),
  };
}

/** A one-word label for a kind: Request, Notification, Response, Error. */
export function rpcKindLabel(kind: RpcKind): string {
  switch (kind) {
    case 'request':
      return 'Request';
    case 'notification':
      return 'Notification';
    case 'response':
      return 'Response';
    case 'error':
      return 'Error';
    default: {
      const unknownKind: never = kind;
      return String(unknownKind);
    }
  }
}

/** One sentence saying what a kind of JSON-RPC message is. */
export function describeRpcKind(kind: RpcKind): string {
  switch (kind) {
    case 'request':
      return 'A request: it carries an id and expects exactly one response with the same id.';
    case 'notification':
      return 'A notification: it has no id, because nobody answers it.';
    case 'response':
      return 'A response: its id is the id of the request it answers, and it carries a result.';
    case 'error':
      return 'An error response: its id is the id of the failed request, and it carries an error code and message instead of a result.';
    default: {
      const unknownKind: never = kind;
      return String(unknownKind);
    }
  }
}
