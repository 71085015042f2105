/**
 * Which recorded tool result answers a replayed tool call. A replay re-asks the model with the
 * same conversation; when the model calls a tool, the answer comes from the original turn, never
 * from the server again. A recorded result is reused only for the very same call — the same tool
 * name and deep-equal arguments — since a result of other arguments would be a lie the model
 * cannot detect. Pure: no I/O, no clock.
 */
import type { ModelToolResult } from '../conversation';
import { toolFailureResult } from '../tools';
import { jsonEqual } from '../shared/json';
import type { ChatItem } from './session-types';

/** One tool call of the original turn that really ran, with what its model was given. */
export interface RecordedCall {
  /** The original tool call id. */
  id: string;
  /** The public tool name the model used. */
  name: string;
  args: unknown;
  /** Exactly what the original model received as the result. */
  result: ModelToolResult;
}

/** How a replayed call was matched: the recorded call that answers it, or none (a mismatch). */
export type ReplayMatch = { kind: 'recorded'; recorded: RecordedCall } | { kind: 'mismatch'; detail: string };

/** The calls of `turn` that reached their tool and came back with a result (denied or failed-before-running calls are not recordings). */
export function recordedCallsOf(items: readonly ChatItem[], turn: number): RecordedCall[] {
  const calls: RecordedCall[] = [];
  for (const item of items) {
    if (item.kind !== 'tool-call' || item.turn !== turn) continue;
    if (item.mcpResult === undefined || item.modelResult === undefined) continue;
    calls.push({ id: item.id, name: item.publicName, args: item.args, result: item.modelResult });
  }
  return calls;
}

/**
 * The recorded call answering `name(args)`: the first one with that name and deep-equal
 * arguments (object key order does not matter). Repeating a recorded call matches it again:
 * the same call has the same recorded answer.
 */
export function matchRecordedCall(recorded: readonly RecordedCall[], name: string, args: unknown): ReplayMatch {
  const hit = recorded.find((call) => call.name === name && jsonEqual(call.args, args));
  if (hit !== undefined) return { kind: 'recorded', recorded: hit };
  const sameName = recorded.filter((call) => call.name === name);
  const detail =
    sameName.length > 0
      ? `The original turn called ${name} only with other arguments: ${sameName.map((call) => JSON.stringify(call.args)).join('; ')}.`
      : recorded.length > 0
        ? `The original turn never called ${name}; it called ${[...new Set(recorded.map((call) => call.name))].join(', ')}.`
        : `The original turn called no tools.`;
  return { kind: 'mismatch', detail };
}

/** The error result a mismatched call gets: the model is told plainly that the call was not recorded and not run. */
export function notRecordedResult(detail: string): ModelToolResult {
  return toolFailureResult('not-recorded', detail);
}
