/**
 * The form model of a form-mode elicitation: its `requestedSchema` (a flat object of primitive
 * properties, as the spec restricts it) read once into a list of typed fields, with defaults and
 * required marks. Anything outside that restricted shape is a coded problem, never a crash.
 */
import { isPlainObject } from '../shared/json';
import { ElicitationSchemaError } from './elicitation-error';

/** The string formats the spec allows in an elicitation schema. */
const STRING_FORMATS = ['email', 'uri', 'date', 'date-time'] as const;

/** One of the spec's string formats. */
export type StringFormat = (typeof STRING_FORMATS)[number];

/** One choice of a single- or multi-select field: the value sent, the label shown. */
interface FieldOption {
  value: string;
  label: string;
}

/** What every field has: its property name, its label and whether it must be filled. */
interface FieldBase {
  name: string;
  /** The schema's `title`, else the property name. */
  label: string;
  description?: string;
  required: boolean;
}

/** One field of the form, by kind. */
export type ElicitationField =
  | (FieldBase & { kind: 'text'; format?: StringFormat; minLength?: number; maxLength?: number; default?: string })
  | (FieldBase & { kind: 'number'; integer: boolean; minimum?: number; maximum?: number; default?: number })
  | (FieldBase & { kind: 'boolean'; default?: boolean })
  | (FieldBase & { kind: 'choice'; options: FieldOption[]; default?: string })
  | (FieldBase & { kind: 'multi-choice'; options: FieldOption[]; minItems?: number; maxItems?: number; default?: string[] });

/** The fields of one elicitation form, in the schema's property order. */
export interface ElicitationForm {
  fields: ElicitationField[];
}

/** A person's value for one field: what a form control holds (numbers may still be typed text). */
export type FieldValue = string | number | boolean | string[] | undefined;

/** The person's values by property name. */
export type ElicitationValues = Record<string, FieldValue>;

/** The form, or every reason it cannot be rendered. */
export type ReadFormResult = { ok: true; form: ElicitationForm } | { ok: false; problems: ElicitationSchemaError[] };

type Json = Record<string, unknown>;

/** A non-negative integer keyword, undefined when absent; throws when present and not one. */
function count(property: Json, keyword: string, name: string): number | undefined {
  const value = property[keyword];
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw new ElicitationSchemaError('field-bad-bounds', `${keyword} must be a non-negative integer`, name);
  }
  return value;
}

/** A finite number keyword, undefined when absent; throws when present and not one. */
function bound(property: Json, keyword: string, name: string): number | undefined {
  const value = property[keyword];
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new ElicitationSchemaError('field-bad-bounds', `${keyword} must be a number`, name);
  }
  return value;
}

/** Throws when a lower bound is above its upper bound (such a field could never be filled). */
function checkOrder(low: number | undefined, high: number | undefined, what: string, name: string): void {
  if (low !== undefined && high !== undefined && low > high) {
    throw new ElicitationSchemaError('field-bad-bounds', `${what}: the lower bound ${low} is above the upper bound ${high}`, name);
  }
}

/**
 * The options of an enum-like schema: `oneOf`/`anyOf` of `{const, title}` (titled), or `enum`
 * with the legacy `enumNames` labels, or a plain `enum`. Undefined when it is none of these.
 */
function readOptions(schema: Json, name: string): FieldOption[] | undefined {
  const titled = Array.isArray(schema['oneOf']) ? schema['oneOf'] : Array.isArray(schema['anyOf']) ? schema['anyOf'] : undefined;
  if (titled !== undefined) {
    return titled.map((entry) => {
      if (!isPlainObject(entry) || typeof entry['const'] !== 'string') {
        throw new ElicitationSchemaError('field-bad-enum', 'every titled option needs a string "const"', name);
      }
      return { value: entry['const'], label: typeof entry['title'] === 'string' ? entry['title'] : entry['const'] };
    });
  }
  const values = schema['enum'];
  if (values === undefined) return undefined;
  if (!Array.isArray(values) || values.length === 0 || !values.every((value) => typeof value === 'string')) {
    throw new ElicitationSchemaError('field-bad-enum', 'enum must be a non-empty list of strings', name);
  }
  const names = schema['enumNames'];
  if (names !== undefined && (!Array.isArray(names) || names.length !== values.length)) {
    throw new ElicitationSchemaError('field-bad-enum', 'enumNames must give one label per enum value', name);
  }
  return values.map((value, index) => {
    const label = Array.isArray(names) ? names[index] : undefined;
    return { value, label: typeof label === 'string' ? label : value };
  });
}

