import { describe, expect, it } from 'vitest';
import { ElicitationSchemaError } from './elicitation-error';
import { EVERYTHING_SCHEMA, formOf } from './__fixtures__/schemas';
import { initialValues, readElicitationForm } from './form-model';

describe('readElicitationForm', () => {
  it("reads every field kind of the everything server's form, in order, with labels and bounds", () => {
    const form = formOf(EVERYTHING_SCHEMA);
    expect(form.fields).toEqual([
      { name: 'name', label: 'String', description: 'Your full, legal name', required: true, kind: 'text' },
      { name: 'check', label: 'Boolean', required: false, kind: 'boolean' },
      { name: 'firstLine', label: 'String with default', required: false, kind: 'text', default: 'It was a dark and stormy night.' },
      { name: 'email', label: 'String with email format', required: false, kind: 'text', format: 'email' },
      { name: 'homepage', label: 'String with uri format', required: false, kind: 'text', format: 'uri' },
      { name: 'birthdate', label: 'String with date format', required: false, kind: 'text', format: 'date' },
      { name: 'integer', label: 'Integer', required: false, kind: 'number', integer: true, minimum: 1, maximum: 100, default: 42 },
      { name: 'number', label: 'Number in range 1-1000', required: false, kind: 'number', integer: false, minimum: 0, maximum: 1000, default: 3.14 },
      {
        name: 'untitledSingleSelectEnum',
        label: 'Untitled Single Select Enum',
        required: false,
        kind: 'choice',
        options: [
          { value: 'Monica', label: 'Monica' },
          { value: 'Rachel', label: 'Rachel' },
        ],
        default: 'Monica',
      },
      {
        name: 'untitledMultipleSelectEnum',
        label: 'Untitled Multiple Select Enum',
        required: false,
        kind: 'multi-choice',
        options: ['Guitar', 'Piano', 'Violin', 'Drums', 'Bass'].map((value) => ({ value, label: value })),
        minItems: 1,
        maxItems: 3,
        default: ['Guitar'],
      },
      {
        name: 'titledSingleSelectEnum',
        label: 'Titled Single Select Enum',
        required: false,
        kind: 'choice',
        options: [
          { value: 'hero-1', label: 'Superman' },
          { value: 'hero-2', label: 'Green Lantern' },
        ],
        default: 'hero-1',
      },
      {
        name: 'titledMultipleSelectEnum',
        label: 'Titled Multiple Select Enum',
        required: false,
        kind: 'multi-choice',
        options: [
          { value: 'fish-1', label: 'Tuna' },
          { value: 'fish-2', label: 'Salmon' },
        ],
        minItems: 1,
        maxItems: 3,
        default: ['fish-1'],
      },
      {
        name: 'legacyTitledEnum',
        label: 'Legacy Titled Single Select Enum',
        required: false,
        kind: 'choice',
        options: [
          { value: 'pet-1', label: 'Cats' },
          { value: 'pet-2', label: 'Dogs' },
        ],
        default: 'pet-1',
      },
    ]);
  });

  it('starts from the defaults, with empty multi-selects where there is none', () => {
    const values = initialValues(formOf(EVERYTHING_SCHEMA));
    expect(values).toEqual({
      firstLine: 'It was a dark and stormy night.',
      integer: 42,
      number: 3.14,
      untitledSingleSelectEnum: 'Monica',
      untitledMultipleSelectEnum: ['Guitar'],
      titledSingleSelectEnum: 'hero-1',
      titledMultipleSelectEnum: ['fish-1'],
      legacyTitledEnum: 'pet-1',
    });
    const noDefault = formOf({ type: 'object', properties: { tags: { type: 'array', items: { enum: ['a'] } } } });
    expect(initialValues(noDefault)).toEqual({ tags: [] });
  });

  it('drops a default of the wrong type instead of failing', () => {
    const form = formOf({ type: 'object', properties: { age: { type: 'integer', default: 'thirty' } } });
    expect(form.fields[0]).toEqual({ name: 'age', label: 'age', required: false, kind: 'number', integer: true });
  });

  it('names every field it cannot render, each with a code', () => {
    const result = readElicitationForm({
      type: 'object',
      properties: {
        ok: { type: 'string' },
        address: { type: 'object', properties: { street: { type: 'string' } } },
        list: { type: 'array', items: { type: 'number' } },
        color: { type: 'string', format: 'color' },
        size: { type: 'string', enum: [] },
        age: { type: 'integer', minimum: 10, maximum: 1 },
        nothing: 'a string',
        blob: { type: 'null' },
        pets: { type: 'string', enum: ['a', 'b'], enumNames: ['A'] },
      },
    });
    if (result.ok) throw new Error('expected problems');
    expect(result.problems.map((problem) => [problem.field, problem.code])).toEqual([
      ['address', 'field-nested'],
      ['list', 'field-unsupported-type'],
      ['color', 'field-unsupported-format'],
      ['size', 'field-bad-enum'],
      ['age', 'field-bad-bounds'],
      ['nothing', 'field-not-object'],
      ['blob', 'field-unsupported-type'],
      ['pets', 'field-bad-enum'],
    ]);
    expect(result.problems.every((problem) => problem instanceof ElicitationSchemaError)).toBe(true);
    expect(result.problems[0]?.message).toBe('Field "address": nested objects are not allowed in an elicitation form');
  });

  it('refuses a schema that is no object schema, without throwing', () => {
    for (const [schema, code] of [
      [null, 'schema-not-object'],
      ['{}', 'schema-not-object'],
      [{ type: 'array' }, 'schema-not-object'],
      [{ type: 'object' }, 'schema-no-properties'],
      [{ type: 'object', properties: [] }, 'schema-no-properties'],
    ] as const) {
      const result = readElicitationForm(schema);
      expect(result.ok ? undefined : result.problems.map((problem) => problem.code)).toEqual([code]);
    }
  });

  it('reads an empty properties object as an empty form (a plain confirmation)', () => {
    expect(formOf({ type: 'object', properties: {} }).fields).toEqual([]);
  });
});
