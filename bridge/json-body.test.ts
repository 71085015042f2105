// How deep a JSON text nests, counted before it is parsed: brackets inside strings do not count.
import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-body';

describe('nestsDeeperThan', () => {
  it('counts arrays and objects, not brackets in strings or escaped quotes', () => {
    expect(nestsDeeperThan('{"a":[{"b":[]}]}', 4)).toBe(false);
    expect(nestsDeeperThan('{"a":[{"b":[[]]}]}', 4)).toBe(true);
    expect(nestsDeeperThan(JSON.stringify({ text: '[[[[[[{{{{{{', quote: 'say \\"[[[[[[[[[[\\"' }), 2)).toBe(false);
  });

  it('lets an MCP message with deep tool arguments through, and stops at the bound', () => {
    const nested = (depth: number) =>
      `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"arguments":${'['.repeat(depth)}${']'.repeat(depth)}}}`;
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH - 2), MAX_JSON_DEPTH)).toBe(false);
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(true);
  });
});
