/**
 * The argument matcher: an expected value matches an actual one as a deep subset. Objects need
 * only the expected keys (each matching); arrays match item by item with the same length; other
 * values match exactly. Where a value varies, `{"$regex": "…"}` matches a string and
 * `{"$type": "number"}` a JSON type (string, number, integer, boolean, object, array, null).
 */
import { isPlainObject } from '../shared/json';

/** One place where the actual value differs: a JSONPath-like path and the reason. */
export interface ValueMismatch {
  path: string;
  message: string;
}

/** Every mismatch between `expected` (a pattern) and `actual`; empty when they match. */
export function matchValue(expected: unknown, actual: unknown, path = '$'): ValueMismatch[] {
  if (isPlainObject(expected) && isMatcher(expected)) return matchMatcher(expected, actual, path);
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return [{ path, message: `expected an array, got ${describe(actual)}` }];
    if (actual.length !== expected.length) return [{ path, message: `expected ${expected.length} items, got ${actual.length}` }];
    return expected.flatMap((item, index) => matchValue(item, actual[index], `${path}[${index}]`));
  }
  if (isPlainObject(expected)) {
    if (!isPlainObject(actual)) return [{ path, message: `expected an object, got ${describe(actual)}` }];
    return Object.entries(expected).flatMap(([key, value]) =>
      Object.prototype.hasOwnProperty.call(actual, key)
        ? matchValue(value, actual[key], childPath(path, key))
        : [{ path: childPath(path, key), message: 'missing' }],
    );
  }
  return Object.is(expected, actual) || expected === actual
    ? []
    : [{ path, message: `expected ${describe(expected)}, got ${describe(actual)}` }];
}

/** A one-line summary of mismatches: `$.a: expected 2, got 4; $.b: missing`. */
export function describeMismatches(mismatches: readonly ValueMismatch[]): string {
  return mismatches.map((mismatch) => `${mismatch.path}: ${mismatch.message}`).join('; ');
}

function isMatcher(value: Record<string, unknown>): boolean {
  const keys = Object.keys(value);
  return (
    keys.length > 0 &&
    keys.every((key) => key === '$regex' || key === '$type' || key === '$flags') &&
    (keys.includes('$regex') || keys.includes('$type'))
  );
}

function matchMatcher(matcher: Record<string, unknown>, actual: unknown, path: string): ValueMismatch[] {
  const mismatches: ValueMismatch[] = [];
  const type = matcher['$type'];
  if (typeof type === 'string' && typeOf(actual, type) !== type) {
    mismatches.push({ path, message: `expected a value of type ${type}, got ${describe(actual)}` });
  }
  const source = matcher['$regex'];
  if (typeof source === 'string') {
    const flags = typeof matcher['$flags'] === 'string' ? matcher['$flags'] : '';
    let pattern: RegExp;
    try {
      pattern = new RegExp(source, flags);
    } catch {
      return [{ path, message: `the pattern /${source}/${flags} is not a valid regular expression` }];
    }
    if (typeof actual !== 'string')
      mismatches.push({ path, message: `expected a string matching /${source}/${flags}, got ${describe(actual)}` });
    else if (!pattern.test(actual))
      mismatches.push({ path, message: `expected a string matching /${source}/${flags}, got ${describe(actual)}` });
  }
  return mismatches;
}

/** The JSON type of a value, answering `integer` only when that is the type asked about. */
function typeOf(value: unknown, asked: string): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return asked === 'integer' && Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function childPath(path: string, key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

/** A short, inert description of a value for a reason. */
export function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}
