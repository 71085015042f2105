import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readablePath } from './describe-argument-error';
import { validateArguments } from './validate-arguments';

const weather = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: {
    city: { type: 'string', minLength: 2 },
    days: { type: 'integer', minimum: 1, maximum: 7 },
    units: { enum: ['metric', 'imperial'] },
  },
  required: ['city'],
  additionalProperties: false,
};

describe('validateArguments: draft 2020-12 schema with $schema', () => {
  it('accepts valid arguments', () => {
    expect(validateArguments(weather, { city: 'Paris', days: 3, units: 'metric' })).toEqual({ ok: true });
  });

  it('names every wrong field in one actionable sentence', () => {
    const result = validateArguments(weather, { days: 8 });
    expect(result).toEqual({
      ok: false,
      errors: [
        { path: 'city', message: 'is required' },
        { path: 'days', message: 'must be at most 7' },
      ],
      summary: '"city" is required; "days" must be at most 7',
    });
  });

  it('reports an extra property once, and not the failing declared ones as extra', () => {
    const result = validateArguments(weather, { city: 'P', units: 'kelvin', extra: true });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.summary).toBe(
      '"city" must be at least 2 characters long (has 1); "units" must be one of "metric", "imperial"; "extra" is not an allowed property: remove it',
    );
  });

  it('explains a wrong type of the whole arguments', () => {
    const result = validateArguments(weather, ['Paris']);
    expect(result).toMatchObject({ ok: false, summary: 'The arguments must be an object (got array)' });
  });

  it('reports missing arguments', () => {
    expect(validateArguments(weather, undefined)).toMatchObject({ ok: false, summary: 'The arguments are missing: send a JSON object' });
  });
});

