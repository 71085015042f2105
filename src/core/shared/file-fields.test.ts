import { describe, expect, it } from 'vitest';
import { describeValue, fieldChecks, orderedFields } from './file-fields';

class FieldError extends Error {
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(`${path}: ${reason}`);
  }
}
const checks = fieldChecks((path, reason) => {
  throw new FieldError(path, reason);
});
const failure = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof FieldError ? { path: error.path, reason: error.reason } : error;
  }
  return undefined;
};
const header = { format: 'glassbox-thing', version: 2, noun: 'thing' };

describe('the field checks of a file reader', () => {
  it('reads a file of its format and version, and names what is wrong with any other', () => {
    expect(checks.readFormatted('{"format":"glassbox-thing","formatVersion":2,"x":1}', header)).toEqual({
      format: 'glassbox-thing',
      formatVersion: 2,
      x: 1,
    });
    expect(failure(() => checks.readFormatted('{', header))).toMatchObject({ path: '', reason: expect.stringMatching(/^not JSON \(/) });
    expect(failure(() => checks.readFormatted('[1]', header))).toEqual({ path: '', reason: 'a thing is a JSON object, not an array' });
    expect(failure(() => checks.readFormatted('{"format":"other"}', header))).toEqual({
      path: '/format',
      reason: 'must be "glassbox-thing" (got string "other"): is this an MCP thing?',
    });
    expect(failure(() => checks.readFormatted('{"format":"glassbox-thing","formatVersion":3}', header))).toEqual({
      path: '/formatVersion',
      reason: 'this version reads format 2 (got number 3)',
    });
  });

  it('checks strings and objects, optional or not', () => {
    expect(failure(() => checks.expectString(undefined, '/a'))).toEqual({ path: '/a', reason: 'missing (a string is required)' });
    expect(failure(() => checks.expectString(null, '/a'))).toEqual({ path: '/a', reason: 'must be a string, not null' });
    expect(failure(() => checks.expectString(undefined, '/a', true))).toBeUndefined();
    expect(failure(() => checks.expectObject([], '/b'))).toEqual({ path: '/b', reason: 'must be an object, not an array' });
    expect(failure(() => checks.expectObject({}, '/b'))).toBeUndefined();
    expect(describeValue(true)).toBe('boolean true');
  });

  it('orders fields: the named first, then the rest sorted, undefined left out', () => {
    expect(Object.keys(orderedFields({ z: 1, b: 2, a: undefined, name: 'n' }, ['name', 'a']))).toEqual(['name', 'b', 'z']);
  });
});
