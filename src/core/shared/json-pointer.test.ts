import { describe, expect, it } from 'vitest';
import { childPath, pointerSegments, resolvePointer } from './json-pointer';

describe('json-pointer', () => {
  const root = { $defs: { 'a/b': { 'x~y': [10, { 'odd key': true }] } } };

  it('reads both spellings, unescaping ~1, ~0 and (fragment form only) percent escapes', () => {
    expect(pointerSegments('#/$defs/a~1b/x~0y/1/odd%20key')).toEqual(['$defs', 'a/b', 'x~y', '1', 'odd key']);
    expect(pointerSegments('/a%20b/c')).toEqual(['a%20b', 'c']);
    expect(pointerSegments('#')).toEqual([]);
    expect(pointerSegments('')).toEqual([]);
    expect(pointerSegments('#anchor')).toBeUndefined();
    expect(pointerSegments('#/%E0%A4%A')).toBeUndefined();
  });

  it('resolves own properties and array indexes, and nothing else', () => {
    expect(resolvePointer(root, '#/$defs/a~1b/x~0y/1/odd%20key')).toBe(true);
    expect(resolvePointer(root, '/$defs/a~1b/x~0y/0')).toBe(10);
    expect(resolvePointer(root, '#')).toBe(root);
    expect(resolvePointer(root, '#/$defs/a~1b/x~0y/length')).toBeUndefined();
    expect(resolvePointer(root, '#/$defs/toString')).toBeUndefined();
    expect(resolvePointer(root, '#/missing/deeper')).toBeUndefined();
  });

  it('builds child paths with escapes', () => {
    expect(childPath('#/properties', 'a/b~c')).toBe('#/properties/a~1b~0c');
  });
});
