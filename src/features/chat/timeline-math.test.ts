import { describe, expect, it } from 'vitest';
import type { TimelineSpan, TurnTimeline } from '../../core/agent';
import { describeSummary, drawnBar, summarizeTimeline, timelineScaleMs } from './timeline-math';
import type { DrawnBar } from './timeline-math';
import { formatMs } from './format-ms';

const T0 = 1_000_000;

/** A turn that started at T0 and ended `endedAfter` ms later (still running when undefined). */
function turnOf(turn: number, endedAfter: number | undefined, spans: TimelineSpan[]): TurnTimeline {
  return endedAfter === undefined ? { turn, startedAt: T0, spans } : { turn, startedAt: T0, endedAt: T0 + endedAfter, spans };
}

/** A span from `from` to `to` ms after T0 (open when `to` is undefined); a tool span may name its call. */
function span(
  kind: TimelineSpan['kind'],
  label: string,
  from: number,
  to: number | undefined,
  step: number,
  toolCallId?: string,
): TimelineSpan {
  const result: TimelineSpan = { kind, label, start: T0 + from, step };
  if (to !== undefined) result.end = T0 + to;
  if (toolCallId !== undefined) result.toolCallId = toolCallId;
  return result;
}

/** A turn: model 0–500, two parallel tools 500–600 and 520–640, model 640–960. */
const parallelTurn = turnOf(1, 1000, [
  span('model', 'request 1', 0, 500, 1),
  span('tool', 'get_weather', 500, 600, 1, 'call_a'),
  span('tool', 'add_reminder', 520, 640, 1, 'call_b'),
  span('model', 'request 2', 640, 960, 2),
]);

describe('summarizeTimeline', () => {
  it('sums model time, takes the union of parallel tool time, and counts requests', () => {
    const summary = summarizeTimeline(parallelTurn, T0 + 5000);
    expect(summary.modelMs).toBe(820);
    expect(summary.toolMs).toBe(140); // 500–640, not 100 + 120
    expect(summary.totalMs).toBe(1000);
    expect(summary.requests).toBe(2);
  });

  it('positions bars relative to the turn start and stacks overlapping tools on separate lanes', () => {
    const { bars, lanes } = summarizeTimeline(parallelTurn, T0 + 5000);
    expect(lanes).toBe(3);
    expect(bars.map((bar) => [bar.kind, bar.leftPct, bar.widthPct, bar.lane])).toEqual([
      ['model', 0, 50, 0],
      ['tool', 50, 10, 1],
      ['tool', 52, 12, 2],
      ['model', 64, 32, 0],
    ]);
    expect(bars[1]).toMatchObject({ toolCallId: 'call_a', label: 'get_weather · 100 ms', open: false, step: 1 });
    expect(bars[0]!.toolCallId).toBeUndefined();
  });

  it('reuses a lane once the earlier tool on it has finished', () => {
    const turn = turnOf(2, 100, [span('tool', 'a', 0, 40, 1), span('tool', 'b', 40, 80, 1)]);
    const summary = summarizeTimeline(turn, T0);
    expect(summary.bars.map((bar) => bar.lane)).toEqual([1, 1]);
    expect(summary.lanes).toBe(2);
    expect(summary.toolMs).toBe(80);
    expect(summary.requests).toBe(0);
  });

  it('treats a running turn and open spans as ending now', () => {
    const running = turnOf(3, undefined, [span('model', 'request 1', 0, 300, 1), span('tool', 'slow_tool', 300, undefined, 1, 'call_c')]);
    const summary = summarizeTimeline(running, T0 + 400);
    expect(summary.totalMs).toBe(400);
    expect(summary.toolMs).toBe(100);
    expect(summary.bars[1]).toMatchObject({ open: true, leftPct: 75, widthPct: 25, label: 'slow_tool · 100 ms (running)' });
  });

  it('extends the total to a span that outlived the recorded end, and survives an empty turn', () => {
    const late = turnOf(4, 100, [span('model', 'r', 0, 200, 1)]);
    expect(summarizeTimeline(late, T0).totalMs).toBe(200);
    const empty = turnOf(5, 0, []);
    expect(summarizeTimeline(empty, T0)).toEqual({ modelMs: 0, toolMs: 0, totalMs: 0, requests: 0, lanes: 1, bars: [] });
  });
});

