import { describe, expect, it } from 'vitest';
import { resolveLocalRef, toProviderSchema } from './provider-schema';

/** A typical MCP tool schema as both providers should receive it: the server's, without "$schema". */
const sentSchema = {
  type: 'object',
  properties: {
    city: { type: 'string', description: 'City name' },
    days: { type: 'integer', minimum: 1, maximum: 7, default: 3 },
  },
  required: ['city'],
  additionalProperties: false,
};

const weatherSchema = { $schema: 'https://json-schema.org/draft/2020-12/schema', ...sentSchema };

/** Only the parts a person reads, to keep snapshots short. */
function brief(warnings: Array<{ level: string; type: string; path: string; message: string }>) {
  return warnings.map((warning) => `${warning.level} ${warning.type} ${warning.path}: ${warning.message}`);
}

describe('toProviderSchema: a typical MCP tool schema', () => {
  it('anthropic: strips $schema with an info note and keeps everything else', () => {
    const result = toProviderSchema(weatherSchema, 'anthropic');
    expect(result.schema).toStrictEqual(sentSchema);
    expect(brief(result.warnings)).toMatchInlineSnapshot(`
      [
        "info other #/$schema: Removed "$schema" (https://json-schema.org/draft/2020-12/schema): Anthropic does not need it and reads the schema the same way without it.",
      ]
    `);
  });

  it('openai: the same schema, plus why it is sent without strict mode', () => {
    const result = toProviderSchema(weatherSchema, 'openai');
    expect(result.schema).toStrictEqual(sentSchema);
    expect(brief(result.warnings)).toMatchInlineSnapshot(`
      [
        "info other #/$schema: Removed "$schema" (https://json-schema.org/draft/2020-12/schema): OpenAI does not need it and reads the schema the same way without it.",
        "info other #: Sent without strict mode: strict mode needs "additionalProperties": false on every object, every property required and only supported keywords, but #/properties/days is optional.",
      ]
    `);
    expect(result.strictCompatible).toBe(false);
  });

  it('does not modify the server schema', () => {
    const copy = structuredClone(weatherSchema);
    toProviderSchema(weatherSchema, 'anthropic');
    toProviderSchema(weatherSchema, 'openai');
    expect(weatherSchema).toEqual(copy);
  });
});