describe('validateArguments: draft-07', () => {
  const schema = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: {
      email: { type: 'string', format: 'email' },
      code: { type: 'string', pattern: '^[A-Z]{3}$' },
      tags: { type: 'array', items: { type: 'string' }, maxItems: 2, uniqueItems: true },
      nested: {
        type: 'object',
        properties: { 'odd key': { type: ['number', 'null'] } },
        additionalProperties: false,
      },
      point: { type: 'array', items: [{ type: 'number' }, { type: 'number' }] },
    },
    definitions: { positive: { type: 'number', exclusiveMinimum: 0 } },
    additionalProperties: { $ref: '#/definitions/positive' },
  };

  it('validates with draft-07 semantics and rewrites every message', () => {
    const result = validateArguments(schema, {
      email: 'not-an-email',
      code: 'abc',
      tags: ['a', 'a', 'b'],
      nested: { 'odd key': 'x', more: 1 },
      point: [1, 'two'],
      weight: 0,
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toMatchInlineSnapshot(`
      [
        {
          "message": "must be a valid email address",
          "path": "email",
        },
        {
          "message": "must match the pattern ^[A-Z]{3}$",
          "path": "code",
        },
        {
          "message": "must have at most 2 items (has 3)",
          "path": "tags",
        },
        {
          "message": "must not contain duplicates (items 0 and 1 are equal)",
          "path": "tags",
        },
        {
          "message": "must be a number or null (got string)",
          "path": "nested["odd key"]",
        },
        {
          "message": "is not an allowed property: remove it",
          "path": "nested.more",
        },
        {
          "message": "must be a number (got string)",
          "path": "point[1]",
        },
        {
          "message": "must be greater than 0",
          "path": "weight",
        },
      ]
    `);
  });

  it('accepts valid draft-07 arguments, including tuple items and additional properties', () => {
    expect(validateArguments(schema, { point: [1, 2], weight: 0.5, nested: { 'odd key': null } })).toEqual({ ok: true });
  });
});

describe('validateArguments: other keywords', () => {
  it('explains exclusive bounds and multiples', () => {
    const schema = {
      type: 'object',
      properties: {
        ratio: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
        step: { type: 'integer', multipleOf: 5 },
        atLeast: { type: 'number', minimum: 10 },
      },
    };
    const result = validateArguments(schema, { ratio: -1, step: 7, atLeast: 3 });
    expect(result).toMatchObject({
      ok: false,
      summary: '"ratio" must be greater than 0; "step" must be a multiple of 5; "atLeast" must be at least 10',
    });
    expect(validateArguments(schema, { ratio: 1 })).toMatchObject({ summary: '"ratio" must be less than 1' });
  });

  it('explains oneOf, anyOf, const and nested paths', () => {
    const schema = {
      type: 'object',
      properties: {
        target: { oneOf: [{ type: 'string' }, { type: 'integer' }, { type: 'number' }] },
        mode: { const: 'fast' },
        stops: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } },
      },
      anyOf: [{ required: ['target'] }, { required: ['mode'] }],
    };
    const result = validateArguments(schema, { target: 3, mode: 'slow', stops: [{ name: 'a' }, {}] });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.summary).toBe(
      '"target" must match exactly one of the allowed forms (oneOf), but matches 2; "mode" must be exactly "fast"; "stops[1].name" is required',
    );
    const none = validateArguments(schema, {});
    expect(none).toMatchObject({ ok: false });
    if (!none.ok) expect(none.summary).toContain('The arguments must match at least one of the allowed forms (anyOf)');
  });

  it('folds the alternatives of a failed union into one message', () => {
    const schema = {
      type: 'object',
      properties: { id: { anyOf: [{ type: 'string' }, { type: 'integer' }] }, size: { oneOf: [{ const: 'S' }, { const: 'M' }] } },
    };
    expect(validateArguments(schema, { id: true, size: 'XL' })).toMatchObject({
      ok: false,
      summary:
        '"id" must match one of the allowed forms (anyOf): must be a string (got boolean), or must be an integer (got boolean); "size" must match one of the allowed forms (oneOf): must be exactly "S", or must be exactly "M"',
    });
  });

  it('tells minProperties and maxProperties apart', () => {
    const schema = { type: 'object', properties: { tags: { type: 'object', minProperties: 1, maxProperties: 2 } } };
    expect(validateArguments(schema, { tags: {} })).toMatchObject({ summary: '"tags" must have at least 1 properties (has 0)' });
    expect(validateArguments(schema, { tags: { a: 1, b: 2, c: 3 } })).toMatchObject({
      summary: '"tags" must have at most 2 properties (has 3)',
    });
  });

  it('explains dependentRequired', () => {
    const schema = { type: 'object', dependentRequired: { card: ['cvc'] } };
    expect(validateArguments(schema, { card: '4111' })).toMatchObject({ summary: '"cvc" is required when "card" is given' });
  });

  it('validates draft-04 schemas (boolean exclusiveMaximum)', () => {
    const schema = {
      $schema: 'http://json-schema.org/draft-04/schema#',
      type: 'object',
      properties: { n: { type: 'number', maximum: 10, exclusiveMaximum: true } },
    };
    expect(validateArguments(schema, { n: 10 })).toMatchObject({ summary: '"n" must be less than 10' });
    expect(validateArguments(schema, { n: 9 })).toEqual({ ok: true });
  });
});

describe('validateArguments: schemas it cannot use', () => {
  it('lets the call through, saying why, when a $ref does not resolve', () => {
    const schema = { type: 'object', properties: { a: { $ref: 'https://example.com/a.json' } } };
    const result = validateArguments(schema, { a: 1 });
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.unchecked).toMatch(/^The arguments were not checked: .*Unresolved \$ref/);
  });

  it('lets the call through when a pattern is not a valid regular expression', () => {
    const result = validateArguments({ type: 'object', properties: { a: { type: 'string', pattern: '(' } } }, { a: 'x' });
    expect(result).toMatchObject({ ok: true, unchecked: expect.stringContaining('not checked') });
  });

  it('says so when there is no schema', () => {
    expect(validateArguments(undefined, {})).toMatchObject({ ok: true, unchecked: expect.any(String) });
  });

  it('does not modify or depend on the caller keeping the schema unchanged', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' } } };
    const frozen = Object.freeze(structuredClone(schema));
    expect(validateArguments(frozen, { a: 1 })).toMatchObject({ ok: false, summary: '"a" must be a string (got number)' });
    expect(JSON.stringify(frozen)).toBe(JSON.stringify(schema));
  });
});

