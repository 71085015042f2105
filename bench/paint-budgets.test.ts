import { describe, expect, it } from 'vitest';
import { paintLines, PAINT_BUDGET } from './paint-budgets.mjs';
import type { PaintRun } from './paint-budgets.mjs';

/** Runs with the given app paints against a blank page that paints at 50 ms. */
const runs = (pairs: Array<[fcp: number, lcp: number]>): PaintRun[] => pairs.map(([appFcpMs, appLcpMs]) => ({ appFcpMs, appLcpMs, blankFcpMs: 50, blankLcpMs: 50 }));
const verdicts = (lines: ReturnType<typeof paintLines>) => Object.fromEntries(lines.map((line) => [line.measure, line.pass]));

describe('paintLines', () => {
  it('passes when the real UI paints within 1.2× of the first paint and the first paint within 2× of the blank page', () => {
    expect(verdicts(paintLines(runs([[90, 100], [95, 95], [80, 90]])))).toEqual({ 'First contentful paint': true, 'Largest contentful paint': true });
  });

  it('fails the largest contentful paint when it comes later than 1.2× the first paint (a placeholder first frame)', () => {
    const lines = paintLines(runs([[60, 400], [62, 90], [58, 300]]));
    expect(verdicts(lines)).toEqual({ 'First contentful paint': true, 'Largest contentful paint': false });
    const lcp = lines.find((line) => line.measure === 'Largest contentful paint');
    expect(lcp?.ratio).toBe('5.17×');
    expect(lcp?.budget).toBe(`≤ ${PAINT_BUDGET.lcpToFcp.toFixed(2)}× FCP`);
  });

  it('fails the first contentful paint past 2× the blank page, judged on the median of the per-run ratios', () => {
    // Per run 2.4×, 1.9×, 2.2× of the blank page: the median run is 2.2×.
    const lines = paintLines(runs([[120, 120], [95, 95], [110, 110]]));
    expect(verdicts(lines)).toEqual({ 'First contentful paint': false, 'Largest contentful paint': true });
    expect(lines[0]?.ratio).toBe('2.20×');
  });

  it('takes exactly the budget as a pass', () => {
    expect(verdicts(paintLines(runs([[100, 120]])))).toEqual({ 'First contentful paint': true, 'Largest contentful paint': true });
  });
});
