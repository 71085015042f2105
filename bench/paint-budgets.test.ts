import { describe, expect, it } from 'vitest';
import { MAIN_CHUNK_BASELINE_GZIP, paintLines, PAINT_BUDGET, STARTUP_BASELINE_GZIP } from './paint-budgets.mjs';
import type { PaintRun } from './paint-budgets.mjs';

/** Runs with the given app paints (interactive at 2× the LCP unless given) against a blank page that paints at 50 ms. */
const runs = (rows: Array<[fcp: number, lcp: number, interactive?: number]>, extra: Partial<PaintRun> = {}): PaintRun[] =>
  rows.map(([appFcpMs, appLcpMs, appInteractiveMs = 2 * appLcpMs]) => ({
    appFcpMs,
    appLcpMs,
    appInteractiveMs,
    blankFcpMs: 50,
    blankLcpMs: 50,
    mainChunkGzip: MAIN_CHUNK_BASELINE_GZIP,
    mainWithImportsGzip: STARTUP_BASELINE_GZIP,
    ...extra,
  }));
const verdicts = (lines: ReturnType<typeof paintLines>) => Object.fromEntries(lines.map((line) => [line.measure, line.pass]));
const line = (lines: ReturnType<typeof paintLines>, measure: string) => lines.find((entry) => entry.measure === measure);

const FCP = 'First contentful paint';
const LCP = 'Largest contentful paint';
const INTERACTIVE = 'Interactive (restored session drawn, Send works)';
const INSPECTOR = 'Largest contentful paint against the MCP Inspector';
const CHUNK = 'Main chunk (gzip)';
const STARTUP = 'Main chunk + its static imports (gzip)';

describe('paintLines', () => {
  it('passes when the real UI paints within 1.2× of the first paint, is interactive within 3× of it and the start-up has not grown', () => {
    expect(
      verdicts(
        paintLines(
          runs([
            [90, 100],
            [95, 95],
            [80, 90],
          ]),
        ),
      ),
    ).toEqual({ [FCP]: undefined, [LCP]: true, [INTERACTIVE]: true, [CHUNK]: undefined, [STARTUP]: true });
  });

  it('reports the first contentful paint against the blank page without a budget (retired: 2.4× passes)', () => {
    const lines = paintLines(
      runs([
        [120, 120],
        [95, 95],
        [110, 110],
      ]),
    );
    expect(line(lines, FCP)).toMatchObject({ ratio: '2.20×', reference: 'blank 50.0 ms' });
    expect(line(lines, FCP)?.budget).toBeUndefined();
    expect(lines.filter((entry) => entry.pass === false)).toEqual([]);
  });

  it('fails the largest contentful paint when it comes later than 1.2× the first paint (a placeholder first frame)', () => {
    const lines = paintLines(
      runs([
        [60, 400],
        [62, 90],
        [58, 300],
      ]),
    );
    expect(verdicts(lines)).toMatchObject({ [LCP]: false });
    expect(line(lines, LCP)?.ratio).toBe('5.17×');
    expect(line(lines, LCP)?.budget).toBe(`≤ ${PAINT_BUDGET.lcpToFcp.toFixed(2)}× FCP`);
  });

  it('fails interactive past 3× the largest paint, on the median of the per-run ratios, and prints it beside the LCP', () => {
    // Per run 3.5×, 2.5×, 3.2× of the LCP: the median run is 3.2×.
    const lines = paintLines(
      runs([
        [100, 100, 350],
        [100, 100, 250],
        [100, 100, 320],
      ]),
    );
    expect(verdicts(lines)).toMatchObject({ [LCP]: true, [INTERACTIVE]: false });
    expect(line(lines, INTERACTIVE)).toMatchObject({ value: '320 ms', reference: 'app LCP 100 ms', ratio: '3.20×', budget: '≤ 3.00× LCP' });
    expect(lines.map((entry) => entry.measure).indexOf(INTERACTIVE)).toBe(lines.map((entry) => entry.measure).indexOf(LCP) + 1);
  });

  it('fails interactive when the page never marked it', () => {
    expect(verdicts(paintLines(runs([[100, 100, Number.NaN]])))).toMatchObject({ [INTERACTIVE]: false });
  });

  it('judges the largest paint against the MCP Inspector only when the run measured it', () => {
    expect(line(paintLines(runs([[100, 100]])), INSPECTOR)).toBeUndefined();
    expect(
      verdicts(
        paintLines(
          runs(
            [
              [100, 100],
              [100, 110],
            ],
            { inspectorLcpMs: 500 },
          ),
        ),
      ),
    ).toMatchObject({ [INSPECTOR]: true });
    const slow = paintLines(
      runs(
        [
          [100, 130],
          [100, 140],
        ],
        { inspectorLcpMs: 500 },
      ),
    );
    expect(line(slow, INSPECTOR)).toMatchObject({ ratio: '0.27×', pass: false });
  });

  it('fails what loads before the app runs once it grows past its size on 2026-12-06 + 3 %; reports the main chunk alone', () => {
    const at = (mainWithImportsGzip: number) => verdicts(paintLines(runs([[100, 100]], { mainWithImportsGzip })))[STARTUP];
    expect(at(PAINT_BUDGET.startupGzip)).toBe(true);
    expect(at(PAINT_BUDGET.startupGzip + 1)).toBe(false);
    expect(PAINT_BUDGET.startupGzip).toBe(233_192);
    const main = line(paintLines(runs([[100, 100]], { mainChunkGzip: 158_600 })), CHUNK);
    expect(main).toMatchObject({ value: '158.6 kB', ratio: '1.16×' });
    expect(main?.pass).toBeUndefined();
  });

  it('takes exactly the budget as a pass', () => {
    expect(verdicts(paintLines(runs([[100, 120, 360]])))).toMatchObject({ [LCP]: true, [INTERACTIVE]: true });
  });
});