describe('validateArguments: caching', () => {
  it('compiles a schema object once and reuses it', () => {
    let reads = 0;
    const schema = {
      type: 'object',
      get properties() {
        reads++;
        return { a: { type: 'string' } };
      },
    };
    validateArguments(schema, { a: 'x' });
    const afterFirst = reads;
    validateArguments(schema, { a: 'y' });
    validateArguments(schema, { a: 3 });
    expect(afterFirst).toBeGreaterThan(0);
    expect(reads).toBe(afterFirst);
  });
});

describe('validateArguments: structured errors', () => {
  it('keeps values that look like error locations intact (the engine errors are not split from a string)', () => {
    const schema = { type: 'object', properties: { mode: { enum: ['a; #/b: c', 'd'] } } };
    expect(validateArguments(schema, { mode: 'x' })).toEqual({
      ok: false,
      errors: [{ path: 'mode', message: 'must be one of "a; #/b: c", "d"' }],
      summary: '"mode" must be one of "a; #/b: c", "d"',
    });
  });

  it('reads limits through $ref', () => {
    const schema = {
      type: 'object',
      $defs: { small: { type: 'integer', maximum: 3 } },
      properties: { n: { $ref: '#/$defs/small' } },
    };
    expect(validateArguments(schema, { n: 5 })).toMatchObject({ summary: '"n" must be at most 3' });
  });

  it('names the property name that breaks propertyNames, and why', () => {
    const schema = { type: 'object', properties: { tags: { type: 'object', propertyNames: { maxLength: 3 } } } };
    expect(validateArguments(schema, { tags: { ok: 1, toolong: 2 } })).toMatchObject({
      summary: '"tags" must not have a property named "toolong": the name must be at most 3 characters long (has 7)',
    });
  });

  it('counts the matching items for minContains and maxContains, without blaming the others', () => {
    const schema = {
      type: 'object',
      properties: { xs: { type: 'array', contains: { const: 1 }, minContains: 2, maxContains: 3 } },
    };
    expect(validateArguments(schema, { xs: [1, 0, 0] })).toEqual({
      ok: false,
      errors: [{ path: 'xs', message: 'must contain at least 2 matching items (found 1)' }],
      summary: '"xs" must contain at least 2 matching items (found 1)',
    });
    expect(validateArguments(schema, { xs: [1, 1, 1, 1] })).toMatchObject({
      summary: '"xs" must contain at most 3 matching items (found 4)',
    });
    expect(validateArguments({ type: 'array', contains: { const: 1 } }, [0, 2])).toMatchObject({
      summary: 'The arguments must contain at least one matching item',
    });
  });

  it('says which given property brings dependentSchemas into play', () => {
    const schema = { type: 'object', dependentSchemas: { card: { required: ['cvc'] } } };
    expect(validateArguments(schema, { card: '4111' })).toMatchObject({
      summary: 'The arguments must meet the extra rules that apply when "card" is given; "cvc" is required',
    });
  });
});

describe('readablePath', () => {
  it('writes paths the way a person would', () => {
    expect(readablePath([])).toBe('');
    expect(readablePath(['options', 'units'])).toBe('options.units');
    expect(readablePath(['stops', '2', 'name'])).toBe('stops[2].name');
    expect(readablePath(['we ird/key'])).toBe('["we ird/key"]');
  });
});

describe('CSP safety', () => {
  const files = ['./validate-arguments.ts', './explain-argument-errors.ts', './describe-argument-error.ts'];

  it('never compiles code at run time (no new Function, no eval)', () => {
    for (const file of files) {
      const source = readFileSync(fileURLToPath(new URL(file, import.meta.url)), 'utf8');
      const code = source.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
      expect(code).not.toMatch(/new\s+Function\b/);
      expect(code).not.toMatch(/\beval\s*\(/);
      expect(code).not.toMatch(/from ['"]ajv/);
    }
  });

  it('the validator it uses does not compile code either', () => {
    const dist = fileURLToPath(new URL('../../../node_modules/@cfworker/json-schema/dist/esm/', import.meta.url));
    const sources = readdirSync(dist).filter((name) => name.endsWith('.js'));
    expect(sources).toContain('validate.js');
    for (const name of sources) {
      const source = readFileSync(`${dist}${name}`, 'utf8');
      expect(source).not.toMatch(/new\s+Function\s*\(/);
      expect(source).not.toMatch(/\beval\s*\(/);
    }
  });
});
