/**
 * Turns the validator's flat list of structured errors into the few the model can act on: drops
 * the wrappers that only announce nested errors, folds the failed alternatives of a union into one
 * sentence, reports an unexpected property once, and names what a rule about property names or
 * `contains` was about.
 */
import { validate, type OutputUnit, type Schema } from '@cfworker/json-schema';
import { isPlainObject } from '../shared/json';
import { pointerSegments } from '../shared/json-pointer';
import {
  describeArgumentError,
  instanceSegments,
  instanceValue,
  readablePath,
  schemaValueAt,
  WRAPPER_KEYWORDS,
  type ArgumentError,
  type SchemaContext,
} from './describe-argument-error';

/** Errors an alternative of a union reports about the value itself. */
const ALTERNATIVE_KEYWORDS = new Set(['type', 'const', 'enum']);

/** Keywords after which the errors of the items that did not match follow (they are not mistakes). */
const CONTAINS_KEYWORDS = new Set(['contains', 'minContains', 'maxContains']);

function sameOrUnder(segments: readonly string[], prefix: readonly string[]): boolean {
  return prefix.length <= segments.length && prefix.every((segment, index) => segments[index] === segment);
}

/** The schema-location segment right after `unit`'s own in a nested error (`oneOf/2/…` → `2`). */
function childKeyword(unit: OutputUnit, nested: OutputUnit | undefined): string | undefined {
  if (!nested?.keywordLocation.startsWith(`${unit.keywordLocation}/`)) return undefined;
  return pointerSegments(nested.keywordLocation)?.[(pointerSegments(unit.keywordLocation) ?? []).length];
}

/** The instance segment right after `unit`'s own in a nested error (the key of a property). */
function childKey(unit: OutputUnit, nested: OutputUnit | undefined): string | undefined {
  if (!nested) return undefined;
  const parent = instanceSegments(unit);
  const segments = instanceSegments(nested);
  return sameOrUnder(segments, parent) ? segments[parent.length] : undefined;
}

/** How many items match a `contains` schema, asked of the engine itself. */
function matchingItems(unit: OutputUnit, value: unknown, context: SchemaContext): number | undefined {
  const parent = schemaValueAt(unit.keywordLocation.replace(/\/[^/]*$/, ''), context);
  if (!Array.isArray(value) || !isPlainObject(parent) || parent.contains === undefined) return undefined;
  try {
    const contains = parent.contains as Schema | boolean;
    return value.filter((item) => validate(item, contains, context.draft, context.lookup, true).valid).length;
  } catch {
    return undefined;
  }
}

function describeContains(unit: OutputUnit, context: SchemaContext): ArgumentError {
  const path = readablePath(instanceSegments(unit));
  const value = instanceValue(unit, context);
  if (unit.keyword === 'contains') return { path, message: 'must contain at least one matching item' };
  const limit = Number(schemaValueAt(unit.keywordLocation, context));
  const found = Array.isArray(value) && value.length >= limit ? matchingItems(unit, value, context) : undefined;
  const bound = unit.keyword === 'minContains' ? 'at least' : 'at most';
  return { path, message: `must contain ${bound} ${limit} matching items${found === undefined ? '' : ` (found ${found})`}` };
}

/**
 * Turns the engine's flat error list into actionable errors. With all errors collected, the
 * engine also reports a declared property that failed as an unexpected extra property; such
 * reports are dropped when the property has a real error of its own.
 */
