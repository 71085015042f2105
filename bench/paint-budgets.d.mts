/** Types for paint-budgets.mjs. */

export declare const MAIN_CHUNK_BASELINE_GZIP: number;

export declare const PAINT_BUDGET: {
  lcpToFcp: number;
  interactiveToLcp: number;
  lcpToInspector: number;
  mainChunkGzip: number;
};

export interface PaintRun {
  appFcpMs: number;
  appLcpMs: number;
  appInteractiveMs: number;
  blankFcpMs: number;
  blankLcpMs: number;
  inspectorLcpMs?: number;
  mainChunkGzip: number;
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

/** The first-paint, largest-paint, interactive, Inspector (when measured) and main chunk lines, each with its verdict (none for the first paint). */
export declare function paintLines(runs: readonly PaintRun[]): BenchLine[];
