/** Types for heap-budget.mjs. */
import type { BenchLine } from './paint-budgets.mjs';

export declare const HEAP_AFTER_LOAD_BUDGET_BYTES: number;

export interface HeapRun {
  appHeapBytes: number;
  inspectorHeapBytes?: number;
  blankHeapBytes?: number;
}

/** The JS-heap-after-load line, with its verdict. */
export declare function heapLine(runs: readonly HeapRun[]): BenchLine;