export function explainArgumentErrors(units: readonly OutputUnit[], context: SchemaContext): ArgumentError[] {
  const consumed = new Set<number>();
  const isWrapper = (unit: OutputUnit) => WRAPPER_KEYWORDS.has(unit.keyword);

  // The errors of items that did not match a `contains` schema say nothing about the arguments.
  units.forEach((unit, index) => {
    if (!CONTAINS_KEYWORDS.has(unit.keyword)) return;
    const base = `${unit.keywordLocation.replace(/\/[^/]*$/, '')}/contains/`;
    units.forEach((other, otherIndex) => {
      if (otherIndex !== index && other.keywordLocation.startsWith(base)) consumed.add(otherIndex);
    });
  });

  // An extra property's report, and the errors after it that belong to it.
  const groupOf = new Array<number | undefined>(units.length).fill(undefined);
  const groups: Array<{ segments: string[]; members: number[] }> = [];
  units.forEach((unit, index) => {
    if (unit.keyword !== 'additionalProperties' && unit.keyword !== 'unevaluatedProperties') return;
    const key = childKey(unit, units[index + 1]);
    if (key === undefined) return;
    const group = { segments: [...instanceSegments(unit), key], members: [] as number[] };
    for (let next = index + 1; next < units.length && sameOrUnder(instanceSegments(units[next] as OutputUnit), group.segments); next++) {
      groupOf[next] = groups.length;
      group.members.push(next);
    }
    groupOf[index] = groups.length;
    groups.push(group);
  });

  const errors: ArgumentError[] = [];
  const emittedGroups = new Set<number>();
  units.forEach((unit, index) => {
    if (consumed.has(index)) return;
    const groupIndex = groupOf[index];
    if (groupIndex !== undefined) {
      if (emittedGroups.has(groupIndex)) return;
      emittedGroups.add(groupIndex);
      const group = groups[groupIndex];
      if (!group) return;
      const hasOwnError = units.some(
        (other, otherIndex) =>
          groupOf[otherIndex] === undefined && !isWrapper(other) && sameOrUnder(instanceSegments(other), group.segments),
      );
      if (hasOwnError) return;
      const meaningful = group.members
        .map((member) => units[member] as OutputUnit)
        .filter((member) => member.keyword !== 'false' && !isWrapper(member));
      if (meaningful.length === 0) {
        errors.push({ path: readablePath(group.segments), message: 'is not an allowed property: remove it' });
      } else {
        for (const member of meaningful) errors.push(...describeArgumentError(member, context));
      }
      return;
    }
    if (CONTAINS_KEYWORDS.has(unit.keyword)) {
      errors.push(describeContains(unit, context));
      return;
    }
    if (unit.keyword === 'anyOf' || unit.keyword === 'oneOf') {
      errors.push(explainUnion(units, index, context, consumed));
      return;
    }
    if (unit.keyword === 'propertyNames') {
      errors.push(explainPropertyName(units, index, context, consumed));
      return;
    }
    const dependency =
      unit.keyword === 'dependentSchemas' || unit.keyword === 'dependencies' ? childKeyword(unit, units[index + 1]) : undefined;
    if (dependency !== undefined) {
      const path = readablePath(instanceSegments(unit));
      errors.push({ path, message: `must meet the extra rules that apply when "${dependency}" is given` });
      return;
    }
    errors.push(...describeArgumentError(unit, context));
  });

  const seen = new Set<string>();
  return errors.filter((error) => {
    const key = `${error.path}\u0000${error.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * A failed anyOf, or a oneOf that matched none or several. The alternatives' own type/const/enum
 * failures follow at the same place: they are folded into one message, or dropped when the
 * problem is that several alternatives matched.
 */
function explainUnion(units: readonly OutputUnit[], index: number, context: SchemaContext, consumed: Set<number>): ArgumentError {
  const unit = units[index] as OutputUnit;
  const path = readablePath(instanceSegments(unit));
  const alternatives: string[] = [];
  const failing = new Set<string>();
  for (let next = index + 1; next < units.length; next++) {
    const alternative = childKeyword(unit, units[next]);
    if (alternative !== undefined) failing.add(alternative);
  }
  for (let next = index + 1; next < units.length; next++) {
    const candidate = units[next] as OutputUnit;
    if (candidate.instanceLocation !== unit.instanceLocation || !ALTERNATIVE_KEYWORDS.has(candidate.keyword)) break;
    if (!candidate.keywordLocation.startsWith(`${unit.keywordLocation}/`)) break;
    consumed.add(next);
    alternatives.push(...describeArgumentError(candidate, context).map((error) => error.message));
  }
  if (unit.keyword === 'oneOf') {
    const forms = schemaValueAt(unit.keywordLocation, context);
    const matches = Array.isArray(forms) ? forms.length - failing.size : 0;
    if (matches >= 2) return { path, message: `must match exactly one of the allowed forms (oneOf), but matches ${matches}` };
    if (alternatives.length === 0) return { path, message: 'must match one of the allowed forms (oneOf), but matches none' };
  }
  if (alternatives.length === 0)
    return describeArgumentError(unit, context)[0] ?? { path, message: 'must match at least one of the allowed forms (anyOf)' };
  return { path, message: `must match one of the allowed forms (${unit.keyword}): ${[...new Set(alternatives)].join(', or ')}` };
}

/** A property name that breaks `propertyNames`, with what is wrong with the name itself. */
function explainPropertyName(units: readonly OutputUnit[], index: number, context: SchemaContext, consumed: Set<number>): ArgumentError {
  const unit = units[index] as OutputUnit;
  const key = childKey(unit, units[index + 1]) ?? '';
  const details: string[] = [];
  for (let next = index + 1; next < units.length && childKey(unit, units[next]) === key; next++) {
    const nested = units[next] as OutputUnit;
    if (!nested.keywordLocation.startsWith(`${unit.keywordLocation}/`) && nested.keywordLocation !== unit.keywordLocation) break;
    consumed.add(next);
    // The value these errors are about is the name, not the property's value.
    details.push(...describeArgumentError(nested, context, key).map((error) => error.message));
  }
  const detail = details.length > 0 ? `: the name ${details.join(', and ')}` : '';
  return { path: readablePath(instanceSegments(unit)), message: `must not have a property named "${key}"${detail}` };
}
