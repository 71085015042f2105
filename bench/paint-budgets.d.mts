/** Types for paint-budgets.mjs. */

export declare const PAINT_BUDGET: { fcpRatio: number; lcpToFcp: number };

export interface PaintRun {
  appFcpMs: number;
  appLcpMs: number;
  blankFcpMs: number;
  blankLcpMs: number;
}

export interface BenchLine {
  section: string;
  measure: string;
  value: string;
  reference?: string;
  ratio?: string;
  budget?: string;
  pass?: boolean;
}

/** The first-paint and largest-paint lines, each with its verdict. */
export declare function paintLines(runs: readonly PaintRun[]): BenchLine[];
