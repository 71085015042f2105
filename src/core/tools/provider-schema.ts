/**
 * Turns a server's `inputSchema` into the parameters schema a provider will accept, and says
 * what it changed and what the provider will ignore. A server's schema is untrusted JSON; a
 * single schema a provider rejects fails the whole model request, so the few fatal shapes are
 * repaired here, each repair reported with its JSON path. Nothing is dropped silently.
 */
import type { ProviderName, SchemaWarning } from './types';
import { cloneJson, isPlainObject, jsonEqual, jsonTypeOf } from '../shared/json';
import { childPath } from '../shared/json-pointer';

/** A provider-ready schema, what was changed or noticed, and OpenAI strict-mode eligibility. */
export interface ProviderSchemaResult {
  /** The schema to send (`input_schema` for Anthropic, `function.parameters` for OpenAI). A copy. */
  schema: Record<string, unknown>;
  warnings: SchemaWarning[];
  /**
   * Whether OpenAI's `strict: true` would accept this schema (every object closed with
   * `additionalProperties: false`, every property required, only supported keywords). Glassbox
   * always sends tools non-strict, so this is reported, not acted on.
   */
  strictCompatible: boolean;
}

/** `format` values OpenAI structured outputs understand; others are ignored by the provider. */
export const OPENAI_SUPPORTED_FORMATS: readonly string[] = [
  'date-time',
  'time',
  'date',
  'duration',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'uuid',
];

/** Keywords OpenAI strict mode rejects; in non-strict mode the model only reads them as hints. */
const OPENAI_UNSUPPORTED_KEYWORDS: readonly string[] = [
  'allOf',
  'oneOf',
  'not',
  'if',
  'then',
  'else',
  'dependentRequired',
  'dependentSchemas',
  'dependencies',
  'patternProperties',
  'unevaluatedProperties',
  'unevaluatedItems',
  'propertyNames',
  'minProperties',
  'maxProperties',
  'contains',
  'minContains',
  'maxContains',
  'uniqueItems',
];

/** OpenAI's documented strict-mode limit on object nesting. */
export const OPENAI_MAX_NESTING = 5;
/** OpenAI's documented strict-mode limit on the number of object properties in one schema. */
export const OPENAI_MAX_PROPERTIES = 100;
/** The walk stops below this depth, so a hostile schema cannot exhaust the stack. */
const MAX_WALK_DEPTH = 64;

/** Keywords whose value is a map of name → subschema. */
const SCHEMA_MAP_KEYWORDS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];
/** Keywords whose value is one subschema. */
const SCHEMA_KEYWORDS = [
  'additionalProperties',
  'unevaluatedProperties',
  'propertyNames',
  'items',
  'additionalItems',
  'unevaluatedItems',
  'contains',
  'not',
  'if',
  'then',
  'else',
];
/** Keywords whose value is an array of subschemas. */
const SCHEMA_ARRAY_KEYWORDS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];

/** The three keywords Anthropic refuses at the top of `input_schema`. */
const ROOT_COMBINATORS = ['allOf', 'anyOf', 'oneOf'] as const;

const EMPTY_OBJECT_SCHEMA = (): Record<string, unknown> => ({ type: 'object', properties: {} });