describe('toProviderSchema: roots that are not object schemas', () => {
  it.each(['anthropic', 'openai'] as const)('%s: a missing schema becomes an empty object schema', (provider) => {
    const result = toProviderSchema(undefined, provider);
    expect(result.schema).toEqual({ type: 'object', properties: {} });
    expect(result.warnings[0]).toMatchObject({ level: 'warning', path: '#' });
    expect(result.warnings[0]?.message).toContain('no input schema');
  });

  it.each([
    ['a string', 'hello', 'JSON string'],
    ['an array', [{ type: 'string' }], 'JSON array'],
    ['a boolean schema', true, 'JSON boolean'],
  ])('replaces %s with an empty object schema and says what it was', (_label, input, said) => {
    const result = toProviderSchema(input, 'anthropic');
    expect(result.schema).toEqual({ type: 'object', properties: {} });
    expect(result.warnings).toHaveLength(1);
    expect(result.warnings[0]?.message).toContain(said);
  });

  it('replaces a root of another type', () => {
    const result = toProviderSchema({ type: 'string', minLength: 1 }, 'openai');
    expect(result.schema).toEqual({ type: 'object', properties: {} });
    expect(result.warnings[0]?.message).toContain('root type is "string"');
  });

  it('adds a missing root type, with an info note', () => {
    const result = toProviderSchema({ properties: { q: { type: 'string' } } }, 'anthropic');
    expect(result.schema).toEqual({ type: 'object', properties: { q: { type: 'string' } } });
    expect(brief(result.warnings)).toEqual([
      'info other #/type: Added "type": "object" at the root: both providers require it, and tool arguments are always an object.',
    ]);
  });

  it('narrows a type list that includes object', () => {
    const result = toProviderSchema({ type: ['object', 'null'], properties: {} }, 'anthropic');
    expect(result.schema.type).toBe('object');
    expect(result.warnings[0]).toMatchObject({ level: 'info', path: '#/type' });
  });

  it('replaces root properties that are not an object', () => {
    const result = toProviderSchema({ type: 'object', properties: ['a'] }, 'anthropic');
    expect(result.schema.properties).toEqual({});
    expect(result.warnings[0]).toMatchObject({ level: 'warning', path: '#/properties' });
  });

  it('repairs a root required list providers would reject', () => {
    const notList = toProviderSchema({ type: 'object', properties: { a: {} }, required: 'a' }, 'anthropic');
    expect(notList.schema).not.toHaveProperty('required');
    expect(notList.warnings[0]).toMatchObject({ level: 'warning', path: '#/required' });
    const mixed = toProviderSchema({ type: 'object', properties: { a: {} }, required: ['a', 3, null] }, 'anthropic');
    expect(mixed.schema.required).toEqual(['a']);
    expect(mixed.warnings[0]?.message).toBe('Root "required" held entries that are not names; only the names were kept.');
  });

  it('survives a schema that cannot be written as JSON', () => {
    const cyclic: Record<string, unknown> = { type: 'object' };
    cyclic.self = cyclic;
    const result = toProviderSchema(cyclic, 'openai');
    expect(result.schema).toEqual({ type: 'object', properties: {} });
    expect(result.warnings[0]?.message).toContain('cannot be written as JSON');
  });

  it('warns (not just informs) when $schema declares a dialect that reads differently', () => {
    const result = toProviderSchema({ $schema: 'http://json-schema.org/draft-04/schema#', type: 'object', properties: {} }, 'anthropic');
    expect(result.schema).not.toHaveProperty('$schema');
    expect(result.warnings).toEqual([
      expect.objectContaining({ level: 'warning', path: '#/$schema', message: expect.stringContaining('draft-04') }),
    ]);
  });

  it('keeps draft-07 $schema removal at info level', () => {
    const result = toProviderSchema({ $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: {} }, 'anthropic');
    expect(result.warnings).toEqual([expect.objectContaining({ level: 'info', path: '#/$schema' })]);
  });
});

describe('toProviderSchema: anthropic', () => {
  it('flattens a root oneOf, which Anthropic rejects, into root properties', () => {
    const input = {
      type: 'object',
      properties: { verbose: { type: 'boolean' } },
      oneOf: [{ properties: { id: { type: 'string' }, mode: { const: 'id' } }, required: ['id', 'mode'] }, { $ref: '#/$defs/byPath' }],
      $defs: { byPath: { properties: { path: { type: 'string' }, mode: { const: 'path' } }, required: ['path', 'mode'] } },
    };
    const result = toProviderSchema(input, 'anthropic');
    expect(result.schema).toMatchInlineSnapshot(`
      {
        "$defs": {
          "byPath": {
            "properties": {
              "mode": {
                "const": "path",
              },
              "path": {
                "type": "string",
              },
            },
            "required": [
              "path",
              "mode",
            ],
          },
        },
        "properties": {
          "id": {
            "type": "string",
          },
          "mode": {
            "anyOf": [
              {
                "const": "id",
              },
              {
                "const": "path",
              },
            ],
          },
          "path": {
            "type": "string",
          },
          "verbose": {
            "type": "boolean",
          },
        },
        "required": [
          "mode",
        ],
        "type": "object",
      }
    `);
    expect(brief(result.warnings)).toMatchInlineSnapshot(`
      [
        "warning other #/oneOf: Removed "oneOf" (2 alternatives) at the root: Anthropic rejects oneOf, allOf and anyOf at the top level of input_schema. Their properties were merged into the root ("id", "mode", "path"), required only where every alternative requires them. Properties the alternatives define differently became "anyOf" of their definitions: "mode". Glassbox still checks the full rule before calling the tool.",
      ]
    `);
  });

  it('keeps the root definition of a property the alternatives also define', () => {
    const result = toProviderSchema(
      {
        type: 'object',
        properties: { limit: { type: 'integer', maximum: 50 } },
        anyOf: [{ properties: { limit: { type: 'integer' } } }, { properties: { q: { type: 'string' } }, required: ['q'] }],
      },
      'anthropic',
    );
    expect(result.schema.properties).toEqual({ limit: { type: 'integer', maximum: 50 }, q: { type: 'string' } });
    expect(result.schema).not.toHaveProperty('required');
    expect(result.warnings[0]?.message).toContain('kept the root definition: "limit"');
  });

  it('merges allOf requirements as a union', () => {
    const result = toProviderSchema(
      {
        type: 'object',
        allOf: [
          { properties: { a: { type: 'string' } }, required: ['a'] },
          { properties: { b: { type: 'number' } }, required: ['b'] },
        ],
      },
      'anthropic',
    );
    expect(result.schema).toEqual({
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'number' } },
      required: ['a', 'b'],
    });
    expect(result.warnings).toHaveLength(1);
    expect(result.warnings[0]?.path).toBe('#/allOf');
  });

  it('warns about $refs that do not resolve in the schema, not about those that do', () => {
    const result = toProviderSchema(
      {
        type: 'object',
        properties: {
          ok: { $ref: '#/$defs/name' },
          anchored: { $ref: '#person' },
          missing: { $ref: '#/$defs/nowhere' },
          external: { $ref: 'https://example.com/schemas/address.json' },
        },
        $defs: { name: { type: 'string' }, person: { $anchor: 'person', type: 'object' } },
      },
      'anthropic',
    );
    expect(brief(result.warnings)).toMatchInlineSnapshot(`
      [
        "warning unsupported #/properties/missing/$ref: "$ref": "#/$defs/nowhere" does not resolve inside this schema; Anthropic cannot follow it, so the model does not see what it points to.",
        "warning unsupported #/properties/external/$ref: "$ref": "https://example.com/schemas/address.json" does not resolve inside this schema; Anthropic cannot follow it, so the model does not see what it points to.",
      ]
    `);
  });

  it('keeps OpenAI-only concerns out of Anthropic warnings', () => {
    const result = toProviderSchema(
      { type: 'object', properties: { site: { type: 'string', format: 'uri' } }, patternProperties: { '^x-': {} } },
      'anthropic',
    );
    expect(result.warnings).toEqual([]);
  });
});

