/**
 * Words for one validator error: the engine's structured error (keyword, schema location,
 * instance location) plus the schema and the arguments give every number and name a sentence
 * needs, so the engine's own English is only a last resort for a keyword we do not know.
 */
import { deepCompareStrict, ucs2length, type OutputUnit, type Schema, type SchemaDraft } from '@cfworker/json-schema';
import { isPlainObject, jsonTypeOf } from '../shared/json';
import { pointerSegments, valueAtSegments } from '../shared/json-pointer';

/** One problem with the arguments. */
export interface ArgumentError {
  /** Where, readable: `city`, `options.units`, `stops[2].name`; `""` for the arguments as a whole. */
  path: string;
  /** What is wrong, as a predicate: `must be at most 7`, `is required`. */
  message: string;
}

/** What an explanation reads besides the error: the arguments, the (annotated) schema and its `$ref` lookup. */
export interface SchemaContext {
  input: unknown;
  schema: Record<string, unknown>;
  draft: SchemaDraft;
  lookup: Record<string, Schema | boolean>;
}

/** Keywords whose error only announces the errors that follow it (the subschema's own). */
export const WRAPPER_KEYWORDS: ReadonlySet<string> = new Set([
  'properties',
  'patternProperties',
  'items',
  'prefixItems',
  'additionalItems',
  'unevaluatedItems',
  '$ref',
  '$recursiveRef',
  'allOf',
  'if',
]);

