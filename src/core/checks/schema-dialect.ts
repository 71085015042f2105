/**
 * Whether a schema is valid JSON Schema 2020-12: every subschema is validated against the
 * dialect's meta-schema with the CSP-safe engine the rest of Glassbox uses (@cfworker/json-schema;
 * Ajv compiles code, which the page's policy forbids). The engine does not follow the meta-schema's
 * `$dynamicRef` into subschemas, so the walk hands it each subschema itself.
 */
import { Validator, type Schema } from '@cfworker/json-schema';
import metaSchema from 'ajv/dist/refs/json-schema-2020-12/schema.json';
import applicator from 'ajv/dist/refs/json-schema-2020-12/meta/applicator.json';
import content from 'ajv/dist/refs/json-schema-2020-12/meta/content.json';
import core from 'ajv/dist/refs/json-schema-2020-12/meta/core.json';
import formatAnnotation from 'ajv/dist/refs/json-schema-2020-12/meta/format-annotation.json';
import metaData from 'ajv/dist/refs/json-schema-2020-12/meta/meta-data.json';
import unevaluated from 'ajv/dist/refs/json-schema-2020-12/meta/unevaluated.json';
import validation from 'ajv/dist/refs/json-schema-2020-12/meta/validation.json';

/** The dialect an era names when a schema has no `$schema`. */
export const DEFAULT_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

const MAP_KEYWORDS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];
const ONE_KEYWORDS = [
  'additionalProperties',
  'unevaluatedProperties',
  'propertyNames',
  'items',
  'unevaluatedItems',
  'contains',
  'not',
  'if',
  'then',
  'else',
];
const LIST_KEYWORDS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const MAX_DEPTH = 32;
const MAX_PROBLEMS = 5;

let validator: Validator | undefined;
function metaValidator(): Validator {
  if (!validator) {
    validator = new Validator(metaSchema as unknown as Schema, '2020-12', false);
    for (const vocabulary of [core, applicator, unevaluated, validation, metaData, formatAnnotation, content])
      validator.addSchema(vocabulary as unknown as Schema);
  }
  return validator;
}

/** The problems of one schema against the 2020-12 meta-schema, as `#/path: message`; none when valid. */
export function dialectProblems(schema: unknown): string[] {
  const problems: string[] = [];
  const visit = (node: unknown, path: string, depth: number): void => {
    if (problems.length >= MAX_PROBLEMS || depth > MAX_DEPTH) return;
    if (typeof node === 'boolean') return;
    if (node === null || typeof node !== 'object' || Array.isArray(node)) {
      problems.push(`${path}: a subschema must be an object or a boolean, not ${JSON.stringify(node)}`);
      return;
    }
    const result = metaValidator().validate(node);
    if (!result.valid) {
      const deepest = result.errors[result.errors.length - 1]!;
      const where = deepest.instanceLocation === '#' ? path : `${path}${deepest.instanceLocation.slice(1)}`;
      problems.push(`${where}: ${deepest.error}`);
      return;
    }
    const record = node as Record<string, unknown>;
    for (const keyword of MAP_KEYWORDS) {
      const map = record[keyword];
      if (map && typeof map === 'object' && !Array.isArray(map))
        for (const [name, child] of Object.entries(map)) visit(child, `${path}/${keyword}/${name}`, depth + 1);
    }
    for (const keyword of ONE_KEYWORDS) if (keyword in record) visit(record[keyword], `${path}/${keyword}`, depth + 1);
    for (const keyword of LIST_KEYWORDS) {
      const list = record[keyword];
      if (Array.isArray(list)) list.forEach((child, index) => visit(child, `${path}/${keyword}/${index}`, depth + 1));
    }
  };
  visit(schema, '#', 0);
  return problems;
}
