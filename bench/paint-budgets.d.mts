/** Types for paint-budgets.mjs. */

export declare const MAIN_CHUNK_BASELINE_GZIP: number;
export declare const STARTUP_BASELINE_GZIP: number;

export declare const PAINT_BUDGET: {
  lcpToFcp: number;
  interactiveToLcp: number;
  lcpToInspector: number;
  startupGzip: number;
};

export interface PaintRun {
  appFcpMs: number;
  appLcpMs: number;
  appInteractiveMs: number;
  blankFcpMs: number;
  blankLcpMs: number;
  inspectorLcpMs?: number;
  mainChunkGzip: number;
  mainWithImportsGzip: number;
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

/** The first-paint, largest-paint, interactive, Inspector (when measured), main chunk and start-up lines, each with its verdict (none for the first paint and the main chunk alone). */
export declare function paintLines(runs: readonly PaintRun[]): BenchLine[];
