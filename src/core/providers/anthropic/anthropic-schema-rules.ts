/**
 * Anthropic's rules for a tool's `input_schema`: it rejects `oneOf`, `allOf` and `anyOf` at the
 * top (HTTP 400 for the whole request), so they are merged away there; everything else is sent
 * as the server wrote it.
 */
import type { SchemaKit, SchemaRules } from '../adapter-parts';
import { isPlainObject } from '../../shared/json';

/** The three keywords Anthropic refuses at the top of `input_schema`. */
const ROOT_COMBINATORS = ['allOf', 'anyOf', 'oneOf'] as const;

/** Anthropic Messages' `input_schema`. */
export const anthropicSchemaRules: SchemaRules = {
  label: 'Anthropic input_schema',
  vendor: 'Anthropic',
  root: flattenRootCombinators,
  // Anthropic has no strict mode; the flag says only that no OpenAI-style strict rule is broken.
  finish: () => false,
};

/**
 * Removes root combinators; the properties of their alternatives are merged into the root so
 * the model still sees every field. Argument validation keeps the original rule.
 */
function flattenRootCombinators(schema: Record<string, unknown>, kit: SchemaKit): void {
  for (const keyword of ROOT_COMBINATORS) {
    if (!(keyword in schema)) continue;
    const branches = schema[keyword];
    delete schema[keyword];
    const path = `#/${keyword}`;
    if (!Array.isArray(branches)) {
      kit.changed(path, `Removed "${keyword}" at the root: it is not an array, and Anthropic rejects it at the top level.`);
      continue;
    }
    const properties = isPlainObject(schema['properties']) ? schema['properties'] : {};
    schema['properties'] = properties;
    const rootNames = new Set(Object.keys(properties));
    // name → the distinct definitions the alternatives give it, in order.
    const definitions = new Map<string, unknown[]>();
    const requiredSets: string[][] = [];
    for (const branch of branches) {
      const resolved = resolveBranch(branch, kit);
      const branchProperties = isPlainObject(resolved?.['properties']) ? resolved['properties'] : {};
      for (const [name, subschema] of Object.entries(branchProperties)) {
        const list = definitions.get(name) ?? [];
        if (!list.some((existing) => kit.jsonEqual(existing, subschema))) list.push(subschema);
        definitions.set(name, list);
      }
      requiredSets.push(names(resolved?.['required']));
    }
    const added: string[] = [];
    const combined: string[] = [];
    const keptRoot: string[] = [];
    for (const [name, list] of definitions) {
      if (rootNames.has(name)) {
        if (list.some((subschema) => !kit.jsonEqual(subschema, properties[name]))) keptRoot.push(name);
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
    if (required.length > 0) schema['required'] = union([names(schema['required']), required]);
    const quote = (list: string[]) => list.map((name) => JSON.stringify(name)).join(', ');
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
    kit.changed(path, parts.filter(Boolean).join(' '));
  }
}

/** A branch of a root combinator, following one local `$ref` if it is one. */
function resolveBranch(branch: unknown, kit: SchemaKit): Record<string, unknown> | undefined {
  if (!isPlainObject(branch)) return undefined;
  if (typeof branch['$ref'] === 'string') {
    const target = kit.resolveRef(branch['$ref']);
    return isPlainObject(target) ? target : branch;
  }
  return branch;
}

/** The string entries of a `required` list. */
function names(value: unknown): string[] {
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