/** Converts a server's input schema for one provider; never throws. */
export function toProviderSchema(inputSchema: unknown, provider: ProviderName): ProviderSchemaResult {
  const warnings: SchemaWarning[] = [];
  const schema = normalizeRoot(inputSchema, provider, warnings);
  switch (provider) {
    case 'anthropic':
      flattenRootCombinators(schema, warnings);
      walk(schema, '#', newContext(schema, provider, warnings), 0, 0);
      return { schema, warnings, strictCompatible: strictReasons(schema).length === 0 };
    case 'openai': {
      if (!('properties' in schema)) {
        schema.properties = {};
        warnings.push(
          info('#/properties', 'Added "properties": {} at the root: OpenAI rejects an object schema without properties.'),
        );
      }
      for (const keyword of [...ROOT_COMBINATORS, 'not', 'enum'] as const) {
        if (keyword in schema) {
          warnings.push(
            unsupported(
              `#/${keyword}`,
              `"${keyword}" at the root: OpenAI expects a plain object schema at the top and may reject or ignore this rule. Glassbox still checks the full rule before calling the tool.`,
            ),
          );
        }
      }
      const stats = newContext(schema, provider, warnings);
      walk(schema, '#', stats, 0, 0);
      if (stats.deepest > OPENAI_MAX_NESTING) {
        warnings.push(
          unsupported(
            stats.deepestPath,
            `Objects nest ${stats.deepest} levels deep; OpenAI allows ${OPENAI_MAX_NESTING} in strict mode and may handle deeper schemas poorly.`,
          ),
        );
      }
      if (stats.properties > OPENAI_MAX_PROPERTIES) {
        warnings.push(
          unsupported(
            '#',
            `The schema declares ${stats.properties} properties; OpenAI allows ${OPENAI_MAX_PROPERTIES} in strict mode and may handle larger schemas poorly.`,
          ),
        );
      }
      const reasons = strictReasons(schema);
      warnings.push(info('#', strictModeMessage(reasons)));
      return { schema, warnings, strictCompatible: reasons.length === 0 };
    }
    default:
      return assertNever(provider);
  }
}

function newContext(root: Record<string, unknown>, provider: ProviderName, warnings: SchemaWarning[]): WalkContext {
  return { root, provider, warnings, deepest: 0, deepestPath: '#', properties: 0 };
}

function assertNever(value: never): never {
  throw new Error(`Unexpected provider: ${String(value)}`);
}

function info(path: string, message: string): SchemaWarning {
  return { type: 'other', level: 'info', path, message };
}

function changed(path: string, message: string): SchemaWarning {
  return { type: 'other', level: 'warning', path, message };
}

function unsupported(path: string, message: string): SchemaWarning {
  return { type: 'unsupported', level: 'warning', path, message };
}

/** Makes the root a copied object schema with `type: "object"` and no `$schema`. */
function normalizeRoot(inputSchema: unknown, provider: ProviderName, warnings: SchemaWarning[]): Record<string, unknown> {
  if (inputSchema === undefined || inputSchema === null) {
    warnings.push(
      changed('#', 'The tool has no input schema; it is offered to the model as a tool without parameters.'),
    );
    return EMPTY_OBJECT_SCHEMA();
  }
  if (!isPlainObject(inputSchema)) {
    warnings.push(
      changed(
        '#',
        `The input schema is a JSON ${jsonTypeOf(inputSchema)}, not an object; it was replaced by an empty object schema, so the model sees the tool without parameters.`,
      ),
    );
    return EMPTY_OBJECT_SCHEMA();
  }
  const schema = cloneJson(inputSchema);
  if (!schema) {
    warnings.push(changed('#', 'The input schema cannot be written as JSON; it was replaced by an empty object schema.'));
    return EMPTY_OBJECT_SCHEMA();
  }

  const type = schema.type;
  if (type === undefined) {
    schema.type = 'object';
    warnings.push(info('#/type', 'Added "type": "object" at the root: both providers require it, and tool arguments are always an object.'));
  } else if (Array.isArray(type) && type.includes('object')) {
    schema.type = 'object';
    warnings.push(
      info('#/type', `Root "type" ${JSON.stringify(type)} narrowed to "object": providers require it, and tool arguments are always an object.`),
    );
  } else if (type !== 'object') {
    warnings.push(
      changed(
        '#',
        `The input schema's root type is ${JSON.stringify(type)}, not "object"; it was replaced by an empty object schema, so the model sees the tool without parameters.`,
      ),
    );
    return EMPTY_OBJECT_SCHEMA();
  }

  if ('properties' in schema && !isPlainObject(schema.properties)) {
    warnings.push(
      changed('#/properties', `Root "properties" is a JSON ${jsonTypeOf(schema.properties)}, not an object; replaced by {}.`),
    );
    schema.properties = {};
  }

  if ('required' in schema) {
    const required = schema.required;
    if (!Array.isArray(required)) {
      warnings.push(changed('#/required', `Root "required" is a JSON ${jsonTypeOf(required)}, not a list of names; removed.`));
      delete schema.required;
    } else if (required.some((name) => typeof name !== 'string')) {
      schema.required = stringArray(required);
      warnings.push(changed('#/required', 'Root "required" held entries that are not names; only the names were kept.'));
    }
  }

  if ('$schema' in schema) {
    const declared = schema.$schema;
    delete schema.$schema;
    warnings.push(dialectWarning(declared, provider));
  }
  return schema;
}

