/**
 * JSON-RPC messages: what kind one is, how to parse a payload (one message or a batch), and
 * how to name a kind for a person.
 */
import type { RpcKind, RpcMessageRecord } from './types';

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
interface ParsedRpcMessage extends RpcClassification {
  message: unknown;
}

/** Codes of the problems found while extracting messages. */
type RpcExtractionWarningCode = 'invalid-json' | 'not-json-rpc';

/** A problem found while extracting messages; extraction goes on past it. */
interface RpcExtractionWarning {
  code: RpcExtractionWarningCode;
  message: string;
}

/** Messages found in a text, plus what could not be read. */
export interface RpcParseResult {
  messages: ParsedRpcMessage[];
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