/** `options.units`, `stops[2].name`, `["odd key"]`. */
export function readablePath(segments: readonly string[]): string {
  let out = '';
  for (const segment of segments) {
    if (/^\d+$/.test(segment)) out += `[${segment}]`;
    else if (/^[A-Za-z_$][\w$-]*$/.test(segment)) out += out === '' ? segment : `.${segment}`;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out;
}

/** The instance path of an error as segments. */
export function instanceSegments(unit: OutputUnit): string[] {
  return pointerSegments(unit.instanceLocation) ?? [];
}

/** The value the arguments hold at an error's instance location. */
export function instanceValue(unit: OutputUnit, context: SchemaContext): unknown {
  return valueAtSegments(context.input, instanceSegments(unit));
}

/**
 * The schema value at a validator location (`#/properties/a/$ref/maximum`): like a JSON Pointer,
 * except that a `$ref` segment continues in the schema the reference names.
 */
export function schemaValueAt(location: string, context: SchemaContext): unknown {
  let node: unknown = context.schema;
  for (const segment of pointerSegments(location) ?? []) {
    if (isPlainObject(node) && (segment === '$ref' || segment === '$recursiveRef')) {
      // The engine stores each reference's absolute form on the node (non-enumerable).
      const absolute = segment === '$ref' ? (node.__absolute_ref__ ?? node.$ref) : node.__absolute_recursive_ref__;
      node = typeof absolute === 'string' ? context.lookup[absolute] : undefined;
    } else {
      node = valueAtSegments(node, [segment]);
    }
  }
  return node;
}

/** The schema object that holds an error's keyword (its siblings tell exclusive bounds apart, in draft 4). */
function keywordParent(unit: OutputUnit, context: SchemaContext): Record<string, unknown> {
  const parent = schemaValueAt(unit.keywordLocation.replace(/\/[^/]*$/, ''), context);
  return isPlainObject(parent) ? parent : {};
}

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'a boolean (true or false)',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

const FORMAT_NAMES: Record<string, string> = {
  'date-time': 'date-time in RFC 3339 form, such as 2026-03-14T09:30:00Z',
  date: 'date such as 2026-03-14',
  time: 'time such as 09:30:00Z',
  duration: 'ISO 8601 duration such as P3DT4H',
  email: 'email address',
  uri: 'absolute URI such as https://example.com/page',
  'uri-reference': 'URI reference',
  uuid: 'UUID',
  ipv4: 'IPv4 address',
  ipv6: 'IPv6 address',
  hostname: 'host name',
};

/** The keys an object lacks among `names`, the way the engine tests them (`in`). */
function missingKeys(value: unknown, names: unknown): string[] {
  if (!isPlainObject(value) || !Array.isArray(names)) return [];
  return names.filter((name): name is string => typeof name === 'string' && !(name in value));
}

/** The first pair of equal items, as the engine finds it. */
function firstDuplicate(items: unknown): [number, number] | undefined {
  if (!Array.isArray(items)) return undefined;
  for (let first = 0; first < items.length; first++) {
    for (let second = first + 1; second < items.length; second++) {
      if (deepCompareStrict(items[first], items[second])) return [first, second];
    }
  }
  return undefined;
}

/**
 * Rewrites one engine error into `{ path, message }` (several for `required`, which the engine
 * reports once per missing key). `value` is what the error is about, by default the arguments at
 * its instance location. Wrappers give nothing; an unknown keyword keeps the engine's sentence.
 */
export function describeArgumentError(unit: OutputUnit, context: SchemaContext, value = instanceValue(unit, context)): ArgumentError[] {
  const segments = instanceSegments(unit);
  const at = (message: string, where: readonly string[] = segments): ArgumentError[] => [{ path: readablePath(where), message }];
  const limit = schemaValueAt(unit.keywordLocation, context);
  const draft4 = context.draft === '4';
  switch (unit.keyword) {
    case 'false':
      return at('is not allowed');
    case 'type': {
      const expected = (Array.isArray(limit) ? limit : [limit]).map((type) => TYPE_NAMES[String(type)] ?? String(type));
      return at(`must be ${expected.join(' or ')} (got ${jsonTypeOf(value)})`);
    }
    case 'const':
      return at(`must be exactly ${JSON.stringify(limit)}`);
    case 'enum':
      return at(`must be one of ${Array.isArray(limit) ? limit.map((item) => JSON.stringify(item)).join(', ') : JSON.stringify(limit)}`);
    case 'not':
      return at('must not match the excluded form ("not")');
    case 'anyOf':
      return at('must match at least one of the allowed forms (anyOf)');
    case 'required':
      return missingKeys(value, limit).flatMap((name) => at('is required', [...segments, name]));
    case 'dependentRequired':
    case 'dependencies': {
      // The engine misspells this location (`dependantRequired`): read the map from the parent.
      const map = keywordParent(unit, context)[unit.keyword];
      if (!isPlainObject(map) || !isPlainObject(value)) return [];
      return Object.entries(map)
        .filter(([given, needed]) => given in value && Array.isArray(needed))
        .flatMap(([given, needed]) =>
          missingKeys(value, needed).flatMap((name) => at(`is required when "${given}" is given`, [...segments, name])),
        );
    }
    case 'minProperties':
    case 'maxProperties': {
      const count = isPlainObject(value) ? Object.keys(value).length : 0;
      return at(`must have ${unit.keyword === 'minProperties' ? 'at least' : 'at most'} ${String(limit)} properties (has ${count})`);
    }
    case 'minItems':
    case 'maxItems': {
      const count = Array.isArray(value) ? value.length : 0;
      return at(`must have ${unit.keyword === 'minItems' ? 'at least' : 'at most'} ${String(limit)} items (has ${count})`);
    }
    case 'contains':
      return at('must contain at least one matching item');
    case 'uniqueItems': {
      const pair = firstDuplicate(value);
      return at(pair ? `must not contain duplicates (items ${pair[0]} and ${pair[1]} are equal)` : 'must not contain duplicates');
    }
    case 'minimum':
      return at(
        draft4 && keywordParent(unit, context).exclusiveMinimum === true
          ? `must be greater than ${String(limit)}`
          : `must be at least ${String(limit)}`,
      );
    case 'maximum':
      return at(
        draft4 && keywordParent(unit, context).exclusiveMaximum === true
          ? `must be less than ${String(limit)}`
          : `must be at most ${String(limit)}`,
      );
    case 'exclusiveMinimum':
      return at(`must be greater than ${String(limit)}`);
    case 'exclusiveMaximum':
      return at(`must be less than ${String(limit)}`);
    case 'multipleOf':
      return at(`must be a multiple of ${String(limit)}`);
    case 'minLength':
    case 'maxLength': {
      const length = typeof value === 'string' ? ucs2length(value) : 0;
      return at(`must be ${unit.keyword === 'minLength' ? 'at least' : 'at most'} ${String(limit)} characters long (has ${length})`);
    }
    case 'pattern':
      return at(typeof limit === 'string' ? `must match the pattern ${limit}` : 'does not match the required pattern');
    case 'format': {
      const format = String(limit);
      return at(`must be a valid ${FORMAT_NAMES[format] ?? `"${format}" value`}`);
    }
    default:
      if (WRAPPER_KEYWORDS.has(unit.keyword)) return [];
      return at(`is invalid (${jsonTypeOf(value)}): ${unit.error}`);
  }
}
