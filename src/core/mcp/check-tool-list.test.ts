import { describe, expect, it } from 'vitest';
import { brokenRefs, checkToolList, inputSchemaProblems } from './check-tool-list';

describe('checkToolList', () => {
  it('keeps every named tool once, flags invalid input schemas and says so in plain words', () => {
    const checked = checkToolList([
      { name: 'fine', inputSchema: { type: 'object', properties: {} } },
      { name: 'schema_not_object', inputSchema: 'any text' },
      { name: 'schema_string_root', inputSchema: { type: 'string' } },
      { name: 'schema_broken_ref', inputSchema: { type: 'object', properties: { query: { $ref: '#/$defs/missing' } } } },
      { name: 'search', description: 'first', inputSchema: { type: 'object' } },
      { name: 'search', description: 'second', inputSchema: { type: 'object' } },
    ]);
    expect(checked.tools.map((tool) => tool.name)).toEqual([
      'fine',
      'schema_not_object',
      'schema_string_root',
      'schema_broken_ref',
      'search',
    ]);
    expect(checked.tools.find((tool) => tool.name === 'search')?.description).toBe('first');
    expect(checked.warnings).toEqual([
      'Tool schema_not_object: its inputSchema is a string, not a JSON Schema object.',
      'Tool schema_string_root: its inputSchema has type "string" at the root; tool arguments are always an object.',
      'Tool schema_broken_ref: its inputSchema refers to #/$defs/missing, which does not exist.',
      '2 tools share the name search; the second is ignored.',
    ]);
    // A schema that is not an object is replaced by an empty object schema, and the tool says why.
    const notObject = checked.tools[1]!;
    expect(notObject.inputSchema).toEqual({ type: 'object' });
    expect(notObject.problems).toEqual(['its inputSchema is a string, not a JSON Schema object']);
    expect(checked.tools[0]!.problems).toBeUndefined();
    expect(checked.tools[2]!.inputSchema).toEqual({ type: 'string' });
  });

  it('drops nameless entries, counts triples, and ignores an outputSchema that is not an object', () => {
    const checked = checkToolList([
      { inputSchema: { type: 'object' } },
      'just a string',
      { name: 'a', inputSchema: { type: 'object' }, outputSchema: [1, 2] },
      { name: 'a', inputSchema: { type: 'object' } },
      { name: 'a', inputSchema: { type: 'object' } },
      { name: 'has space', inputSchema: { type: 'object' } },
    ]);
    expect(checked.tools.map((tool) => tool.name)).toEqual(['a', 'has space']);
    expect(checked.tools[0]!.outputSchema).toBeUndefined();
    expect(checked.warnings).toEqual([
      'Tool #1 in the list has no name; it is ignored.',
      'Tool #2 in the list has no name; it is ignored.',
      'Tool a: its outputSchema is an array, not a JSON Schema object; it is ignored.',
      'Tool has space: its name is not a valid MCP tool name (1–128 of A–Z, a–z, 0–9, _, -, .).',
      '3 tools share the name a; only the first is kept.',
    ]);
  });

  it('reports a 2020-12 inputSchema exactly as sent ($schema, $defs, $anchor, $ref, allOf/anyOf, if/then/else, x-mcp-header)', () => {
    const inputSchema = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      $defs: { address: { $anchor: 'addr', type: 'object', properties: { street: { type: 'string' } }, additionalProperties: false } },
      properties: {
        home: { $ref: '#/$defs/address' },
        region: { type: 'string', 'x-mcp-header': 'Region' },
        kind: { anyOf: [{ const: 'a' }, { const: 'b' }] },
      },
      allOf: [{ required: ['home'] }],
      if: { properties: { kind: { const: 'a' } } },
      then: { required: ['region'] },
      else: { not: { required: ['region'] } },
      additionalProperties: false,
    };
    const sent = structuredClone(inputSchema);
    const [tool] = checkToolList([{ name: 'rich', inputSchema: sent }]).tools;
    expect(tool?.inputSchema).toEqual(inputSchema);
    expect(tool?.problems).toBeUndefined();
  });

  it('handles a thousand tools', () => {
    const raw = Array.from({ length: 1000 }, (_, n) => ({ name: `tool_${n}`, inputSchema: { type: 'object' } }));
    const checked = checkToolList(raw);
    expect(checked.tools).toHaveLength(1000);
    expect(checked.warnings).toEqual([]);
  });
});

describe('schema checks', () => {
  it('resolves local refs, including escaped pointers, and reports the others', () => {
    const schema = {
      type: 'object',
      $defs: { 'a/b': { type: 'string' }, item: { type: 'number' } },
      properties: {
        x: { $ref: '#/$defs/a~1b' },
        y: { type: 'array', items: { $ref: '#/$defs/item' } },
        z: { $ref: '#/$defs/nothing' },
        w: { $ref: 'https://example.com/schema.json' },
        self: { $ref: '#' },
      },
    };
    expect(brokenRefs(schema)).toEqual(['#/$defs/nothing', 'https://example.com/schema.json']);
    expect(inputSchemaProblems(schema)).toEqual([
      'its inputSchema refers to #/$defs/nothing, which does not exist',
      'its inputSchema refers to https://example.com/schema.json, an external schema that is not fetched',
    ]);
  });

  it('names a missing schema and a missing root type', () => {
    expect(inputSchemaProblems(undefined)).toEqual(['it has no inputSchema']);
    expect(inputSchemaProblems({ properties: {} })).toEqual(['its inputSchema has no "type": "object" at the root']);
    expect(inputSchemaProblems(null)).toEqual(['its inputSchema is null, not a JSON Schema object']);
  });
});
