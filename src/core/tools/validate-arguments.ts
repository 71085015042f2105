/**
 * Checks the arguments a model sent against the tool's input schema before the call goes to the
 * server, and explains any mistake in words the model can act on.
 *
 * The validator is `@cfworker/json-schema` as shipped inside the MCP SDK client
 * (`@modelcontextprotocol/client/validators/cf-worker`): it interprets schemas instead of
 * compiling them with `new Function`, so it works under a strict Content Security Policy. It
 * supports drafts 4, 7 (and 6), 2019-09 and 2020-12. The SDK only hands back its errors joined
 * into one string (`#/days: 8 is greater than 7.; #: …`), so this module splits that string,
 * removes the engine's wrapper and duplicate errors, and rewrites each into a short sentence.
 */
import { CfWorkerJsonSchemaValidator, type CfWorkerSchemaDraft } from '@modelcontextprotocol/client/validators/cf-worker';
import { cloneJson, isPlainObject, jsonTypeOf } from './json-utils';
import { resolveLocalRef } from './provider-schema';

/** One problem with the arguments. */
export interface ArgumentError {
  /** Where, readable: `city`, `options.units`, `stops[2].name`; `""` for the arguments as a whole. */
  path: string;
  /** What is wrong, as a predicate: `must be at most 7`, `is required`. */
  message: string;
}

/** The outcome of checking arguments. */
export type ArgumentValidation =
  | {
      ok: true;
      /** Set when the schema could not be used (unknown `$ref`, broken pattern, …): the server will judge. */
      unchecked?: string;
    }
  | {
      ok: false;
      errors: ArgumentError[];
      /** Every error in one sentence for the model, e.g. `"days" must be at most 7; "city" is required`. */
      summary: string;
    };

type CompiledValidator = (input: unknown) => { valid: boolean; errorMessage?: string };

/** A compiled schema, or why it could not be compiled. Kept per schema object. */
type CacheEntry = { validate: CompiledValidator; schema: Record<string, unknown> } | { error: string };

const cache = new WeakMap<object, CacheEntry>();

/** How many errors the summary lists before it says "and N more". */
const SUMMARY_LIMIT = 8;

/** Validates `args` against `schema` (an MCP tool `inputSchema`); never throws. */
export function validateArguments(schema: unknown, args: unknown): ArgumentValidation {
  if (!isPlainObject(schema)) {
    return { ok: true, unchecked: 'The tool has no usable input schema, so its arguments were not checked.' };
  }
  if (args === undefined) {
    return failure([{ path: '', message: 'are missing: send a JSON object' }]);
  }
  const input = cloneJson(args);
  if (input === undefined) {
    return failure([{ path: '', message: 'cannot be read as JSON' }]);
  }
  const compiled = compile(schema);
  if ('error' in compiled) return { ok: true, unchecked: compiled.error };

  let result: { valid: boolean; errorMessage?: string };
  try {
    result = compiled.validate(input);
  } catch (error) {
    return { ok: true, unchecked: uncheckedMessage(error) };
  }
  if (result.valid) return { ok: true };
  const errors = explain(result.errorMessage ?? '', input, compiled.schema);
  if (errors.length === 0) {
    // The engine said no but gave nothing we could read: still report it.
    return failure([{ path: '', message: `do not match the tool's input schema (${result.errorMessage ?? 'no detail'})` }]);
  }
  return failure(errors);
}

function failure(errors: ArgumentError[]): ArgumentValidation {
  return { ok: false, errors, summary: summarize(errors) };
}

/** `"days" must be at most 7; "city" is required`. */
export function summarize(errors: readonly ArgumentError[]): string {
  const shown = errors.slice(0, SUMMARY_LIMIT).map((error) =>
    error.path === '' ? `The arguments ${error.message}` : `"${error.path}" ${error.message}`,
  );
  const more = errors.length > SUMMARY_LIMIT ? ` (and ${errors.length - SUMMARY_LIMIT} more)` : '';
  return shown.join('; ') + more;
}

function uncheckedMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  // The engine appends every known schema URI to an unresolved-$ref message: keep the first line.
  const firstLine = text.split('\n')[0] ?? text;
  return `The arguments were not checked: the tool's input schema could not be used (${firstLine.slice(0, 300)}).`;
}

/** The draft a schema declares, as the engine names it; unknown dialects are read as 2020-12. */
function draftOf(schema: Record<string, unknown>): CfWorkerSchemaDraft {
  const declared = typeof schema.$schema === 'string' ? schema.$schema.replace(/#$/, '') : '';
  if (/json-schema\.org\/draft-0[67]\/schema$/.test(declared)) return '7';
  if (/json-schema\.org\/draft-04\/schema$/.test(declared)) return '4';
  if (/json-schema\.org\/draft\/2019-09\/schema$/.test(declared)) return '2019-09';
  return '2020-12';
}

function compile(schema: Record<string, unknown>): CacheEntry {
  const cached = cache.get(schema);
  if (cached) return cached;
  let entry: CacheEntry;
  // The engine annotates the schema it is given, so it gets a private copy.
  const copy = cloneJson(schema);
  if (!copy) {
    entry = { error: 'The arguments were not checked: the tool\'s input schema cannot be read as JSON.' };
  } else {
    try {
      const validator = new CfWorkerJsonSchemaValidator({ draft: draftOf(copy), shortcircuit: false });
      entry = { validate: validator.getValidator(copy) as CompiledValidator, schema: copy };
    } catch (error) {
      entry = { error: uncheckedMessage(error) };
    }
  }
  cache.set(schema, entry);
  return entry;
}

/** One error as the engine reported it. */
interface RawError {
  segments: string[];
  text: string;
}

/** Splits `#/a: text.; #/b: text.` (a location never contains a space: the engine URI-encodes it). */
function parseErrorMessage(message: string): RawError[] {
  const errors: RawError[] = [];
  for (const part of message.split(/; (?=#[^ ]*: )/)) {
    const match = /^(#[^ ]*): ([\s\S]*)$/.exec(part);
    if (!match) continue;
    errors.push({ segments: decodeLocation(match[1] ?? '#'), text: match[2] ?? '' });
  }
  return errors;
}

function decodeLocation(location: string): string[] {
  if (location === '#') return [];
  return location
    .slice(2)
    .split('/')
    .map((segment) => {
      let decoded = segment;
      try {
        decoded = decodeURI(segment);
      } catch {
        // keep the encoded form
      }
      return decoded.replace(/~1/g, '/').replace(/~0/g, '~');
    });
}

function sameOrUnder(segments: string[], prefix: string[]): boolean {
  return prefix.length <= segments.length && prefix.every((segment, index) => segments[index] === segment);
}

/** Engine messages that only announce the errors that follow them. */
const WRAPPERS = [
  /^Property ".*" does not match schema\.$/s,
  /^Property ".*" matches pattern ".*" but does not match associated schema\.$/s,
  /^Items did not match (additional items |unevaluated items )?schema\.$/,
  /^A subschema had errors\.$/,
  /^Instance does not match "(then|else)" schema\.$/,
  /^Instance does not match every subschema\.$/,
];

/** An anyOf (no count) or oneOf (with the number of alternatives that matched) failure. */
const COMBINATOR = /^Instance does not match (?:any subschemas|exactly one subschema \((\d+) matches\))\.$/;

/** Errors an alternative of a combinator reports about the value itself: its type, const or enum. */
const ALTERNATIVE = [/^Instance type "/, /^Instance does not match /];

/** `Property "x" does not match additional properties schema.`: the errors after it belong to it. */
const EXTRA_PROPERTY = /^Property "(.*)" does not match (additional|unevaluated) properties schema\.$/s;

/**
 * Turns the engine's flat error list into actionable errors. With all errors collected, the
 * engine also reports a declared property that failed as an unexpected extra property; such
 * reports are dropped when the property has a real error of its own.
 */
function explain(errorMessage: string, input: unknown, schema: Record<string, unknown>): ArgumentError[] {
  const raw = parseErrorMessage(errorMessage);
  const groupOf = new Array<number | undefined>(raw.length).fill(undefined);
  const groups: Array<{ segments: string[]; members: number[] }> = [];
  raw.forEach((error, index) => {
    const match = EXTRA_PROPERTY.exec(error.text);
    if (!match) return;
    const segments = [...error.segments, match[1] ?? ''];
    const group = { segments, members: [] as number[] };
    for (let next = index + 1; next < raw.length && sameOrUnder(raw[next]?.segments ?? [], segments); next++) {
      groupOf[next] = groups.length;
      group.members.push(next);
    }
    groupOf[index] = groups.length;
    groups.push(group);
  });

  const isWrapper = (text: string) => WRAPPERS.some((pattern) => pattern.test(text));
  const errors: ArgumentError[] = [];
  const emittedGroups = new Set<number>();
  const consumed = new Set<number>();
  raw.forEach((error, index) => {
    if (consumed.has(index)) return;
    const groupIndex = groupOf[index];
    if (groupIndex !== undefined) {
      if (emittedGroups.has(groupIndex)) return;
      emittedGroups.add(groupIndex);
      const group = groups[groupIndex];
      if (!group) return;
      const hasOwnError = raw.some(
        (other, otherIndex) =>
          groupOf[otherIndex] === undefined && !isWrapper(other.text) && sameOrUnder(other.segments, group.segments),
      );
      if (hasOwnError) return;
      const members = group.members.map((member) => raw[member]).filter((member): member is RawError => !!member);
      const meaningful = members.filter((member) => member.text !== 'False boolean schema.' && !isWrapper(member.text));
      if (meaningful.length === 0) {
        errors.push({ path: readablePath(group.segments), message: 'is not an allowed property: remove it' });
      } else {
        for (const member of meaningful) errors.push(rewrite(member, input, schema));
      }
      return;
    }
    if (isWrapper(error.text)) return;
    const combinator = COMBINATOR.exec(error.text);
    if (combinator) {
      // The alternatives' own type/const/enum failures follow at the same place: fold them into
      // one message, or drop them when the problem is that several alternatives matched.
      const alternatives: string[] = [];
      for (let next = index + 1; next < raw.length; next++) {
        const candidate = raw[next];
        if (!candidate || candidate.segments.join('/') !== error.segments.join('/')) break;
        if (!ALTERNATIVE.some((pattern) => pattern.test(candidate.text)) || isWrapper(candidate.text)) break;
        if (COMBINATOR.test(candidate.text)) break;
        consumed.add(next);
        alternatives.push(rewrite(candidate, input, schema).message);
      }
      const matches = combinator[1] === undefined ? 0 : Number(combinator[1]);
      if (matches >= 2) {
        errors.push(rewrite(error, input, schema));
      } else if (alternatives.length > 0) {
        const keyword = combinator[1] === undefined ? 'anyOf' : 'oneOf';
        errors.push({
          path: readablePath(error.segments),
          message: `must match one of the allowed forms (${keyword}): ${[...new Set(alternatives)].join(', or ')}`,
        });
      } else {
        errors.push(rewrite(error, input, schema));
      }
      return;
    }
    errors.push(rewrite(error, input, schema));
  });

  const seen = new Set<string>();
  return errors.filter((error) => {
    const key = `${error.path}\u0000${error.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

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

function valueAt(root: unknown, segments: readonly string[]): unknown {
  let node = root;
  for (const segment of segments) {
    if (Array.isArray(node)) node = node[Number(segment)];
    else if (isPlainObject(node)) node = node[segment];
    else return undefined;
  }
  return node;
}

/**
 * The subschema that applies at an instance path when it can be found simply (through
 * `properties`, `items`, `prefixItems`, `additionalProperties` and local `$ref`s).
 */
function schemaAt(root: Record<string, unknown>, segments: readonly string[]): Record<string, unknown> | undefined {
  const follow = (node: unknown): Record<string, unknown> | undefined => {
    let current = node;
    for (let hops = 0; hops < 8 && isPlainObject(current) && typeof current.$ref === 'string'; hops++) {
      const target = resolveLocalRef(current.$ref, root);
      if (!isPlainObject(target)) break;
      current = target;
    }
    return isPlainObject(current) ? current : undefined;
  };
  let node = follow(root);
  for (const segment of segments) {
    if (!node) return undefined;
    const properties = node.properties;
    if (isPlainObject(properties) && Object.prototype.hasOwnProperty.call(properties, segment)) {
      node = follow(properties[segment]);
    } else if (/^\d+$/.test(segment) && Array.isArray(node.prefixItems) && Number(segment) < node.prefixItems.length) {
      node = follow(node.prefixItems[Number(segment)]);
    } else if (/^\d+$/.test(segment) && Array.isArray(node.items) && Number(segment) < node.items.length) {
      node = follow(node.items[Number(segment)]);
    } else if (/^\d+$/.test(segment) && isPlainObject(node.items)) {
      node = follow(node.items);
    } else if (isPlainObject(node.additionalProperties)) {
      node = follow(node.additionalProperties);
    } else {
      return undefined;
    }
  }
  return node;
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

function listOfJson(text: string): string {
  try {
    const values: unknown = JSON.parse(text);
    if (Array.isArray(values)) return values.map((value) => JSON.stringify(value)).join(', ');
  } catch {
    // fall through
  }
  return text;
}

/** Rewrites one engine error into `{ path, message }`. Unknown messages are kept as they are. */
function rewrite(error: RawError, input: unknown, schema: Record<string, unknown>): ArgumentError {
  const { segments, text } = error;
  const at = (message: string, where: readonly string[] = segments): ArgumentError => ({
    path: readablePath(where),
    message,
  });
  let match: RegExpExecArray | null;

  if ((match = /^Instance does not have required property "(.*)"\.$/s.exec(text))) {
    return at('is required', [...segments, match[1] ?? '']);
  }
  if ((match = /^Instance has "(.*)" but does not have "(.*)"\.$/s.exec(text))) {
    return at(`is required when "${match[1]}" is given`, [...segments, match[2] ?? '']);
  }
  if ((match = /^Instance type "(\w+)" is invalid\. Expected "(.*)"\.$/s.exec(text))) {
    const expected = (match[2] ?? '').split('", "').map((type) => TYPE_NAMES[type] ?? type);
    return at(`must be ${expected.join(' or ')} (got ${match[1]})`);
  }
  if ((match = /^Instance does not match any of (.*)\.$/s.exec(text))) {
    return at(`must be one of ${listOfJson(match[1] ?? '')}`);
  }
  if (text === 'Instance does not match any subschemas.') {
    return at('must match at least one of the allowed forms (anyOf)');
  }
  if ((match = /^Instance does not match exactly one subschema \((\d+) matches\)\.$/.exec(text))) {
    return match[1] === '0'
      ? at('must match one of the allowed forms (oneOf), but matches none')
      : at(`must match exactly one of the allowed forms (oneOf), but matches ${match[1]}`);
  }
  if (text === 'Instance matched "not" schema.') {
    return at('must not match the excluded form ("not")');
  }
  if ((match = /^Instance does not match (.*)\.$/s.exec(text))) {
    return at(`must be exactly ${match[1]}`);
  }
  if ((match = /^Instance does not have at least (\d+) properties\.$/.exec(text))) {
    // The engine uses this sentence for maxProperties too; the value tells which limit it was.
    const value = valueAt(input, segments);
    const count = isPlainObject(value) ? Object.keys(value).length : 0;
    return count > Number(match[1])
      ? at(`must have at most ${match[1]} properties (has ${count})`)
      : at(`must have at least ${match[1]} properties (has ${count})`);
  }
  if ((match = /^Property name "(.*)" does not match schema\.$/s.exec(text))) {
    return at(`has a property name that is not allowed: "${match[1]}"`);
  }
  if ((match = /^Instance has "(.*)" but does not match dependant schema\.$/s.exec(text))) {
    return at(`does not meet the extra rules that apply when "${match[1]}" is given`);
  }
  if (text === 'False boolean schema.') {
    return at('is not allowed');
  }
  if ((match = /^Array has too many items \((\d+) > (\d+)\)\.$/.exec(text))) {
    return at(`must have at most ${match[2]} items (has ${match[1]})`);
  }
  if ((match = /^Array has too few items \((\d+) < (\d+)\)\.$/.exec(text))) {
    return at(`must have at least ${match[2]} items (has ${match[1]})`);
  }
  if (text.startsWith('Array is empty.') || text === 'Array does not contain item matching schema.') {
    return at('must contain at least one matching item');
  }
  if ((match = /^Array has less items \((\d+)\) than minContains \((\d+)\)\.$/.exec(text))) {
    return at(`must contain at least ${match[2]} matching items`);
  }
  if ((match = /^Array must contain at least (\d+) items matching schema\. Only (\d+) items were found\.$/.exec(text))) {
    return at(`must contain at least ${match[1]} matching items (found ${match[2]})`);
  }
  if ((match = /^Array may contain at most (\d+) items matching schema\. (\d+) items were found\.$/.exec(text))) {
    return at(`must contain at most ${match[1]} matching items (found ${match[2]})`);
  }
  if ((match = /^Duplicate items at indexes (\d+) and (\d+)\.$/.exec(text))) {
    return at(`must not contain duplicates (items ${match[1]} and ${match[2]} are equal)`);
  }
  if ((match = /^(.+) is less than or equal to\s+(.+)\.$/.exec(text))) {
    return at(`must be greater than ${match[2]}`);
  }
  if ((match = /^(.+) is greater than or equal to\s+(.+)\.$/.exec(text))) {
    return at(`must be less than ${match[2]}`);
  }
  if ((match = /^(.+) is less than\s+(.+)\.$/.exec(text))) {
    // Same sentence for minimum and (2020-12) exclusiveMinimum: equal values or the schema tell.
    const bound = Number(match[2]);
    const subschema = schemaAt(schema, segments);
    const exclusive = Number(match[1]) === bound || (subschema?.exclusiveMinimum === bound && subschema.minimum !== bound);
    return at(exclusive ? `must be greater than ${match[2]}` : `must be at least ${match[2]}`);
  }
  if ((match = /^(.+) is greater than\s+(.+)\.$/.exec(text))) {
    return at(`must be at most ${match[2]}`);
  }
  if ((match = /^(.+) is not a multiple of (.+)\.$/.exec(text))) {
    return at(`must be a multiple of ${match[2]}`);
  }
  if ((match = /^String is too short \((\d+) < (\d+)\)\.$/.exec(text))) {
    return at(`must be at least ${match[2]} characters long (has ${match[1]})`);
  }
  if ((match = /^String is too long \((\d+) > (\d+)\)\.$/.exec(text))) {
    return at(`must be at most ${match[2]} characters long (has ${match[1]})`);
  }
  if (text === 'String does not match pattern.') {
    const pattern = schemaAt(schema, segments)?.pattern;
    return at(typeof pattern === 'string' ? `must match the pattern ${pattern}` : 'does not match the required pattern');
  }
  if ((match = /^String does not match format "(.*)"\.$/.exec(text))) {
    const format = match[1] ?? '';
    return at(`must be a valid ${FORMAT_NAMES[format] ?? `"${format}" value`}`);
  }
  const value = valueAt(input, segments);
  return at(`is invalid (${jsonTypeOf(value)}): ${text}`);
}
