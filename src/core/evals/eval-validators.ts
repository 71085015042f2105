/**
 * The eval reader's validators: the eval schema's and mcp.json's, both precompiled (`npm run gen`).
 * The page loads them when the Evals area opens; Node and tests take `parseEvalFile`, which has them bundled.
 */
import { loadSchemaValidators } from '../config';
import type { EvalFileResult } from './eval-types';
import { readEvalFile, type EvalValidators } from './read-eval-file';

/** Loads both validators (separate files in the page's build). */
export async function loadEvalValidators(): Promise<EvalValidators> {
  const [generated, config] = await Promise.all([import('./generated/validate-evals'), loadSchemaValidators()]);
  return { evals: generated.validateEvals, config };
}

/** Reads an eval file's text with the validators loaded first. */
export async function parseEvalFile(text: string): Promise<EvalFileResult> {
  return readEvalFile(text, await loadEvalValidators());
}
