/**
 * Tool definitions as the person allowed them: the fields that reach the model or shape the call
 * (name, title, description, input and output schema, annotations), written as canonical JSON
 * (sorted keys) so the same definition always gives the same text and hash; and what changed
 * between a pinned definition and a later one, field by field, as word-level diffs.
 */
import { fnv1a32Hex } from '../shared/hash';
import { isPlainObject } from '../shared/json';
import { wordDiff, type DiffPart } from './word-diff';

/** The parts of a tool that are pinned. */
const PINNED_FIELDS = ['name', 'title', 'description', 'inputSchema', 'outputSchema', 'annotations'] as const;

/** One pinned field's name. */
type PinnedField = (typeof PINNED_FIELDS)[number];

/** A tool's pinned definition: only the pinned fields, as JSON. */
export type ToolDefinition = Partial<Record<PinnedField, unknown>>;

/** A definition with its canonical text and hash. */
export interface DefinitionFingerprint {
  definition: ToolDefinition;
  /** FNV-1a of the canonical JSON: a short id to show and compare (the canonical text decides). */
  hash: string;
  canonical: string;
}

/** What changed in one field. */
export interface FieldChange {
  field: PinnedField;
  /** Word-level diff of the field's text (strings as they are, other values as canonical JSON). */
  parts: DiffPart[];
}

/** JSON with object keys sorted at every level, so equal values give equal text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value)) ?? 'null';
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (!isPlainObject(value)) return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    if (value[key] !== undefined) sorted[key] = sortKeys(value[key]);
  }
  return sorted;
}

/** The pinned fields of a tool as listed (absent fields stay absent). */
function toolDefinition(tool: object): ToolDefinition {
  const source = tool as Record<string, unknown>;
  const definition: ToolDefinition = {};
  for (const field of PINNED_FIELDS) {
    if (source[field] !== undefined) definition[field] = JSON.parse(canonicalJson(source[field])) as unknown;
  }
  return definition;
}

/** The definition of a tool with its canonical text and hash. */
export function fingerprint(tool: object): DefinitionFingerprint {
  const definition = toolDefinition(tool);
  const canonical = canonicalJson(definition);
  return { definition, hash: fnv1a32Hex(canonical), canonical };
}

/** A field's value as diffable text: strings as they are, anything else as indented canonical JSON. */
function fieldText(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(sortKeys(value), null, 1) ?? '';
}

/** The fields that differ between a pinned and a current definition, each with its word-level diff. */
export function diffDefinitions(pinned: ToolDefinition, current: ToolDefinition): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of PINNED_FIELDS) {
    const before = fieldText(pinned[field]);
    const after = fieldText(current[field]);
    if (before !== after) changes.push({ field, parts: wordDiff(before, after) });
  }
  return changes;
}
