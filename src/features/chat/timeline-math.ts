/**
 * Pure arithmetic behind the turn timeline: how long the model and the tools took in one
 * turn, and where each span's bar sits on a 0–100 % track.
 */
import { unionLength, type TimelineSpan, type TurnTimeline } from '../../core/agent';
import { formatMs } from './format-ms';

/** One bar of the timeline, positioned relative to the turn. */
interface TimelineBar {
  kind: TimelineSpan['kind'];
  /** Shown on hover: the span's label and duration. */
  label: string;
  /** Offset from the turn's start, as a percentage of the turn's length. */
  leftPct: number;
  /** Length as a percentage of the turn's length. */
  widthPct: number;
  /** Offset from the turn's start in milliseconds: fixed once the span starts, unlike `leftPct`, which shrinks as the turn goes on. */
  startMs: number;
  /** Row of the bar: model spans sit on lane 0, overlapping tool spans stack on lanes 1, 2, … */
  lane: number;
  durationMs: number;
  /** True while the span has not ended (its end is taken as `now`). */
  open: boolean;
  step: number;
  toolCallId?: string;
}

/** What the timeline shows for one turn. */
export interface TimelineSummary {
  /** Wall time during which a model request was in flight (union of model spans). */
  modelMs: number;
  /** Wall time during which at least one tool ran (union of tool spans: parallel calls count once). */
  toolMs: number;
  /** The turn's length, from its start to its end (or `now` while it runs). */
  totalMs: number;
  /** How many model requests the turn made. */
  requests: number;
  /** How many lanes the bars use (1 + the most tool spans running at once). */
  lanes: number;
  bars: TimelineBar[];
}

/** A closed interval in epoch milliseconds. */
type Interval = readonly [start: number, end: number];

/** Clamp a percentage to 0–100. */
function clampPct(value: number): number {
  return Math.min(100, Math.max(0, value));
}

/**
 * Summarise one turn. `now` stands in for the end of anything still running
 * (the turn itself or an open span). Default is `Date.now()`.
 */
export function summarizeTimeline(timeline: TurnTimeline, now: number = Date.now()): TimelineSummary {
  const start = timeline.startedAt;
  const spans = timeline.spans.map((span) => ({ span, end: Math.max(span.start, span.end ?? now) }));
  const lastSpanEnd = spans.reduce((max, { end }) => Math.max(max, end), start);
  const turnEnd = Math.max(timeline.endedAt ?? now, lastSpanEnd);
  const totalMs = Math.max(0, turnEnd - start);

  const intervalsOf = (kind: TimelineSpan['kind']): Interval[] =>
    spans.filter(({ span }) => span.kind === kind).map(({ span, end }) => [span.start, end] as const);
  const modelMs = unionLength(intervalsOf('model'));
  const toolMs = unionLength(intervalsOf('tool'));
  const requests = timeline.spans.filter((span) => span.kind === 'model').length;

  // Lanes: tool spans that overlap go on separate rows, greedily reusing the first free lane.
  const laneEnds: number[] = [];
  const laneOf = new Map<number, number>();
  spans
    .map((entry, index) => ({ ...entry, index }))
    .filter(({ span }) => span.kind === 'tool')
    .sort((a, b) => a.span.start - b.span.start)
    .forEach(({ span, end, index }) => {
      let lane = laneEnds.findIndex((laneEnd) => laneEnd <= span.start);
      if (lane === -1) {
        lane = laneEnds.length;
        laneEnds.push(end);
      } else {
        laneEnds[lane] = end;
      }
      laneOf.set(index, lane + 1);
    });

  const bars = spans.map(({ span, end }, index): TimelineBar => {
    const durationMs = end - span.start;
    const open = span.end === undefined;
    const bar: TimelineBar = {
      kind: span.kind,
      label: `${span.label} · ${formatMs(durationMs)}${open ? ' (running)' : ''}`,
      leftPct: totalMs > 0 ? clampPct(((span.start - start) / totalMs) * 100) : 0,
      widthPct: totalMs > 0 ? clampPct((durationMs / totalMs) * 100) : 0,
      startMs: Math.max(0, span.start - start),
      lane: span.kind === 'model' ? 0 : (laneOf.get(index) ?? 1),
      durationMs,
      open,
      step: span.step,
    };
    if (span.toolCallId !== undefined) bar.toolCallId = span.toolCallId;
    return bar;
  });

  return { modelMs, toolMs, totalMs, requests, lanes: 1 + laneEnds.length, bars };
}

/** The one-line summary under the bars: "model 820 ms · tools 140 ms · total 1.6 s · 3 requests". */
export function describeSummary(summary: Pick<TimelineSummary, 'modelMs' | 'toolMs' | 'totalMs' | 'requests'>): string {
  const requests = `${summary.requests} ${summary.requests === 1 ? 'request' : 'requests'}`;
  return `model ${formatMs(summary.modelMs)} · tools ${formatMs(summary.toolMs)} · total ${formatMs(summary.totalMs)} · ${requests}`;
}