describe('toProviderSchema: openai', () => {
  it('adds properties to a bare object schema (OpenAI rejects "object schema missing properties")', () => {
    const result = toProviderSchema({ type: 'object' }, 'openai');
    expect(result.schema).toEqual({ type: 'object', properties: {} });
    expect(result.warnings[0]).toMatchObject({ level: 'info', path: '#/properties' });
  });

  it('warns about root combinators without changing them', () => {
    const input = { type: 'object', properties: {}, anyOf: [{ required: ['a'] }, { required: ['b'] }] };
    const result = toProviderSchema(input, 'openai');
    expect(result.schema.anyOf).toEqual(input.anyOf);
    expect(result.warnings[0]).toMatchObject({ level: 'warning', type: 'unsupported', path: '#/anyOf' });
  });

  it('warns about keywords and formats it ignores or rejects, each with its path', () => {
    const result = toProviderSchema(
      {
        type: 'object',
        properties: {
          site: { type: 'string', format: 'uri' },
          when: { type: 'string', format: 'date-time' },
          labels: { type: 'object', patternProperties: { '^x-': { type: 'string' } } },
          shipping: {
            type: 'object',
            properties: { country: { type: 'string' } },
            if: { properties: { country: { const: 'US' } } },
            then: { required: ['zip'] },
            else: { required: ['postcode'] },
          },
          address: { $ref: 'https://example.com/address.json' },
        },
      },
      'openai',
    );
    expect(brief(result.warnings)).toMatchInlineSnapshot(`
      [
        "warning unsupported #/properties/site/format: "format": "uri" is not one OpenAI supports (date-time, time, date, duration, email, hostname, ipv4, ipv6, uuid); it is only a hint to the model.",
        "warning unsupported #/properties/labels/patternProperties: "patternProperties": not supported by OpenAI. Strict mode rejects this rule; in non-strict mode the model only reads it as a hint. Glassbox checks the rule before calling the tool.",
        "warning unsupported #/properties/shipping/if: "if"/"then"/"else": not supported by OpenAI. Strict mode rejects this rule; in non-strict mode the model only reads it as a hint. Glassbox checks the rule before calling the tool.",
        "warning unsupported #/properties/address/$ref: "$ref": "https://example.com/address.json" does not resolve inside this schema; OpenAI cannot follow it, so the model does not see what it points to.",
        "info other #: Sent without strict mode: strict mode needs "additionalProperties": false on every object, every property required and only supported keywords, but the root does not set "additionalProperties": false; #/properties/site is optional; #/properties/when is optional (and 12 more).",
      ]
    `);
  });

  it('warns about nesting deeper than 5 levels and more than 100 properties', () => {
    let deep: Record<string, unknown> = { type: 'object', properties: { leaf: { type: 'string' } } };
    for (let level = 0; level < 5; level++) deep = { type: 'object', properties: { inner: deep } };
    const wide = Object.fromEntries(Array.from({ length: 101 }, (_, index) => [`p${index}`, { type: 'string' }]));
    const result = toProviderSchema({ type: 'object', properties: { deep, ...wide } }, 'openai');
    const messages = result.warnings.map((warning) => `${warning.path}: ${warning.message}`);
    expect(messages).toContain(
      '#/properties/deep/properties/inner/properties/inner/properties/inner/properties/inner/properties/inner: Objects nest 7 levels deep; OpenAI allows 5 in strict mode and may handle deeper schemas poorly.',
    );
    expect(messages).toContain(
      '#: The schema declares 108 properties; OpenAI allows 100 in strict mode and may handle larger schemas poorly.',
    );
  });

  it('reports a strict-compatible schema as such, and still sends it non-strict', () => {
    const result = toProviderSchema(
      {
        type: 'object',
        properties: {
          city: { type: 'string' },
          options: { type: 'object', properties: { metric: { type: 'boolean' } }, required: ['metric'], additionalProperties: false },
        },
        required: ['city', 'options'],
        additionalProperties: false,
      },
      'openai',
    );
    expect(result.strictCompatible).toBe(true);
    expect(brief(result.warnings)).toEqual([
      'info other #: Sent without strict mode, like every tool: Glassbox shows each server schema as published. This schema would also qualify for strict mode.',
    ]);
  });

  it('names the reasons a schema is not strict-compatible', () => {
    const result = toProviderSchema(
      {
        type: 'object',
        properties: { a: { type: 'string' }, b: { type: 'object', properties: { c: { type: 'number' } } } },
        required: ['a', 'b'],
        additionalProperties: false,
      },
      'openai',
    );
    expect(result.strictCompatible).toBe(false);
    expect(result.warnings.at(-1)?.message).toBe(
      'Sent without strict mode: strict mode needs "additionalProperties": false on every object, every property required and only supported keywords, but #/properties/b does not set "additionalProperties": false; #/properties/b/properties/c is optional.',
    );
  });
});

