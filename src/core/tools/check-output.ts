/**
 * Checks a tool result's `structuredContent` against the tool's `outputSchema`, to show the person
 * whether the server kept its promise. A check, not a gate: the SDK would throw the result away on
 * a mismatch, so Glassbox calls with the check off (see capabilities/tools.ts) and shows the result
 * with this verdict beside it. The engine is the same CSP-safe one the arguments are checked with.
 */
import { isPlainObject } from '../shared/json';
import type { ArgumentError } from './describe-argument-error';
import { validateArguments } from './validate-arguments';

/** The verdict on one result. */
export type OutputCheck =
  | { status: 'valid' }
  | { status: 'invalid'; errors: ArgumentError[]; summary: string }
  /** The tool has an output schema, but the result carries no structuredContent (the spec says it must). */
  | { status: 'missing' }
  /** The schema could not be used (an unknown `$ref`, a broken pattern, …). */
  | { status: 'unchecked'; reason: string };

/** The verdict for `result` of a tool with `outputSchema`; undefined when there is nothing to check (no schema, or a tool error). */
export function checkOutput(outputSchema: unknown, result: unknown): OutputCheck | undefined {
  if (!isPlainObject(outputSchema) || !isPlainObject(result) || result['isError'] === true) return undefined;
  const structured = result['structuredContent'];
  if (structured === undefined) return { status: 'missing' };
  const verdict = validateArguments(outputSchema, structured);
  if (verdict.ok)
    return verdict.unchecked === undefined
      ? { status: 'valid' }
      : { status: 'unchecked', reason: "The tool's output schema could not be used, so structuredContent was not checked." };
  const summary = verdict.errors
    .map((error) => (error.path === '' ? `structuredContent ${error.message}` : `"${error.path}" ${error.message}`))
    .join('; ');
  return { status: 'invalid', errors: verdict.errors, summary };
}
