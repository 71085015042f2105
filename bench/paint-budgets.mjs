/**
 * The first-paint verdicts of the bench's page-load section, apart from the browser work so a unit
 * test can check them (bench/paint-budgets.test.ts): first contentful paint against the blank page
 * (issue 6) and the largest contentful paint against the app's own first paint (issue 17). Each is
 * the median of the per-run ratios.
 */
import { median, ms, ratios, times } from './stats.mjs';

/** The budgets: FCP ≤ 2× the blank page's; the real UI is the LCP and comes within 1.2× of the FCP. */
export const PAINT_BUDGET = { fcpRatio: 2, lcpToFcp: 1.2 };

/**
 * @typedef {object} PaintRun
 * @property {number} appFcpMs
 * @property {number} appLcpMs
 * @property {number} blankFcpMs
 * @property {number} blankLcpMs
 */

/**
 * The two lines the bench prints (and `--strict` fails on when `pass` is false).
 * @param {readonly PaintRun[]} runs
 */
export function paintLines(runs) {
  const pick = (/** @type {keyof PaintRun} */ key) => runs.map((run) => run[key]);
  const fcpRatio = median(ratios(pick('appFcpMs'), pick('blankFcpMs')));
  const lcpToFcp = median(ratios(pick('appLcpMs'), pick('appFcpMs')));
  return [
    {
      section: 'load',
      measure: 'First contentful paint',
      value: ms(median(pick('appFcpMs'))),
      reference: `blank ${ms(median(pick('blankFcpMs')))}`,
      ratio: times(fcpRatio),
      budget: `≤ ${times(PAINT_BUDGET.fcpRatio)}`,
      pass: fcpRatio <= PAINT_BUDGET.fcpRatio,
    },
    {
      section: 'load',
      measure: 'Largest contentful paint',
      value: ms(median(pick('appLcpMs'))),
      reference: `app FCP ${ms(median(pick('appFcpMs')))}; blank LCP ${ms(median(pick('blankLcpMs')))}, FCP ${ms(median(pick('blankFcpMs')))}`,
      ratio: times(lcpToFcp),
      budget: `≤ ${times(PAINT_BUDGET.lcpToFcp)} FCP`,
      pass: lcpToFcp <= PAINT_BUDGET.lcpToFcp,
    },
  ];
}
