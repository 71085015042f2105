/**
 * The checks a JSON file format's reader makes (snapshots, mocks): each failure names the field as a
 * JSON Pointer and says what is wrong, through the reader's own `fail` (its own error class).
 */
import { isPlainObject } from './json';

/** Throws the reader's error for the field at `path` ("" for the whole file). */
export type FailField = (path: string, reason: string) => never;

/** A value as a reason names it: `null`, `an array`, `an object`, or its type and JSON. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${JSON.stringify(value)}`;
}

/** `value`'s fields with `keys` first in that order, then the rest sorted; undefined fields left out. */
export function orderedFields(value: object, keys: readonly string[]): Record<string, unknown> {
  const record = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of keys) if (record[key] !== undefined) out[key] = record[key];
  for (const key of Object.keys(record).sort()) if (!(key in out) && record[key] !== undefined) out[key] = record[key];
  return out;
}

/** The field checks of one reader, failing through its `fail`. */
export function fieldChecks(fail: FailField) {
  return {
    expectString(value: unknown, path: string, optional = false): void {
      if (value === undefined && optional) return;
      if (typeof value !== 'string')
        fail(path, value === undefined ? 'missing (a string is required)' : `must be a string, not ${describeValue(value)}`);
    },
    expectObject(value: unknown, path: string, optional = false): void {
      if (value === undefined && optional) return;
      if (!isPlainObject(value))
        fail(path, value === undefined ? 'missing (an object is required)' : `must be an object, not ${describeValue(value)}`);
    },
    /**
     * The file's text as an object whose `format` and `formatVersion` are this reader's: not JSON,
     * not an object, another format (`is this an MCP <noun>?`) or another version each fail.
     */
    readFormatted(text: string, { format, version, noun }: { format: string; version: number; noun: string }): Record<string, unknown> {
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch (error) {
        fail('', `not JSON (${error instanceof Error ? error.message : String(error)})`);
      }
      if (!isPlainObject(value)) fail('', `a ${noun} is a JSON object, not ${describeValue(value)}`);
      if (value['format'] !== format)
        fail(
          '/format',
          `must be "${format}" (got ${value['format'] === undefined ? 'nothing' : describeValue(value['format'])}): is this an MCP ${noun}?`,
        );
      if (value['formatVersion'] !== version)
        fail('/formatVersion', `this version reads format ${version} (got ${describeValue(value['formatVersion'])})`);
      return value;
    },
  };
}
