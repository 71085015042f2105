/** Types for mock-evals.mjs. */
export declare function measureMockEvals(options: {
  runs: number;
  cases: number;
  latencyMs: number;
  progress: (text: string) => void;
  port: (n: number) => number;
}): Promise<{ liveMs: number[]; mockMs: number[]; misses: number; recordedRequests: number }>;
