/**
 * Checks the arguments a model sent against the tool's input schema before the call goes to the
 * server, and explains any mistake in words the model can act on.
 *
 * The validator is `@cfworker/json-schema` (the engine the MCP SDK's browser build uses): it
 * interprets schemas instead of compiling them with `new Function`, so it works under a strict
 * Content Security Policy. It supports drafts 4, 7 (and 6), 2019-09 and 2020-12, and it returns
 * structured errors (keyword, schema location, instance location), which `explain-argument-errors.ts`
 * turns into short sentences.
 */
import { dereference, Validator, type Schema, type SchemaDraft } from '@cfworker/json-schema';
import { cloneJson, isPlainObject } from '../shared/json';
import type { ArgumentError, SchemaContext } from './describe-argument-error';
import { explainArgumentErrors } from './explain-argument-errors';

/** The outcome of checking arguments. */
export type ArgumentValidation =
  | {
      ok: true;
      /** Set when the schema could not be used (unknown `$ref`, broken pattern, …): the server will judge. */
      unchecked?: string;
    }
  | {
      ok: false;
      errors: ArgumentError[];
      /** Every error in one sentence for the model, e.g. `"days" must be at most 7; "city" is required`. */
      summary: string;
    };

/** A ready validator with what the explanations read, or why the schema could not be used. Kept per schema object. */
type CacheEntry = { validator: Validator; context: Omit<SchemaContext, 'input'> } | { error: string };

const cache = new WeakMap<object, CacheEntry>();

/** How many errors the summary lists before it says "and N more". */
const SUMMARY_LIMIT = 8;

/** Validates `args` against `schema` (an MCP tool `inputSchema`); never throws. */
export function validateArguments(schema: unknown, args: unknown): ArgumentValidation {
  if (!isPlainObject(schema)) {
    return { ok: true, unchecked: 'The tool has no usable input schema, so its arguments were not checked.' };
  }
  if (args === undefined) {
    return failure([{ path: '', message: 'are missing: send a JSON object' }]);
  }
  const input = cloneJson(args);
  if (input === undefined) {
    return failure([{ path: '', message: 'cannot be read as JSON' }]);
  }
  const compiled = compile(schema);
  if ('error' in compiled) return { ok: true, unchecked: compiled.error };

  let result: ReturnType<Validator['validate']>;
  try {
    result = compiled.validator.validate(input);
  } catch (error) {
    return { ok: true, unchecked: uncheckedMessage(error) };
  }
  if (result.valid) return { ok: true };
  const errors = explainArgumentErrors(result.errors, { ...compiled.context, input });
  if (errors.length === 0) {
    // The engine said no but gave nothing we could read: still report it.
    const detail = result.errors.map((unit) => unit.error).join(' ') || 'no detail';
    return failure([{ path: '', message: `do not match the tool's input schema (${detail})` }]);
  }
  return failure(errors);
}

function failure(errors: ArgumentError[]): ArgumentValidation {
  return { ok: false, errors, summary: summarize(errors) };
}

/** `"days" must be at most 7; "city" is required`. */
function summarize(errors: readonly ArgumentError[]): string {
  const shown = errors
    .slice(0, SUMMARY_LIMIT)
    .map((error) => (error.path === '' ? `The arguments ${error.message}` : `"${error.path}" ${error.message}`));
  const more = errors.length > SUMMARY_LIMIT ? ` (and ${errors.length - SUMMARY_LIMIT} more)` : '';
  return shown.join('; ') + more;
}

function uncheckedMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  // The engine appends every known schema URI to an unresolved-$ref message: keep the first line.
  const firstLine = text.split('\n')[0] ?? text;
  return `The arguments were not checked: the tool's input schema could not be used (${firstLine.slice(0, 300)}).`;
}

/** The draft a schema declares, as the engine names it; unknown dialects are read as 2020-12. */
function draftOf(schema: Record<string, unknown>): SchemaDraft {
  const declared = typeof schema.$schema === 'string' ? schema.$schema.replace(/#$/, '') : '';
  if (/json-schema\.org\/draft-0[67]\/schema$/.test(declared)) return '7';
  if (/json-schema\.org\/draft-04\/schema$/.test(declared)) return '4';
  if (/json-schema\.org\/draft\/2019-09\/schema$/.test(declared)) return '2019-09';
  return '2020-12';
}

function compile(schema: Record<string, unknown>): CacheEntry {
  const cached = cache.get(schema);
  if (cached) return cached;
  let entry: CacheEntry;
  // The engine annotates the schema it is given, so it gets a private copy.
  const copy = cloneJson(schema);
  if (!copy) {
    entry = { error: "The arguments were not checked: the tool's input schema cannot be read as JSON." };
  } else {
    try {
      const draft = draftOf(copy);
      // All errors, not the first: the model fixes every mistake in one retry.
      const validator = new Validator(copy as Schema, draft, false);
      // The same lookup the engine builds (its own is private): explanations follow `$ref`s with it.
      const lookup = dereference(copy as Schema);
      entry = { validator, context: { schema: copy, draft, lookup } };
    } catch (error) {
      entry = { error: uncheckedMessage(error) };
    }
  }
  cache.set(schema, entry);
  return entry;
}
