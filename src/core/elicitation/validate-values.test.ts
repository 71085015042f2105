import { describe, expect, it } from 'vitest';
import { ElicitationValuesError } from './elicitation-error';
import { initialValues } from './form-model';
import { EVERYTHING_SCHEMA, formOf } from './__fixtures__/schemas';
import { buildAcceptResult, validateElicitationValues } from './validate-values';

const form = formOf(EVERYTHING_SCHEMA);

/** The [field, code] pairs of the problems of `values` (starting from the defaults). */
function problems(values: Record<string, unknown>): Array<[string, string]> {
  const all = validateElicitationValues(form, { ...initialValues(form), name: 'Ada', ...values } as never);
  return all.map((message) => [message.field, message.code]);
}

describe('validateElicitationValues', () => {
  it('accepts the defaults plus the one required field', () => {
    expect(problems({})).toEqual([]);
  });

  it('marks a missing required field, naming it by its label', () => {
    const messages = validateElicitationValues(form, { ...initialValues(form), name: '' });
    expect(messages).toEqual([{ field: 'name', code: 'required', message: 'String is required.' }]);
  });

  it('checks each string format', () => {
    expect(problems({ email: 'ada@example' })).toEqual([['email', 'bad-format']]);
    expect(problems({ email: 'ada@example.com' })).toEqual([]);
    expect(problems({ homepage: 'example.com' })).toEqual([['homepage', 'bad-format']]);
    expect(problems({ homepage: 'https://example.com/me' })).toEqual([]);
    expect(problems({ birthdate: '2026-02-30' })).toEqual([['birthdate', 'bad-format']]);
    expect(problems({ birthdate: '2024-02-29' })).toEqual([]);
  });

  it('checks date-time with its time zone', () => {
    const withTime = formOf({ type: 'object', properties: { at: { type: 'string', format: 'date-time' } } });
    const check = (at: string) => validateElicitationValues(withTime, { at }).map((message) => message.code);
    expect(check('2026-12-01T09:30:00Z')).toEqual([]);
    expect(check('2026-12-01T09:30+01:00')).toEqual([]);
    expect(check('2026-12-01T09:30:00')).toEqual(['bad-format']);
    expect(check('2026-13-01T09:30:00Z')).toEqual(['bad-format']);
  });

  it('checks string lengths in characters, not UTF-16 units', () => {
    const short = formOf({ type: 'object', properties: { code: { type: 'string', minLength: 2, maxLength: 3 } } });
    const check = (code: string) => validateElicitationValues(short, { code }).map((message) => message.message);
    expect(check('a')).toEqual(['Enter at least 2 characters.']);
    expect(check('abcd')).toEqual(['Enter at most 3 characters.']);
    expect(check('😀😀😀')).toEqual([]);
  });

  it('checks numbers typed as text, integers and bounds', () => {
    expect(problems({ integer: '7' })).toEqual([]);
    expect(problems({ integer: 'seven' })).toEqual([['integer', 'not-a-number']]);
    expect(problems({ integer: 7.5 })).toEqual([['integer', 'not-an-integer']]);
    expect(problems({ integer: 0 })).toEqual([['integer', 'too-small']]);
    expect(problems({ number: '1000.5' })).toEqual([['number', 'too-large']]);
  });

  it('checks options, single and multiple, and the item counts', () => {
    expect(problems({ titledSingleSelectEnum: 'Superman' })).toEqual([['titledSingleSelectEnum', 'not-an-option']]);
    expect(problems({ untitledMultipleSelectEnum: ['Guitar', 'Kazoo'] })).toEqual([['untitledMultipleSelectEnum', 'not-an-option']]);
    expect(problems({ untitledMultipleSelectEnum: ['Guitar', 'Piano', 'Violin', 'Drums'] })).toEqual([
      ['untitledMultipleSelectEnum', 'too-many-items'],
    ]);
    // Empty and optional: left out of the result, not a problem.
    expect(problems({ titledMultipleSelectEnum: [] })).toEqual([]);
  });

  it('says when a control holds the wrong kind of value', () => {
    expect(problems({ check: 'yes', name: 5 })).toEqual([
      ['name', 'wrong-type'],
      ['check', 'wrong-type'],
    ]);
  });
});

describe('buildAcceptResult', () => {
  it('sends the defaults and the entered values, numbers as numbers, empty optional fields left out', () => {
    const result = buildAcceptResult(form, { ...initialValues(form), name: 'Ada', integer: '7', email: '', titledMultipleSelectEnum: [] });
    expect(result).toEqual({
      action: 'accept',
      content: {
        name: 'Ada',
        firstLine: 'It was a dark and stormy night.',
        integer: 7,
        number: 3.14,
        untitledSingleSelectEnum: 'Monica',
        untitledMultipleSelectEnum: ['Guitar'],
        titledSingleSelectEnum: 'hero-1',
        legacyTitledEnum: 'pet-1',
      },
    });
  });

  it('applies every default of the conformance scenario (SEP-1034) when the person changes nothing', () => {
    const defaults = formOf({
      type: 'object',
      properties: {
        name: { type: 'string', default: 'John Doe' },
        age: { type: 'integer', default: 30 },
        score: { type: 'number', default: 95.5 },
        status: { type: 'string', enum: ['active', 'inactive', 'pending'], default: 'active' },
        verified: { type: 'boolean', default: true },
      },
      required: [],
    });
    expect(buildAcceptResult(defaults, initialValues(defaults)).content).toEqual({
      name: 'John Doe',
      age: 30,
      score: 95.5,
      status: 'active',
      verified: true,
    });
  });

  it('keeps an unchecked box as false and removes repeated choices', () => {
    const result = buildAcceptResult(form, { name: 'Ada', check: false, untitledMultipleSelectEnum: ['Piano', 'Piano'] });
    expect(result.content).toEqual({ name: 'Ada', check: false, untitledMultipleSelectEnum: ['Piano'] });
  });

  it('throws every message when values do not fit', () => {
    let caught: unknown;
    try {
      buildAcceptResult(form, { name: '', integer: 500 });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ElicitationValuesError);
    const error = caught as ElicitationValuesError;
    expect(error.code).toBe('invalid-values');
    expect(error.messages.map((message) => message.field)).toEqual(['name', 'integer']);
    expect(error.message).toBe('The form has 2 problems: String is required.; Enter 100 or less.');
  });
});