describe('describeSummary', () => {
  it('reads like the brief: model · tools · total · requests', () => {
    expect(describeSummary({ modelMs: 820, toolMs: 140, totalMs: 1600, requests: 3 })).toBe(
      'model 820 ms · tools 140 ms · total 1.6 s · 3 requests',
    );
    expect(describeSummary({ modelMs: 0, toolMs: 0, totalMs: 0, requests: 1 })).toBe('model 0 ms · tools 0 ms · total 0 ms · 1 request');
  });
});

describe('formatMs', () => {
  it('switches units at one second and one minute', () => {
    expect(formatMs(999.4)).toBe('999 ms');
    expect(formatMs(1000)).toBe('1.0 s');
    expect(formatMs(42_049)).toBe('42.0 s');
    expect(formatMs(60_000)).toBe('1 min');
    expect(formatMs(125_000)).toBe('2 min 5 s');
    expect(formatMs(-1)).toBe('');
  });
});

describe('timelineScaleMs', () => {
  it('is the power of two of milliseconds at or above the turn', () => {
    expect(timelineScaleMs(0)).toBe(1);
    expect(timelineScaleMs(1000)).toBe(1024);
    expect(timelineScaleMs(1024)).toBe(1024);
    expect(timelineScaleMs(1025)).toBe(2048);
  });
});

/** True when the two bars are drawn from the same values. */
function sameBar(a: DrawnBar | undefined, b: DrawnBar): boolean {
  return a !== undefined && (Object.keys(b) as Array<keyof DrawnBar>).every((key) => a[key] === b[key]);
}

describe('a long turn redraws only what each step adds', () => {
  it('keeps the bars drawn in a 200-step turn, ticking clock included, to the newest ones but for a few rescales', () => {
    // Each step: a model request of 300 ms, then a tool call of 100 ms; the clock ticks every 250 ms as the timeline shows it.
    const spans: TimelineSpan[] = [];
    let previous: { scaleMs: number; bars: DrawnBar[] } = { scaleMs: 0, bars: [] };
    let redrawn = 0;
    let rescales = 0;
    const draw = (now: number) => {
      const summary = summarizeTimeline(turnOf(1, undefined, spans), T0 + now);
      const scaleMs = timelineScaleMs(summary.totalMs);
      const bars = summary.bars.map(drawnBar);
      if (scaleMs !== previous.scaleMs) {
        // Every bar is laid out again against the new scale.
        rescales += 1;
        redrawn += bars.length;
      } else {
        redrawn += bars.filter((bar, index) => !sameBar(previous.bars[index], bar)).length;
      }
      previous = { scaleMs, bars };
    };
    const steps = 200;
    let at = 0;
    for (let step = 1; step <= steps; step++) {
      const model = span('model', `request ${step}`, at, undefined, step);
      spans.push(model);
      draw(at);
      draw(at + 250);
      spans[spans.length - 1] = { ...model, end: T0 + at + 300 };
      draw(at + 300);
      spans.push(span('tool', 'fill', at + 300, undefined, step, `call-${step}`));
      draw(at + 300);
      spans[spans.length - 1] = { ...(spans[spans.length - 1] as TimelineSpan), end: T0 + at + 400 };
      draw(at + 400);
      at += 400;
    }
    // Per step: the new model bar (drawn when it starts, on a tick, when it ends) and the tool bar (starts, ends): 5.
    // A rescale redraws them all, but the scale only doubles: about log2(80 s) times, at most twice the final bars in all.
    expect(rescales).toBeLessThanOrEqual(Math.ceil(Math.log2(steps * 400)) + 1);
    expect(redrawn).toBeLessThanOrEqual(5 * steps + 2 * (2 * steps));
  });
});
