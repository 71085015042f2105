/**
 * The page-load verdicts of the bench, apart from the browser work so a unit test can check them
 * (bench/paint-budgets.test.ts). First contentful paint is reported against the blank page but has
 * no budget (measurements showed that a real first frame cannot paint within 2× a one-line page); the real UI is the largest paint and comes within 1.2× of the first; the
 * page is interactive (`glassbox:interactive`: the restored session drawn, Send works) within 3×
 * its largest paint; when the MCP Inspector is measured in the same run, Glassbox's largest paint
 * is at most 0.25× of the Inspector's; and what loads before the app's code runs (the main chunk
 * and its static imports) does not grow past its size on 2026-12-06 + 3 %. The main chunk alone is
 * reported without a budget: which modules sit in it or in the start-up chunk beside it depends on
 * which later chunks share them (when the palette stopped importing the areas, react-dom and the
 * config reader moved from the start-up chunk into main: +18 kB there, the same bytes in all).
 * Each ratio is the median of the per-run ratios.
 */
import { kb, median, ms, ratios, times } from './stats.mjs';

/** The main chunk's gzipped size on 2026-12-05 (main at 870ba87: 137,100 bytes), for reference. */
export const MAIN_CHUNK_BASELINE_GZIP = 137_100;

/** What loaded before the app's code ran, gzipped, on 2026-12-06 (main at 24eb10b: 226.4 kB in 5 files). */
export const STARTUP_BASELINE_GZIP = 226_400;

/** The budgets. */
export const PAINT_BUDGET = {
  /** Largest contentful paint ≤ 1.2× the first contentful paint (the real UI is the first frame). */
  lcpToFcp: 1.2,
  /** `glassbox:interactive` ≤ 3× the largest contentful paint. */
  interactiveToLcp: 3,
  /** Largest contentful paint ≤ 0.25× the MCP Inspector's, loaded in the same run. */
  lcpToInspector: 0.25,
  /** Main chunk + its static imports (gzip) ≤ the baseline + 3 %: keep what the start waits for from growing. */
  startupGzip: Math.round(STARTUP_BASELINE_GZIP * 1.03),
};

/**
 * @typedef {object} PaintRun
 * @property {number} appFcpMs
 * @property {number} appLcpMs
 * @property {number} appInteractiveMs  the page's `glassbox:interactive` mark (NaN when it never came)
 * @property {number} blankFcpMs
 * @property {number} blankLcpMs
 * @property {number} [inspectorLcpMs]  the MCP Inspector's largest contentful paint in the same run, when measured
 * @property {number} mainChunkGzip
 * @property {number} mainWithImportsGzip  the main chunk and every chunk it imports statically
 */

/**
 * The page-load lines the bench prints (and `--strict` fails on when `pass` is false).
 * @param {readonly PaintRun[]} runs
 */
export function paintLines(runs) {
  const pick = (/** @type {keyof PaintRun} */ key) => runs.map((run) => run[key] ?? Number.NaN);
  const fcp = median(pick('appFcpMs'));
  const lcp = median(pick('appLcpMs'));
  const lcpToFcp = median(ratios(pick('appLcpMs'), pick('appFcpMs')));
  const interactive = median(pick('appInteractiveMs'));
  const interactiveToLcp = median(ratios(pick('appInteractiveMs'), pick('appLcpMs')));
  const lines = [
    {
      section: 'load',
      measure: 'First contentful paint',
      value: ms(fcp),
      reference: `blank ${ms(median(pick('blankFcpMs')))}`,
      ratio: times(median(ratios(pick('appFcpMs'), pick('blankFcpMs')))),
    },
    {
      section: 'load',
      measure: 'Largest contentful paint',
      value: ms(lcp),
      reference: `app FCP ${ms(fcp)}; blank LCP ${ms(median(pick('blankLcpMs')))}, FCP ${ms(median(pick('blankFcpMs')))}`,
      ratio: times(lcpToFcp),
      budget: `≤ ${times(PAINT_BUDGET.lcpToFcp)} FCP`,
      pass: lcpToFcp <= PAINT_BUDGET.lcpToFcp,
    },
    {
      section: 'load',
      measure: 'Interactive (restored session drawn, Send works)',
      value: ms(interactive),
      reference: `app LCP ${ms(lcp)}`,
      ratio: times(interactiveToLcp),
      budget: `≤ ${times(PAINT_BUDGET.interactiveToLcp)} LCP`,
      // A page that never marked itself interactive fails (NaN compares false).
      pass: interactiveToLcp <= PAINT_BUDGET.interactiveToLcp,
    },
  ];
  if (runs.some((run) => run.inspectorLcpMs !== undefined)) {
    const toInspector = median(ratios(pick('appLcpMs'), pick('inspectorLcpMs')));
    lines.push({
      section: 'load',
      measure: 'Largest contentful paint against the MCP Inspector',
      value: ms(lcp),
      reference: `Inspector LCP ${ms(median(pick('inspectorLcpMs')))}`,
      ratio: times(toInspector),
      budget: `≤ ${times(PAINT_BUDGET.lcpToInspector)}`,
      pass: toInspector <= PAINT_BUDGET.lcpToInspector,
    });
  }
  const chunk = median(pick('mainChunkGzip'));
  lines.push({
    section: 'load',
    measure: 'Main chunk (gzip)',
    value: kb(chunk),
    reference: `${kb(MAIN_CHUNK_BASELINE_GZIP)} on 2026-12-05`,
    ratio: times(chunk / MAIN_CHUNK_BASELINE_GZIP),
  });
  const startup = median(pick('mainWithImportsGzip'));
  lines.push({
    section: 'load',
    measure: 'Main chunk + its static imports (gzip)',
    value: kb(startup),
    reference: `what loads before the app's code runs; ${kb(STARTUP_BASELINE_GZIP)} on 2026-12-06`,
    ratio: times(startup / STARTUP_BASELINE_GZIP),
    budget: `≤ ${kb(PAINT_BUDGET.startupGzip)} (+3 %)`,
    pass: startup <= PAINT_BUDGET.startupGzip,
  });
  return lines;
}
