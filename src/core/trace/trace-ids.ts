/**
 * The ids of a trace, W3C trace context (`traceparent`). A turn's trace id and its turn and model
 * span ids are derived from what the recording holds (the turn's number and recorded start), so the
 * trace sent as a turn ends, a later export and the `traceparent` propagated while the turn ran all
 * name the same spans. An MCP request's span id is drawn at random when it is propagated (it is then
 * in the recorded bytes, where the trace reads it back), and derived otherwise.
 */
import { fnv1a32Hex } from '../shared/hash';

/** 32 lowercase hex digits, not all zero. */
export type TraceId = string;
/** 16 lowercase hex digits, not all zero. */
export type SpanId = string;

/** `count` × 8 hex digits hashed from `seed`, never all zero. */
function derivedHex(seed: string, count: number): string {
  let hex = '';
  for (let index = 0; index < count; index += 1) hex += fnv1a32Hex(`${index}:${seed}`);
  return /^0+$/.test(hex) ? `1${hex.slice(1)}` : hex;
}

/** The trace id of turn `turn`, which started at `startedAt` (epoch ms, as recorded). */
export function turnTraceId(turn: number, startedAt: number): TraceId {
  return derivedHex(`glassbox-turn:${turn}:${startedAt}`, 4);
}

/** A span id derived from its trace and a label unique within it (`turn`, `model:<exchange id>`, `mcp:<seq>`). */
export function derivedSpanId(traceId: TraceId, label: string): SpanId {
  return derivedHex(`${traceId}:${label}`, 2);
}

/** A random span id (for a request propagated before it is recorded). */
export function randomSpanId(random: () => number = Math.random): SpanId {
  let hex = '';
  while (hex.length < 16)
    hex += Math.floor(random() * 0x100000000)
      .toString(16)
      .padStart(8, '0');
  return /^0+$/.test(hex) ? `1${hex.slice(1)}` : hex;
}

/** The W3C `traceparent` value naming `spanId` of `traceId` as the parent, sampled. */
export function formatTraceparent(traceId: TraceId, spanId: SpanId): string {
  return `00-${traceId}-${spanId}-01`;
}

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/** The ids of a `traceparent` value, or undefined when it is not a valid one. */
export function parseTraceparent(value: unknown): { traceId: TraceId; spanId: SpanId } | undefined {
  if (typeof value !== 'string') return undefined;
  const match = TRACEPARENT.exec(value.trim());
  if (!match || match[1] === 'ff' || /^0+$/.test(match[2]!) || /^0+$/.test(match[3]!)) return undefined;
  return { traceId: match[2]!, spanId: match[3]! };
}
