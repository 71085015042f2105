/**
 * Whether the bytes that came back answer a JSON-RPC request: the wire tap's check, run as each
 * answer ends, to catch the answers that will never come (a stream that ends or is cut without
 * the result, an event that is not JSON, a response to an id nobody sent) at once rather than
 * when the SDK's timeout fires.
 */
import { classifyRpcMessage } from './rpc-messages';

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

/** One payload (a JSON body, or one event's data), parsed once for the check and the record. */
export interface ParsedPayload {
  text: string;
  /** False when the text is not JSON. */
  json: boolean;
  value?: unknown;
}

/** Parses a payload once. */
export function parsePayload(text: string): ParsedPayload {
  try {
    return { text, json: true, value: JSON.parse(text) as unknown };
  } catch {
    return { text, json: false };
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
 * answer) or the data of each message event (event stream), as text or parsed. Returns undefined
 * when the answer is there, otherwise the most telling reason it is not.
 */
export function checkAnswer(
  payloads: readonly (string | ParsedPayload)[],
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
  for (const given of payloads) {
    const payload = typeof given === 'string' ? parsePayload(given) : given;
    if (options.eventStream && payload.text === '') continue;
    if (!payload.json) {
      notJson ??= payload.text;
      continue;
    }
    const value = payload.value;
    for (const message of Array.isArray(value) ? (value as unknown[]) : [value]) {
      if (!isRpcMessage(message)) {
        notRpc ??= payload.text;
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
    return options.eventStream
      ? { reason: 'malformed-sse', data: notJson }
      : { reason: 'not-json', text: notJson, contentType: options.contentType };
  }
  if (notRpc !== undefined) return { reason: 'not-json-rpc', text: notRpc };
  const failure: ResponseFailure = { reason: 'stream-closed', cut: options.cut === true, events: payloads.length };
  if (options.error !== undefined) failure.error = options.error;
  return failure;
}

/** The JSON-RPC requests (messages with a method and an id) a request body carries. */
export function requestsIn(payload: ParsedPayload): RequestRef[] {
  if (!payload.json || typeof payload.value !== 'object' || payload.value === null) return [];
  const found: RequestRef[] = [];
  for (const message of Array.isArray(payload.value) ? (payload.value as unknown[]) : [payload.value]) {
    const m = message as { method?: unknown; id?: unknown } | null;
    if (typeof m !== 'object' || m === null || typeof m.method !== 'string') continue;
    if (typeof m.id === 'string' || typeof m.id === 'number') found.push({ id: m.id, method: m.method });
  }
  return found;
}

/** How many JSON-RPC messages a payload carries. */
export function countMessages(payload: ParsedPayload): number {
  if (!payload.json) return 0;
  const values = Array.isArray(payload.value) ? (payload.value as unknown[]) : [payload.value];
  return values.filter((value) => classifyRpcMessage(value) !== undefined).length;
}
