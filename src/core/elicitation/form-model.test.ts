import { describe, expect, it } from 'vitest';
import { ElicitationSchemaError } from './elicitation-error';
import { EVERYTHING_SCHEMA, formOf } from './__fixtures__/schemas';
import { initialValues, readElicitationForm } from './form-model';

describe('readElicitationForm', () => {
  it("reads every field kind of the everything server's form, in order, with labels, marks and defaults", () => {
    const form = formOf(EVERYTHING_SCHEMA);
    expect(form.fields.map((field) => [field.name, field.kind, field.label, field.required, field.default])).toEqual([
      ['name', 'text', 'String', true, undefined],
      ['check', 'boolean', 'Boolean', false, undefined],
      ['firstLine', 'text', 'String with default', false, 'It was a dark and stormy night.'],
      ['email', 'text', 'String with email format', false, undefined],
      ['homepage', 'text', 'String with uri format', false, undefined],
      ['birthdate', 'text', 'String with date format', false, undefined],
      ['integer', 'number', 'Integer', false, 42],
      ['number', 'number', 'Number in range 1-1000', false, 3.14],
      ['untitledSingleSelectEnum', 'choice', 'Untitled Single Select Enum', false, 'Monica'],
      ['untitledMultipleSelectEnum', 'multi-choice', 'Untitled Multiple Select Enum', false, ['Guitar']],
      ['titledSingleSelectEnum', 'choice', 'Titled Single Select Enum', false, 'hero-1'],
      ['titledMultipleSelectEnum', 'multi-choice', 'Titled Multiple Select Enum', false, ['fish-1']],
      ['legacyTitledEnum', 'choice', 'Legacy Titled Single Select Enum', false, 'pet-1'],
    ]);
  });

  it("keeps each kind's details: formats, bounds, and options with their labels", () => {
    const fields = Object.fromEntries(formOf(EVERYTHING_SCHEMA).fields.map((field) => [field.name, field]));
    expect(fields['name']).toEqual({ name: 'name', label: 'String', description: 'Your full, legal name', required: true, kind: 'text' });
    expect([fields['email'], fields['homepage'], fields['birthdate']].map((field) => field?.kind === 'text' && field.format)).toEqual([
      'email',
      'uri',
      'date',
    ]);
    expect(fields['integer']).toMatchObject({ integer: true, minimum: 1, maximum: 100 });
    expect(fields['number']).toMatchObject({ integer: false, minimum: 0, maximum: 1000 });
    const labels = (name: string) => {
      const field = fields[name];
      return field?.kind === 'choice' || field?.kind === 'multi-choice'
        ? field.options.map((option) => `${option.value}=${option.label}`)
        : [];
    };
    expect(labels('untitledSingleSelectEnum')).toEqual(['Monica=Monica', 'Rachel=Rachel']);
    expect(labels('titledSingleSelectEnum')).toEqual(['hero-1=Superman', 'hero-2=Green Lantern']);
    expect(labels('titledMultipleSelectEnum')).toEqual(['fish-1=Tuna', 'fish-2=Salmon']);
    expect(labels('legacyTitledEnum')).toEqual(['pet-1=Cats', 'pet-2=Dogs']);
    expect(labels('untitledMultipleSelectEnum')).toEqual(['Guitar=Guitar', 'Piano=Piano', 'Violin=Violin', 'Drums=Drums', 'Bass=Bass']);
    expect(fields['untitledMultipleSelectEnum']).toMatchObject({ minItems: 1, maxItems: 3 });
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
