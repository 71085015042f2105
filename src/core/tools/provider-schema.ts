/**
 * Turns a server's `inputSchema` into the parameters schema a wire format will accept, and says
 * what it changed and what the provider will ignore. The walk is here; what each wire accepts is
 * in its folder's schema rules (`PROVIDERS[id].schema`). A server's schema is untrusted JSON; a
 * single schema a provider rejects fails the whole model request, so the few fatal shapes are
 * repaired here, each repair reported with its JSON path. Nothing is dropped silently.
 */
import { PROVIDERS, type ProviderId, type ProviderSchemaResult, type SchemaKit, type SchemaRules, type SchemaWarning } from '../providers';
import { cloneJson, isPlainObject, jsonEqual, jsonTypeOf } from '../shared/json';
import { childPath } from '../shared/json-pointer';

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

const EMPTY_OBJECT_SCHEMA = (): Record<string, unknown> => ({ type: 'object', properties: {} });

/** Converts a server's input schema for one wire format, by that format's rules; never throws. */
export function toProviderSchema(inputSchema: unknown, provider: ProviderId): ProviderSchemaResult {
  const rules = PROVIDERS[provider].schema;
  const warnings: SchemaWarning[] = [];
  const schema = normalizeRoot(inputSchema, rules, warnings);
  const kit = createKit(schema, warnings);
  rules.root?.(schema, kit);
  const context: WalkContext = { root: schema, rules, kit, warnings, deepest: 0, deepestPath: '#', properties: 0 };
  walk(schema, '#', context, 0, 0);
  const { deepest, deepestPath, properties } = context;
  const strictCompatible = rules.finish(schema, { deepest, deepestPath, properties }, kit);
  return { schema, warnings, strictCompatible };
}

/** The walker's helpers, handed to a wire's rules. */
function createKit(root: Record<string, unknown>, warnings: SchemaWarning[]): SchemaKit {
  return {
    info: (path, message) => warnings.push(info(path, message)),
    changed: (path, message) => warnings.push(changed(path, message)),
    unsupported: (path, message) => warnings.push(unsupported(path, message)),
    resolveRef: (ref) => resolveLocalRef(ref, root),
    subschemas(node, path) {
      const found: Array<[unknown, string]> = [];
      forEachSubschema(node, path, (subschema, subpath) => found.push([subschema, subpath]));
      return found;
    },
    childPath,
    jsonEqual,
    isObjectSchema,
  };
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
function normalizeRoot(inputSchema: unknown, rules: SchemaRules, warnings: SchemaWarning[]): Record<string, unknown> {
  if (inputSchema === undefined || inputSchema === null) {
    warnings.push(changed('#', 'The tool has no input schema; it is offered to the model as a tool without parameters.'));
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
    warnings.push(
      info('#/type', 'Added "type": "object" at the root: both providers require it, and tool arguments are always an object.'),
    );
  } else if (Array.isArray(type) && type.includes('object')) {
    schema.type = 'object';
    warnings.push(
      info(
        '#/type',
        `Root "type" ${JSON.stringify(type)} narrowed to "object": providers require it, and tool arguments are always an object.`,
      ),
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
    warnings.push(changed('#/properties', `Root "properties" is a JSON ${jsonTypeOf(schema.properties)}, not an object; replaced by {}.`));
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
    warnings.push(dialectWarning(declared, rules.vendor));
  }
  return schema;
}

/** Explains the removal of `$schema`; a warning only when the dialect reads differently from 2020-12. */
function dialectWarning(declared: unknown, providerName: string): SchemaWarning {
  const uri = typeof declared === 'string' ? declared.replace(/#$/, '') : '';
  if (/json-schema\.org\/(draft\/2020-12|draft-07|draft-06)\/schema$/.test(uri)) {
    return info('#/$schema', `Removed "$schema" (${uri}): ${providerName} does not need it and reads the schema the same way without it.`);
  }
  return changed(
    '#/$schema',
    `Removed "$schema" (${JSON.stringify(declared)}): ${providerName} reads schemas as draft 2020-12, where some keywords of this dialect mean something else (for example a boolean "exclusiveMinimum" in draft-04).`,
  );
}

function stringArray(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
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
  rules: SchemaRules;
  kit: SchemaKit;
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
        `"$ref": ${JSON.stringify(node.$ref)} does not resolve inside this schema; ${context.rules.vendor} cannot follow it, so the model does not see what it points to.`,
      ),
    );
  }

  context.rules.node?.(node, path, context.kit);

  forEachSubschema(node, path, (subschema, subpath) => walk(subschema, subpath, context, depth, walkDepth + 1));
}