/** Explains the removal of `$schema`; a warning only when the dialect reads differently from 2020-12. */
function dialectWarning(declared: unknown, provider: ProviderName): SchemaWarning {
  const uri = typeof declared === 'string' ? declared.replace(/#$/, '') : '';
  const providerName = providerLabel(provider);
  if (/json-schema\.org\/(draft\/2020-12|draft-07|draft-06)\/schema$/.test(uri)) {
    return info('#/$schema', `Removed "$schema" (${uri}): ${providerName} does not need it and reads the schema the same way without it.`);
  }
  return changed(
    '#/$schema',
    `Removed "$schema" (${JSON.stringify(declared)}): ${providerName} reads schemas as draft 2020-12, where some keywords of this dialect mean something else (for example a boolean "exclusiveMinimum" in draft-04).`,
  );
}

/**
 * Anthropic rejects `oneOf`, `allOf` and `anyOf` at the top of `input_schema` (HTTP 400 for the
 * whole request). They are removed; the properties of their alternatives are merged into the
 * root so the model still sees every field. Argument validation keeps the original rule.
 */
function flattenRootCombinators(schema: Record<string, unknown>, warnings: SchemaWarning[]): void {
  for (const keyword of ROOT_COMBINATORS) {
    if (!(keyword in schema)) continue;
    const branches = schema[keyword];
    delete schema[keyword];
    const path = `#/${keyword}`;
    if (!Array.isArray(branches)) {
      warnings.push(changed(path, `Removed "${keyword}" at the root: it is not an array, and Anthropic rejects it at the top level.`));
      continue;
    }
    const properties = isPlainObject(schema.properties) ? schema.properties : {};
    schema.properties = properties;
    const rootNames = new Set(Object.keys(properties));
    // name → the distinct definitions the alternatives give it, in order.
    const definitions = new Map<string, unknown[]>();
    const requiredSets: string[][] = [];
    for (const branch of branches) {
      const resolved = resolveBranch(branch, schema);
      const branchProperties = isPlainObject(resolved?.properties) ? resolved.properties : {};
      for (const [name, subschema] of Object.entries(branchProperties)) {
        const list = definitions.get(name) ?? [];
        if (!list.some((existing) => jsonEqual(existing, subschema))) list.push(subschema);
        definitions.set(name, list);
      }
      requiredSets.push(stringArray(resolved?.required));
    }
    const added: string[] = [];
    const combined: string[] = [];
    const keptRoot: string[] = [];
    for (const [name, list] of definitions) {
      if (rootNames.has(name)) {
        if (list.some((subschema) => !jsonEqual(subschema, properties[name]))) keptRoot.push(name);
        continue;
      }
      added.push(name);
      if (list.length === 1) {
        properties[name] = list[0];
      } else {
        // Alternatives disagree about this field: the model sees every form they allow.
        properties[name] = { [keyword === 'allOf' ? 'allOf' : 'anyOf']: list };
        combined.push(name);
      }
    }
    const required = keyword === 'allOf' ? union(requiredSets) : intersection(requiredSets);
    if (required.length > 0) {
      schema.required = union([stringArray(schema.required), required]);
    }
    const quote = (names: string[]) => names.map((name) => JSON.stringify(name)).join(', ');
    const parts = [
      `Removed "${keyword}" (${branches.length} alternative${branches.length === 1 ? '' : 's'}) at the root: Anthropic rejects oneOf, allOf and anyOf at the top level of input_schema.`,
      added.length > 0
        ? `Their properties were merged into the root (${quote(added)})${keyword === 'allOf' ? '' : ', required only where every alternative requires them'}.`
        : 'They added no properties to the root.',
      combined.length > 0
        ? `Properties the alternatives define differently became "${keyword === 'allOf' ? 'allOf' : 'anyOf'}" of their definitions: ${quote(combined)}.`
        : '',
      keptRoot.length > 0 ? `Properties the root already defines kept the root definition: ${quote(keptRoot)}.` : '',
      'Glassbox still checks the full rule before calling the tool.',
    ];
    warnings.push(changed(path, parts.filter(Boolean).join(' ')));
  }
}

/** A branch of a root combinator, following one local `$ref` if it is one. */
function resolveBranch(branch: unknown, root: Record<string, unknown>): Record<string, unknown> | undefined {
  if (!isPlainObject(branch)) return undefined;
  if (typeof branch.$ref === 'string') {
    const target = resolveLocalRef(branch.$ref, root);
    return isPlainObject(target) ? target : branch;
  }
  return branch;
}

function stringArray(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

function union(sets: string[][]): string[] {
  return [...new Set(sets.flat())];
}

function intersection(sets: string[][]): string[] {
  const [first, ...rest] = sets;
  if (!first) return [];
  return first.filter((name, index) => first.indexOf(name) === index && rest.every((set) => set.includes(name)));
}

/**
 * Resolves a `$ref` inside the schema itself: `#`, a JSON Pointer (`#/$defs/x`) or an anchor
 * (`#name` matching a `$anchor`). Anything else (another document, a URL) returns undefined.
 */
export function resolveLocalRef(ref: string, root: Record<string, unknown>): unknown {
  if (!ref.startsWith('#')) return undefined;
  const fragment = safeDecode(ref.slice(1));
  if (fragment === undefined) return undefined;
  if (fragment === '') return root;
  if (!fragment.startsWith('/')) return findAnchor(root, fragment, 0);
  let node: unknown = root;
  for (const raw of fragment.slice(1).split('/')) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node)) node = /^\d+$/.test(segment) ? node[Number(segment)] : undefined;
    else if (isPlainObject(node) && Object.prototype.hasOwnProperty.call(node, segment)) node = node[segment];
    else return undefined;
  }
  return node;
}

function safeDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

function findAnchor(node: unknown, anchor: string, depth: number): unknown {
  if (depth > MAX_WALK_DEPTH) return undefined;
  if (Array.isArray(node)) {
    for (const item of node) {
      const found = findAnchor(item, anchor, depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (!isPlainObject(node)) return undefined;
  if (node.$anchor === anchor) return node;
  for (const value of Object.values(node)) {
    const found = findAnchor(value, anchor, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** What a walk shares across the whole schema. */
interface WalkContext {
  root: Record<string, unknown>;
  provider: ProviderName;
  warnings: SchemaWarning[];
  /** Deepest object nesting seen so far, and where. */
  deepest: number;
  deepestPath: string;
  /** Object properties declared anywhere in the schema. */
  properties: number;
}

function isObjectSchema(node: Record<string, unknown>): boolean {
  const type = node.type;
  return type === 'object' || (Array.isArray(type) && type.includes('object')) || isPlainObject(node.properties);
}

/** Calls `visit` for each direct subschema of `node` with its path. */
function forEachSubschema(node: Record<string, unknown>, path: string, visit: (subschema: unknown, path: string) => void): void {
  for (const keyword of SCHEMA_MAP_KEYWORDS) {
    const map = node[keyword];
    if (!isPlainObject(map)) continue;
    for (const [name, subschema] of Object.entries(map)) visit(subschema, childPath(childPath(path, keyword), name));
  }
  for (const keyword of [...SCHEMA_KEYWORDS, ...SCHEMA_ARRAY_KEYWORDS]) {
    const value = node[keyword];
    if (Array.isArray(value)) value.forEach((item, index) => visit(item, childPath(childPath(path, keyword), index)));
    else if (value !== undefined) visit(value, childPath(path, keyword));
  }
  // draft-07 `dependencies`: a map whose values are subschemas or lists of names.
  if (isPlainObject(node.dependencies)) {
    for (const [name, value] of Object.entries(node.dependencies)) visit(value, childPath(childPath(path, 'dependencies'), name));
  }
}

function unsupportedKeywordWarning(path: string, keyword: string): SchemaWarning {
  const shown = keyword === 'if' ? '"if"/"then"/"else"' : `"${keyword}"`;
  return unsupported(
    childPath(path, keyword),
    `${shown}: not supported by OpenAI. Strict mode rejects this rule; in non-strict mode the model only reads it as a hint. Glassbox checks the rule before calling the tool.`,
  );
}

/** Visits every subschema, collecting the warnings that depend on the provider. */
function walk(node: unknown, path: string, context: WalkContext, objectDepth: number, walkDepth: number): void {
  if (!isPlainObject(node)) return;
  if (walkDepth > MAX_WALK_DEPTH) {
    context.warnings.push(unsupported(path, `The schema nests more than ${MAX_WALK_DEPTH} levels; it was not checked below this point.`));
    return;
  }
  const depth = isObjectSchema(node) ? objectDepth + 1 : objectDepth;
  if (depth > context.deepest) {
    context.deepest = depth;
    context.deepestPath = path;
  }
  if (isPlainObject(node.properties)) context.properties += Object.keys(node.properties).length;

  if (typeof node.$ref === 'string' && resolveLocalRef(node.$ref, context.root) === undefined) {
    context.warnings.push(
      unsupported(
        childPath(path, '$ref'),
        `"$ref": ${JSON.stringify(node.$ref)} does not resolve inside this schema; ${providerLabel(context.provider)} cannot follow it, so the model does not see what it points to.`,
      ),
    );
  }

  if (context.provider === 'openai') {
    for (const keyword of OPENAI_UNSUPPORTED_KEYWORDS) {
      // Root combinators and a root `not` already have their own message; `then`/`else` go with `if`.
      const handledAtRoot = path === '#' && (keyword === 'allOf' || keyword === 'oneOf' || keyword === 'not');
      const handledByIf = (keyword === 'then' || keyword === 'else') && 'if' in node;
      if (keyword in node && !handledAtRoot && !handledByIf) context.warnings.push(unsupportedKeywordWarning(path, keyword));
    }
    if (typeof node.format === 'string' && !OPENAI_SUPPORTED_FORMATS.includes(node.format)) {
      context.warnings.push(
        unsupported(
          childPath(path, 'format'),
          `"format": ${JSON.stringify(node.format)} is not one OpenAI supports (${OPENAI_SUPPORTED_FORMATS.join(', ')}); it is only a hint to the model.`,
        ),
      );
    }
  }

  forEachSubschema(node, path, (subschema, subpath) => walk(subschema, subpath, context, depth, walkDepth + 1));
}

function providerLabel(provider: ProviderName): string {
  return provider === 'anthropic' ? 'Anthropic' : 'OpenAI';
}

/** `#` reads badly in a sentence. */
function describePath(path: string): string {
  return path === '#' ? 'the root' : path;
}

/** Why OpenAI strict mode would refuse this schema (empty when it would accept it). */
function strictReasons(root: Record<string, unknown>): string[] {
  const reasons: string[] = [];
  const visit = (node: unknown, path: string, depth: number): void => {
    if (!isPlainObject(node) || depth > MAX_WALK_DEPTH) return;
    if (isObjectSchema(node)) {
      if (node.additionalProperties !== false) reasons.push(`${describePath(path)} does not set "additionalProperties": false`);
      const required = stringArray(node.required);
      const properties = isPlainObject(node.properties) ? Object.keys(node.properties) : [];
      for (const name of properties) {
        if (!required.includes(name)) reasons.push(`${childPath(childPath(path, 'properties'), name)} is optional`);
      }
    }
    for (const keyword of OPENAI_UNSUPPORTED_KEYWORDS) {
      if (keyword in node) reasons.push(`${childPath(path, keyword)} uses "${keyword}"`);
    }
    forEachSubschema(node, path, (subschema, subpath) => visit(subschema, subpath, depth + 1));
  };
  visit(root, '#', 0);
  return reasons;
}

/** The one info line that says why the tool goes to OpenAI without `strict: true`. */
function strictModeMessage(reasons: string[]): string {
  if (reasons.length === 0) {
    return 'Sent without strict mode, like every tool: Glassbox shows each server schema as published. This schema would also qualify for strict mode.';
  }
  const shown = reasons.slice(0, 3).join('; ');
  const more = reasons.length > 3 ? ` (and ${reasons.length - 3} more)` : '';
  return `Sent without strict mode: strict mode needs "additionalProperties": false on every object, every property required and only supported keywords, but ${shown}${more}.`;
}
