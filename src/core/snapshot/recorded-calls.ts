/**
 * The tool calls recorded this session against one server, read from the traffic log (the one
 * recording): each `tools/call` request sent to it, with its arguments and the answer it got. Replay
 * on B sends each again through B's connection and compares the two answers (`compareResults`).
 */
import type { RpcMessageRecord } from '../traffic';
import { isPlainObject } from '../shared/json';

/** One recorded call: what was asked, and what came back (the result, or the JSON-RPC error). */
export interface RecordedToolCall {
  /** The request's sequence number in the log (a stable key). */
  seq: number;
  tool: string;
  arguments: Record<string, unknown>;
  /** Epoch ms the request was sent. */
  at: number;
  /** The answer: `{ result }` or `{ error }`; absent while none came back. */
  answer?: { result: unknown } | { error: unknown };
}

/** The `tools/call` requests sent to `server`, oldest first, each with its answer when the log paired one. */
export function recordedToolCalls(messages: readonly RpcMessageRecord[], server: string): RecordedToolCall[] {
  const bySeq = new Map<number, RpcMessageRecord>();
  for (const message of messages) if (message.server === server) bySeq.set(message.seq, message);
  const calls: RecordedToolCall[] = [];
  for (const message of bySeq.values()) {
    if (message.direction !== 'out' || message.kind !== 'request' || message.method !== 'tools/call') continue;
    const params = isPlainObject(message.message) ? message.message.params : undefined;
    if (!isPlainObject(params) || typeof params.name !== 'string') continue;
    const args = isPlainObject(params.arguments) ? params.arguments : {};
    const reply = message.pairedSeq === undefined ? undefined : bySeq.get(message.pairedSeq);
    const body = reply && isPlainObject(reply.message) ? reply.message : undefined;
    const answer = body === undefined ? undefined : 'error' in body ? { error: body.error } : { result: body.result };
    calls.push({ seq: message.seq, tool: params.name, arguments: args, at: message.at, ...(answer && { answer }) });
  }
  return calls;
}