/** The default when it fits the field, else undefined (a wrong default is dropped, not fatal). */
function fittingDefault<T>(value: unknown, fits: (value: unknown) => value is T): T | undefined {
  return fits(value) ? value : undefined;
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every(isString);

/** Drops the keys whose value is undefined, so fields carry only what the schema said. */
function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;
}

/** Reads one property of the schema into a field; throws an ElicitationSchemaError when it cannot. */
function readField(name: string, property: unknown, required: boolean): ElicitationField {
  if (!isPlainObject(property)) throw new ElicitationSchemaError('field-not-object', 'the property is not a schema object', name);
  const base = defined({
    name,
    label: typeof property['title'] === 'string' && property['title'] !== '' ? property['title'] : name,
    description: typeof property['description'] === 'string' ? property['description'] : undefined,
    required,
  });
  const type = property['type'];
  if (type === 'object' || isPlainObject(property['properties'])) {
    throw new ElicitationSchemaError('field-nested', 'nested objects are not allowed in an elicitation form', name);
  }
  if (type === 'array') {
    const items = property['items'];
    const options = isPlainObject(items) ? readOptions(items, name) : undefined;
    if (options === undefined) {
      throw new ElicitationSchemaError('field-unsupported-type', 'an array field must be a multi-select of string options', name);
    }
    const minItems = count(property, 'minItems', name);
    const maxItems = count(property, 'maxItems', name);
    checkOrder(minItems, maxItems, 'minItems/maxItems', name);
    const fallback = fittingDefault(property['default'], isStringList);
    return defined({ ...base, kind: 'multi-choice' as const, options, minItems, maxItems, default: fallback });
  }
  if (type === 'string' || (type === undefined && (property['enum'] !== undefined || property['oneOf'] !== undefined))) {
    const options = readOptions(property, name);
    if (options !== undefined) {
      const fallback = fittingDefault(property['default'], isString);
      return defined({ ...base, kind: 'choice' as const, options, default: fallback });
    }
    const format = property['format'];
    if (format !== undefined && !(STRING_FORMATS as readonly unknown[]).includes(format)) {
      throw new ElicitationSchemaError(
        'field-unsupported-format',
        `format "${String(format)}" is not one of ${STRING_FORMATS.join(', ')}`,
        name,
      );
    }
    const minLength = count(property, 'minLength', name);
    const maxLength = count(property, 'maxLength', name);
    checkOrder(minLength, maxLength, 'minLength/maxLength', name);
    const fallback = fittingDefault(property['default'], isString);
    return defined({ ...base, kind: 'text' as const, format: format as StringFormat | undefined, minLength, maxLength, default: fallback });
  }
  if (type === 'number' || type === 'integer') {
    const minimum = bound(property, 'minimum', name);
    const maximum = bound(property, 'maximum', name);
    checkOrder(minimum, maximum, 'minimum/maximum', name);
    const fallback = fittingDefault(property['default'], isNumber);
    return defined({ ...base, kind: 'number' as const, integer: type === 'integer', minimum, maximum, default: fallback });
  }
  if (type === 'boolean') return defined({ ...base, kind: 'boolean' as const, default: fittingDefault(property['default'], isBoolean) });
  throw new ElicitationSchemaError('field-unsupported-type', `type ${JSON.stringify(type ?? null)} cannot be shown as a form field`, name);
}

/** Reads a `requestedSchema` into a form, or gives every reason it cannot (all fields are checked). */
export function readElicitationForm(schema: unknown): ReadFormResult {
  if (!isPlainObject(schema) || (schema['type'] !== undefined && schema['type'] !== 'object')) {
    return { ok: false, problems: [new ElicitationSchemaError('schema-not-object', 'the requested schema is not an object schema')] };
  }
  const properties = schema['properties'];
  if (!isPlainObject(properties)) {
    return { ok: false, problems: [new ElicitationSchemaError('schema-no-properties', 'the requested schema has no "properties"')] };
  }
  const required = new Set(Array.isArray(schema['required']) ? schema['required'].filter(isString) : []);
  const fields: ElicitationField[] = [];
  const problems: ElicitationSchemaError[] = [];
  for (const [name, property] of Object.entries(properties)) {
    try {
      fields.push(readField(name, property, required.has(name)));
    } catch (error) {
      if (!(error instanceof ElicitationSchemaError)) throw error;
      problems.push(error);
    }
  }
  return problems.length === 0 ? { ok: true, form: { fields } } : { ok: false, problems };
}

/** The values a new form starts with: each field's default (multi-selects start empty without one). */
export function initialValues(form: ElicitationForm): ElicitationValues {
  const values: ElicitationValues = {};
  for (const field of form.fields) {
    if (field.default !== undefined) values[field.name] = Array.isArray(field.default) ? [...field.default] : field.default;
    else if (field.kind === 'multi-choice') values[field.name] = [];
  }
  return values;
}
