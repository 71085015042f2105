/**
 * Totals of a turn's timeline for display: wall time, time waiting for the model, time in
 * tools (overlapping parallel calls counted once), and how many requests and calls there were.
 */
import type { TimelineSpan, TurnTimeline } from './session-types';

/** What a turn's time went to, in milliseconds. */
export interface TimelineTotals {
  /** Turn start → turn end (or `now` while it runs). */
  totalMs: number;
  /** Time with at least one model request open. */
  modelMs: number;
  /** Time with at least one tool call running (parallel calls overlap). */
  toolMs: number;
  /** The sum of every tool call's own duration (more than toolMs when calls overlap). */
  toolCallMs: number;
  modelRequests: number;
  toolCalls: number;
}

/** Sums a turn's spans; open spans count up to `now`. */
export function summarizeTimeline(timeline: TurnTimeline, now: number): TimelineTotals {
  const end = (span: TimelineSpan): number => span.end ?? now;
  const model = timeline.spans.filter((span) => span.kind === 'model');
  const tools = timeline.spans.filter((span) => span.kind === 'tool');
  return {
    totalMs: Math.max(0, (timeline.endedAt ?? now) - timeline.startedAt),
    modelMs: unionLength(model.map((span) => [span.start, end(span)] as const)),
    toolMs: unionLength(tools.map((span) => [span.start, end(span)] as const)),
    toolCallMs: tools.reduce((sum, span) => sum + Math.max(0, end(span) - span.start), 0),
    modelRequests: model.length,
    toolCalls: tools.length,
  };
}

/** Total length covered by a set of closed intervals `[start, end]`, counting overlaps once; empty or reversed intervals count for nothing. */
export function unionLength(intervals: ReadonlyArray<readonly [number, number]>): number {
  const sorted = intervals.filter(([start, end]) => end > start).sort((a, b) => a[0] - b[0]);
  let total = 0;
  let currentStart = Number.NaN;
  let currentEnd = Number.NaN;
  for (const [start, end] of sorted) {
    if (Number.isNaN(currentEnd) || start > currentEnd) {
      if (!Number.isNaN(currentEnd)) total += currentEnd - currentStart;
      currentStart = start;
      currentEnd = end;
    } else if (end > currentEnd) {
      currentEnd = end;
    }
  }
  if (!Number.isNaN(currentEnd)) total += currentEnd - currentStart;
  return total;
}
