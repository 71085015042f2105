/**
 * OpenAI's rules for a function's `parameters` schema: an object schema with `properties` at the
 * top, a documented subset of keywords and formats, and strict-mode limits. Glassbox sends tools
 * non-strict, so what strict mode would refuse is reported, not enforced. The Responses API
 * reads `parameters` by the same rules.
 */
import type { SchemaKit, SchemaRules, SchemaStats } from '../adapter-parts';
import { isPlainObject } from '../../shared/json';

/** `format` values OpenAI structured outputs understand; others are ignored by the provider. */
const OPENAI_SUPPORTED_FORMATS: readonly string[] = ['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid'];

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
const OPENAI_MAX_NESTING = 5;
/** OpenAI's documented strict-mode limit on the number of object properties in one schema. */
const OPENAI_MAX_PROPERTIES = 100;
/** The strict check stops below this depth, like the converter's walk. */
const MAX_DEPTH = 64;

/** OpenAI Chat Completions' `function.parameters`. */
export const openAISchemaRules: SchemaRules = {
  label: 'OpenAI function.parameters',
  vendor: 'OpenAI',
  root(schema, kit) {
    if (!('properties' in schema)) {
      schema['properties'] = {};
      kit.info('#/properties', 'Added "properties": {} at the root: OpenAI rejects an object schema without properties.');
    }
    for (const keyword of ['allOf', 'anyOf', 'oneOf', 'not', 'enum']) {
      if (keyword in schema) {
        kit.unsupported(
          `#/${keyword}`,
          `"${keyword}" at the root: OpenAI expects a plain object schema at the top and may reject or ignore this rule. Glassbox still checks the full rule before calling the tool.`,
        );
      }
    }
  },
  node(node, path, kit) {
    for (const keyword of OPENAI_UNSUPPORTED_KEYWORDS) {
      // Root combinators and a root `not` already have their own message; `then`/`else` go with `if`.
      const handledAtRoot = path === '#' && (keyword === 'allOf' || keyword === 'oneOf' || keyword === 'not');
      const handledByIf = (keyword === 'then' || keyword === 'else') && 'if' in node;
      if (keyword in node && !handledAtRoot && !handledByIf) {
        const shown = keyword === 'if' ? '"if"/"then"/"else"' : `"${keyword}"`;
        kit.unsupported(
          kit.childPath(path, keyword),
          `${shown}: not supported by OpenAI. Strict mode rejects this rule; in non-strict mode the model only reads it as a hint. Glassbox checks the rule before calling the tool.`,
        );
      }
    }
    if (typeof node['format'] === 'string' && !OPENAI_SUPPORTED_FORMATS.includes(node['format'])) {
      kit.unsupported(
        kit.childPath(path, 'format'),
        `"format": ${JSON.stringify(node['format'])} is not one OpenAI supports (${OPENAI_SUPPORTED_FORMATS.join(', ')}); it is only a hint to the model.`,
      );
    }
  },
  finish(schema, stats, kit) {
    checkLimits(stats, kit);
    const reasons = strictReasons(schema, kit);
    kit.info('#', strictModeMessage(reasons));
    return reasons.length === 0;
  },
  strictNote: (strictCompatible) =>
    strictCompatible
      ? 'OpenAI strict mode would accept this schema; Glassbox still sends every tool non-strict.'
      : 'OpenAI strict mode would not accept this schema as is; Glassbox sends every tool non-strict.',
};

function checkLimits(stats: SchemaStats, kit: SchemaKit): void {
  if (stats.deepest > OPENAI_MAX_NESTING) {
    kit.unsupported(
      stats.deepestPath,
      `Objects nest ${stats.deepest} levels deep; OpenAI allows ${OPENAI_MAX_NESTING} in strict mode and may handle deeper schemas poorly.`,
    );
  }
  if (stats.properties > OPENAI_MAX_PROPERTIES) {
    kit.unsupported(
      '#',
      `The schema declares ${stats.properties} properties; OpenAI allows ${OPENAI_MAX_PROPERTIES} in strict mode and may handle larger schemas poorly.`,
    );
  }
}

/** `#` reads badly in a sentence. */
function describePath(path: string): string {
  return path === '#' ? 'the root' : path;
}

/** Why OpenAI strict mode would refuse this schema (empty when it would accept it). */
function strictReasons(root: Record<string, unknown>, kit: SchemaKit): string[] {
  const reasons: string[] = [];
  const visit = (node: unknown, path: string, depth: number): void => {
    if (!isPlainObject(node) || depth > MAX_DEPTH) return;
    if (kit.isObjectSchema(node)) {
      if (node['additionalProperties'] !== false) reasons.push(`${describePath(path)} does not set "additionalProperties": false`);
      const required = Array.isArray(node['required']) ? node['required'] : [];
      const properties = isPlainObject(node['properties']) ? Object.keys(node['properties']) : [];
      for (const name of properties) {
        if (!required.includes(name)) reasons.push(`${kit.childPath(kit.childPath(path, 'properties'), name)} is optional`);
      }
    }
    for (const keyword of OPENAI_UNSUPPORTED_KEYWORDS) {
      if (keyword in node) reasons.push(`${kit.childPath(path, keyword)} uses "${keyword}"`);
    }
    for (const [subschema, subpath] of kit.subschemas(node, path)) visit(subschema, subpath, depth + 1);
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
