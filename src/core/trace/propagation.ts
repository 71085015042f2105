/**
 * Propagating the trace (opt in): while a turn runs, each MCP request carries the W3C
 * `traceparent` in `params._meta` (as the MCP semantic conventions say trace context travels), so a
 * server's own spans join the turn's trace. The trace id is the turn's (derived from its recorded
 * number and start, as the span tree derives it); the parent id is a new span id for the request,
 * which the recording then holds, and the span tree reads it back as that MCP span's id.
 */
import { formatTraceparent, randomSpanId, turnTraceId } from './trace-ids';

/** The turn running now, if one is. */
export type ActiveTurn = () => { turn: number; startedAt: number } | undefined;

/** The `_meta` entries for the next MCP request: `traceparent` when propagation is on and a turn runs. */
export function traceContextMeta(
  enabled: () => boolean,
  activeTurn: ActiveTurn,
  random: () => number = Math.random,
): () => Record<string, unknown> | undefined {
  return () => {
    if (!enabled()) return undefined;
    const running = activeTurn();
    if (running === undefined) return undefined;
    return { traceparent: formatTraceparent(turnTraceId(running.turn, running.startedAt), randomSpanId(random)) };
  };
}