describe('toProviderSchema: hostile input', () => {
  it('does not overflow on a very deep schema', () => {
    let deep: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 500; level++) deep = { type: 'array', items: deep };
    for (const provider of ['anthropic', 'openai'] as const) {
      const result = toProviderSchema({ type: 'object', properties: { deep } }, provider);
      expect(result.warnings.some((warning) => warning.message.includes('not checked below this point'))).toBe(true);
    }
  });
});

describe('resolveLocalRef', () => {
  const root = { $defs: { 'a/b': { type: 'string' }, 'm~n': { type: 'number' }, list: [{ type: 'null' }] } };
  it('follows JSON pointers with escapes and array indexes', () => {
    expect(resolveLocalRef('#/$defs/a~1b', root)).toEqual({ type: 'string' });
    expect(resolveLocalRef('#/$defs/m~0n', root)).toEqual({ type: 'number' });
    expect(resolveLocalRef('#/$defs/list/0', root)).toEqual({ type: 'null' });
    expect(resolveLocalRef('#', root)).toBe(root);
  });
  it('returns undefined for external or missing targets', () => {
    expect(resolveLocalRef('other.json#/x', root)).toBeUndefined();
    expect(resolveLocalRef('#/$defs/none', root)).toBeUndefined();
    expect(resolveLocalRef('#/$defs/toString', root)).toBeUndefined();
    expect(resolveLocalRef('#%E0%A4%A', root)).toBeUndefined();
  });
});
