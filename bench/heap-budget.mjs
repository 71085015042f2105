/**
 * The bench's "JS heap after load" verdict, apart from the browser work so a unit test can check it
 * (bench/heap-budget.test.ts): the app's JS heap once its load has settled, after a garbage
 * collection, against the MCP Inspector's measured alike in the same runs.
 *
 * Budget: at most the Inspector's, and at most 15 MB. Measured (docs/performance-startup.md): 13.1 MB
 * (the Inspector 16.6 MB) once Monaco waits for the config editor's first use; 27.4 MB when it loaded
 * on idle, which keeps about 12 MB of heap for an editor many never touch.
 */
import { mb, median, times } from './stats.mjs';

/** The app's JS heap after load, after a GC, at most: 13.1 MB measured on 2026-12-07 + about 15 %. */
export const HEAP_AFTER_LOAD_BUDGET_BYTES = 15_000_000;

/**
 * @typedef {object} HeapRun
 * @property {number} appHeapBytes  the app's heap after load, after a GC (NaN when not measured)
 * @property {number} [inspectorHeapBytes]  the MCP Inspector's, measured alike in the same run
 * @property {number} [blankHeapBytes]  the blank page's, measured alike
 */

/**
 * The bench's heap-after-load line, with its verdict: within the budget, and within the Inspector's
 * heap when the Inspector was measured (a run without a figure fails: NaN compares false).
 * @param {readonly HeapRun[]} runs
 */
export function heapLine(runs) {
  const app = median(runs.map((run) => run.appHeapBytes));
  const inspector = runs.some((run) => run.inspectorHeapBytes !== undefined)
    ? median(runs.map((run) => run.inspectorHeapBytes ?? Number.NaN))
    : undefined;
  const blank = median(runs.map((run) => run.blankHeapBytes ?? Number.NaN));
  return {
    section: 'load',
    measure: 'JS heap after load (settled, after a GC)',
    value: mb(app),
    reference: [inspector === undefined ? undefined : `Inspector ${mb(inspector)}`, `blank ${mb(blank)}`]
      .filter((part) => part !== undefined)
      .join('; '),
    ...(inspector !== undefined && { ratio: times(app / inspector) }),
    budget: `≤ ${mb(HEAP_AFTER_LOAD_BUDGET_BYTES)}${inspector === undefined ? '' : ", ≤ the Inspector's"}`,
    pass: app <= HEAP_AFTER_LOAD_BUDGET_BYTES && (inspector === undefined || app <= inspector),
  };
}
