/** Small JSON helpers shared across core (untrusted data: nothing here throws). */

/** True for a non-null, non-array object (what JSON calls an object). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Structural equality of two JSON values (object key order does not matter). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) {
    return Array.isArray(b) && a.length === b.length && a.every((item, index) => jsonEqual(item, b[index]));
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a);
    return (
      keys.length === Object.keys(b).length &&
      keys.every((key) => Object.prototype.hasOwnProperty.call(b, key) && jsonEqual(a[key], b[key]))
    );
  }
  return false;
}

/** A deep copy through JSON, or undefined when the value cannot be written as JSON (cycle, BigInt). */
export function cloneJson<T>(value: T): T | undefined {
  try {
    const text = JSON.stringify(value);
    return text === undefined ? undefined : (JSON.parse(text) as T);
  } catch {
    return undefined;
  }
}

/** A short name for the JSON type of a value, for messages (`array`, `null`, `object`, …). */
export function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** A positive safe integer (ids, sequence numbers and sizes start at 1). */
export function isCount(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 1;
}

/** A safe integer of 0 or more. */
export function isCountOrZero(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 0;
}
