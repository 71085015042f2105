/** Types for the shared eval fixture (sum-evals.mjs). */
import type { ScriptStep } from './model-server.mjs';

/** One case of an eval file, as written. */
export interface SumEvalCase {
  name: string;
  prompt: string;
  expect: Record<string, unknown>;
}

export declare const SUM_CASES: { adds: SumEvalCase; wrong: SumEvalCase; echo: SumEvalCase };
export declare const SUM_SCRIPT: ScriptStep[];
export declare function sumEvalFile(
  everythingUrl: string,
  modelUrl: string,
): {
  mcpServers: { everything: { url: string } };
  allowTools: string[];
  targets: Array<{ format: 'anthropic' | 'openai'; model: string; baseUrl: string }>;
  cases: SumEvalCase[];
};
