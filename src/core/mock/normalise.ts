/**
 * What varies between two runs of the same request, taken out before requests are compared:
 * `_meta` fields the client fills per run (progress token, trace context, client info and
 * capabilities), the 2025 `initialize`'s client info and capabilities, and key order.
 */
import { childPath } from '../shared/json-pointer';
import { isPlainObject } from '../shared/json';

/** `_meta` keys that differ from run to run and say nothing about what is asked. */
const VARYING_META_KEYS = new Set([
  'progressToken',
  'traceparent',
  'tracestate',
  'baggage',
  'io.modelcontextprotocol/clientInfo',
  'io.modelcontextprotocol/clientCapabilities',
]);

/** `initialize` params that name the client rather than what it asks. */
const VARYING_INITIALIZE_KEYS = new Set(['clientInfo', 'capabilities']);

/** A copy of `value` with object keys sorted (arrays keep their order). */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) if (value[key] !== undefined) out[key] = sortKeys(value[key]);
  return out;
}

/**
 * The params of a `method` request as compared: varying `_meta` fields dropped (and `_meta`
 * itself when nothing is left), `initialize`'s client fields dropped, keys sorted. An absent or
 * empty params object normalises to `{}`.
 */
export function normaliseParams(method: string, params: unknown): unknown {
  if (params === undefined || params === null) return {};
  if (!isPlainObject(params)) return sortKeys(params);
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params)) {
    if (method === 'initialize' && VARYING_INITIALIZE_KEYS.has(key)) continue;
    if (key === '_meta' && isPlainObject(value)) {
      const meta: Record<string, unknown> = {};
      for (const [metaKey, metaValue] of Object.entries(value)) if (!VARYING_META_KEYS.has(metaKey)) meta[metaKey] = metaValue;
      if (Object.keys(meta).length > 0) copy[key] = meta;
      continue;
    }
    copy[key] = value;
  }
  return sortKeys(copy);
}

/** The canonical text of a JSON value (keys sorted): equal texts mean equal values. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value)) ?? 'undefined';
}

/** One place where two JSON values differ. */
export interface JsonDifference {
  /** A JSON Pointer into the values (`""` for the whole value). */
  path: string;
  /** The value at `path` in the first value (`undefined` when it has none). */
  expected: unknown;
  /** The value at `path` in the second value. */
  actual: unknown;
}

/** Where `expected` and `actual` differ, as JSON Pointers in document order (at most `limit` of them). */
export function jsonDifferences(expected: unknown, actual: unknown, limit = 50): JsonDifference[] {
  const found: JsonDifference[] = [];
  const walk = (left: unknown, right: unknown, path: string) => {
    if (found.length >= limit) return;
    if (Array.isArray(left) && Array.isArray(right)) {
      const length = Math.max(left.length, right.length);
      for (let index = 0; index < length; index += 1) walk(left[index], right[index], childPath(path, index));
      return;
    }
    if (isPlainObject(left) && isPlainObject(right)) {
      const keys = [...new Set([...Object.keys(left), ...Object.keys(right)])].sort();
      for (const key of keys) walk(left[key], right[key], childPath(path, key));
      return;
    }
    if (canonicalJson(left) !== canonicalJson(right)) found.push({ path, expected: left, actual: right });
  };
  walk(expected, actual, '');
  return found;
}
