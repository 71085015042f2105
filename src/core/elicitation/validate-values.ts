/**
 * Checks the person's values against the form before anything is sent, with one message per
 * problem beside its field, and builds the `elicitation/create` result from values that fit.
 */
import { ElicitationValuesError } from './elicitation-error';
import type { ElicitationFieldMessage } from './elicitation-error';
import type { ElicitationField, ElicitationForm, ElicitationValues, FieldValue, StringFormat } from './form-model';

/** A value the result may carry, as the spec allows in `content`. */
type ContentValue = string | number | boolean | string[];

// Type aliases rather than interfaces: the SDK's result types have an index signature, which
// only an alias (not an interface) is assignable to.

/** The result of an accepted form, ready to send back. */
export type AcceptedElicitResult = { action: 'accept'; content: Record<string, ContentValue> };

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/i;

/** True when `text` is a real calendar date as YYYY-MM-DD (no 2026-02-30). */
function isCalendarDate(text: string): boolean {
  const match = DATE.exec(text);
  if (match === null) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** True when `text` is an absolute URI (a scheme and something after it). */
function isUri(text: string): boolean {
  if (!/^[a-z][a-z0-9+.-]*:\S+$/i.test(text)) return false;
  try {
    new URL(text);
    return true;
  } catch {
    return false;
  }
}

/** What a format expects, for the message; and whether `text` has it. */
const FORMATS: Record<StringFormat, { expected: string; test: (text: string) => boolean }> = {
  email: { expected: 'an email address, like name@example.com', test: (text) => EMAIL.test(text) },
  uri: { expected: 'an absolute address, like https://example.com', test: isUri },
  date: { expected: 'a date as YYYY-MM-DD', test: isCalendarDate },
  'date-time': {
    expected: 'a date and time with its time zone, like 2026-12-01T09:30:00Z',
    test: (text) => {
      const match = DATE_TIME.exec(text);
      return match !== null && isCalendarDate(match[1] ?? '');
    },
  },
};

/** True when the person left the field empty (an unchecked box is a value, false). */
function isEmpty(value: FieldValue): boolean {
  return value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

/** The number a number field holds (typed text is parsed), or NaN when it holds none. */
function toNumber(value: FieldValue): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '') return Number(value.trim());
  return Number.NaN;
}

/** Plural-aware "N characters" / "N items". */
function amount(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/** The problems of one non-empty value, as [code, message] pairs. */
function checkValue(field: ElicitationField, value: FieldValue): Array<[ElicitationFieldMessage['code'], string]> {
  const problems: Array<[ElicitationFieldMessage['code'], string]> = [];
  switch (field.kind) {
    case 'text': {
      if (typeof value !== 'string') return [['wrong-type', 'Enter text.']];
      const length = [...value].length;
      if (field.minLength !== undefined && length < field.minLength)
        problems.push(['too-short', `Enter at least ${amount(field.minLength, 'character')}.`]);
      if (field.maxLength !== undefined && length > field.maxLength)
        problems.push(['too-long', `Enter at most ${amount(field.maxLength, 'character')}.`]);
      if (field.format !== undefined && !FORMATS[field.format].test(value))
        problems.push(['bad-format', `Enter ${FORMATS[field.format].expected}.`]);
      return problems;
    }
    case 'number': {
      const number = toNumber(value);
      if (!Number.isFinite(number)) return [['not-a-number', 'Enter a number.']];
      if (field.integer && !Number.isInteger(number)) problems.push(['not-an-integer', 'Enter a whole number.']);
      if (field.minimum !== undefined && number < field.minimum) problems.push(['too-small', `Enter ${field.minimum} or more.`]);
      if (field.maximum !== undefined && number > field.maximum) problems.push(['too-large', `Enter ${field.maximum} or less.`]);
      return problems;
    }
    case 'boolean':
      return typeof value === 'boolean' ? [] : [['wrong-type', 'Choose yes or no.']];
    case 'choice':
      return typeof value === 'string' && field.options.some((option) => option.value === value)
        ? []
        : [['not-an-option', 'Choose one of the options.']];
    case 'multi-choice': {
      if (!Array.isArray(value)) return [['wrong-type', 'Choose from the options.']];
      if (value.some((item) => !field.options.some((option) => option.value === item)))
        problems.push(['not-an-option', 'Choose only from the options.']);
      const chosen = new Set(value).size;
      if (field.minItems !== undefined && chosen < field.minItems) problems.push(['too-few-items', `Choose at least ${field.minItems}.`]);
      if (field.maxItems !== undefined && chosen > field.maxItems) problems.push(['too-many-items', `Choose at most ${field.maxItems}.`]);
      return problems;
    }
    default: {
      const unreachable: never = field;
      return unreachable;
    }
  }
}

/** Every problem of the values, field by field in form order; empty when they all fit. */
export function validateElicitationValues(form: ElicitationForm, values: ElicitationValues): ElicitationFieldMessage[] {
  const messages: ElicitationFieldMessage[] = [];
  for (const field of form.fields) {
    const value = values[field.name];
    if (isEmpty(value)) {
      // An empty optional field is left out of the result, so only a required one is a problem.
      if (field.required) messages.push({ field: field.name, code: 'required', message: `${field.label} is required.` });
      continue;
    }
    for (const [code, message] of checkValue(field, value)) messages.push({ field: field.name, code, message });
  }
  return messages;
}

/** A value as the result carries it: numbers as numbers, multi-selects without repeats. */
function contentValue(field: ElicitationField, value: Exclude<FieldValue, undefined>): ContentValue {
  if (field.kind === 'number') return toNumber(value);
  if (Array.isArray(value)) return [...new Set(value)];
  return value;
}

/**
 * The `{ action: 'accept', content }` result for values that fit the form. Empty optional fields
 * are left out of `content`. Throws ElicitationValuesError (with every message) when they do not fit.
 */
export function buildAcceptResult(form: ElicitationForm, values: ElicitationValues): AcceptedElicitResult {
  const messages = validateElicitationValues(form, values);
  if (messages.length > 0) throw new ElicitationValuesError(messages);
  const content: Record<string, ContentValue> = {};
  for (const field of form.fields) {
    const value = values[field.name];
    if (value !== undefined && !isEmpty(value)) content[field.name] = contentValue(field, value);
  }
  return { action: 'accept', content };
}
