/**
 * Two JSON Schemas of one tool compared: for an input, B must accept everything A did; for an
 * output, B must still give everything A promised. Each difference is recorded through `add`.
 */
import { isPlainObject, jsonEqual } from '../shared/json';
import { orderChanged, seg, type Add, type ChangeKind } from './change';

/** Which side of a tool a schema describes: what it accepts, or what it promises. */
export type Direction = 'input' | 'output';

function typesOf(schema: Record<string, unknown>): Set<string> | undefined {
  const type = schema['type'];
  if (type === undefined) return undefined;
  const list = Array.isArray(type) ? type : [type];
  return new Set(list.filter((item): item is string => typeof item === 'string'));
}

/** Does type set `wide` accept every value of `narrow`? (`number` accepts `integer`; no type accepts all.) */
function accepts(wide: Set<string> | undefined, narrow: Set<string> | undefined): boolean {
  if (wide === undefined) return true;
  if (narrow === undefined) return false;
  return [...narrow].every((type) => wide.has(type) || (type === 'integer' && wide.has('number')));
}

const UPPER = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties'];
const LOWER = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties'];
const TEXT = ['title', 'description', 'default', 'examples'];
const HANDLED = new Set(['type', 'enum', 'properties', 'required', 'additionalProperties', 'items', ...UPPER, ...LOWER, ...TEXT]);

/**
 * Compares two JSON Schemas. For an input, B must accept everything A did (narrowing breaks callers);
 * for an output, B must still give everything A promised (a property removed or no longer required breaks readers).
 */
export function compareSchema(a: unknown, b: unknown, path: string, what: string, direction: Direction, add: Add): void {
  if (!isPlainObject(a) || !isPlainObject(b)) {
    if (!jsonEqual(a, b)) add('breaking', path, a, b, `The schema of ${what} was replaced.`);
    return;
  }
  const narrowKind: ChangeKind = direction === 'input' ? 'breaking' : 'compatible';
  const widenKind: ChangeKind = direction === 'input' ? 'compatible' : 'breaking';
  const whoNarrow = direction === 'input' ? 'callers sending values valid before are rejected' : 'readers get a narrower value';
  const whoWiden = direction === 'input' ? 'callers can send more' : 'readers may get values they did not expect';

  const typeA = typesOf(a);
  const typeB = typesOf(b);
  if (!jsonEqual(typeA && [...typeA].sort(), typeB && [...typeB].sort())) {
    const widened = accepts(typeB, typeA);
    const kind = widened ? widenKind : direction === 'input' ? 'breaking' : accepts(typeA, typeB) ? 'compatible' : 'breaking';
    add(
      kind,
      `${path}/type`,
      a['type'],
      b['type'],
      `The type of ${what} changed${widened ? ' (widened)' : ''}: ${widened ? whoWiden : direction === 'input' ? whoNarrow : 'readers get another type'}.`,
    );
  }

  const enumA = Array.isArray(a['enum']) ? (a['enum'] as unknown[]) : undefined;
  const enumB = Array.isArray(b['enum']) ? (b['enum'] as unknown[]) : undefined;
  if (enumA || enumB) {
    const has = (list: unknown[], value: unknown) => list.some((item) => jsonEqual(item, value));
    const removed = enumA && (enumB ? enumA.filter((value) => !has(enumB, value)) : []);
    const added = enumB && (enumA ? enumB.filter((value) => !has(enumA, value)) : []);
    if (!enumA) add(narrowKind, `${path}/enum`, undefined, enumB, `${what} is now limited to ${JSON.stringify(enumB)}: ${whoNarrow}.`);
    else if (!enumB) add(widenKind, `${path}/enum`, enumA, undefined, `${what} is no longer limited to a list of values: ${whoWiden}.`);
    else if ((removed?.length ?? 0) > 0)
      add(narrowKind, `${path}/enum`, enumA, enumB, `${JSON.stringify(removed)} no longer allowed in ${what}: ${whoNarrow}.`);
    else if ((added?.length ?? 0) > 0)
      add(widenKind, `${path}/enum`, enumA, enumB, `${JSON.stringify(added)} now allowed in ${what}: ${whoWiden}.`);
    else if (!jsonEqual(enumA, enumB)) add('cosmetic', `${path}/enum`, enumA, enumB, `The values of ${what} are listed in another order.`);
  }

  for (const key of UPPER) compareBound(a, b, key, true, path, what, narrowKind, widenKind, whoNarrow, whoWiden, add);
  for (const key of LOWER) compareBound(a, b, key, false, path, what, narrowKind, widenKind, whoNarrow, whoWiden, add);

  const closed = (schema: Record<string, unknown>) => schema['additionalProperties'] === false;
  if (!closed(a) && closed(b))
    add(
      narrowKind,
      `${path}/additionalProperties`,
      a['additionalProperties'],
      false,
      `${what} no longer accept properties not listed: ${whoNarrow}.`,
    );
  else if (closed(a) && !closed(b))
    add(
      widenKind,
      `${path}/additionalProperties`,
      false,
      b['additionalProperties'],
      `${what} now accept properties not listed: ${whoWiden}.`,
    );

  for (const key of TEXT)
    if (!jsonEqual(a[key], b[key]))
      add('model-visible', `${path}/${key}`, a[key], b[key], `The ${key} of ${what} changed: the model may fill it differently.`);

  compareProperties(a, b, path, what, direction, add);
  if (a['items'] !== undefined || b['items'] !== undefined) {
    if (isPlainObject(a['items']) && isPlainObject(b['items']))
      compareSchema(a['items'], b['items'], `${path}/items`, `the items of ${what}`, direction, add);
    else if (!jsonEqual(a['items'], b['items'])) add(narrowKind, `${path}/items`, a['items'], b['items'], `The items of ${what} changed.`);
  }
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)]))
    if (!HANDLED.has(key) && !jsonEqual(a[key], b[key]))
      add(
        key === 'pattern' || key === 'format' || key === 'const' ? narrowKind : 'model-visible',
        `${path}/${seg(key)}`,
        a[key],
        b[key],
        `The "${key}" of ${what} changed.`,
      );
}

function compareBound(
  a: Record<string, unknown>,
  b: Record<string, unknown>,
  key: string,
  upper: boolean,
  path: string,
  what: string,
  narrowKind: ChangeKind,
  widenKind: ChangeKind,
  whoNarrow: string,
  whoWiden: string,
  add: Add,
): void {
  const before = typeof a[key] === 'number' ? (a[key] as number) : undefined;
  const after = typeof b[key] === 'number' ? (b[key] as number) : undefined;
  if (before === after) return;
  const tighter = after !== undefined && (before === undefined || (upper ? after < before : after > before));
  const verb =
    after === undefined
      ? 'removed'
      : before === undefined
        ? 'set'
        : upper
          ? tighter
            ? 'lowered'
            : 'raised'
          : tighter
            ? 'raised'
            : 'lowered';
  add(tighter ? narrowKind : widenKind, `${path}/${key}`, before, after, `${key} of ${what} ${verb}: ${tighter ? whoNarrow : whoWiden}.`);
}

function compareProperties(
  a: Record<string, unknown>,
  b: Record<string, unknown>,
  path: string,
  what: string,
  direction: Direction,
  add: Add,
): void {
  const propsA = isPlainObject(a['properties']) ? a['properties'] : {};
  const propsB = isPlainObject(b['properties']) ? b['properties'] : {};
  const requiredOf = (schema: Record<string, unknown>) =>
    Array.isArray(schema['required']) ? (schema['required'] as unknown[]).filter((name): name is string => typeof name === 'string') : [];
  const reqA = requiredOf(a);
  const reqB = requiredOf(b);
  for (const name of Object.keys(propsA)) {
    const at = `${path}/properties/${seg(name)}`;
    if (!(name in propsB)) {
      add(
        'breaking',
        at,
        propsA[name],
        undefined,
        direction === 'input'
          ? `Argument ${name} was removed from ${what}: callers that send it may be rejected, and its meaning is lost.`
          : `Property ${name} was removed from ${what}: readers of structuredContent lose it.`,
      );
    } else
      compareSchema(propsA[name], propsB[name], at, direction === 'input' ? `argument ${name}` : `output property ${name}`, direction, add);
  }
  for (const name of Object.keys(propsB)) {
    if (name in propsA) continue;
    const required = reqB.includes(name);
    add(
      direction === 'input' && required ? 'breaking' : 'compatible',
      direction === 'input' && required ? `${path}/required` : `${path}/properties/${seg(name)}`,
      direction === 'input' && required ? reqA : undefined,
      direction === 'input' && required ? reqB : propsB[name],
      direction === 'input'
        ? required
          ? `New required argument ${name} in ${what}: every existing call without it is rejected.`
          : `New optional argument ${name} in ${what}: existing calls still work.`
        : `Property ${name} was added to ${what}.`,
    );
  }
  const newlyRequired = reqB.filter((name) => !reqA.includes(name) && name in propsA);
  const noLongerRequired = reqA.filter((name) => !reqB.includes(name) && name in propsB);
  if (newlyRequired.length > 0)
    add(
      direction === 'input' ? 'breaking' : 'compatible',
      `${path}/required`,
      reqA,
      reqB,
      direction === 'input'
        ? `${newlyRequired.join(', ')} now required in ${what}: calls that leave it out are rejected.`
        : `${newlyRequired.join(', ')} now always present in ${what}.`,
    );
  if (noLongerRequired.length > 0)
    add(
      direction === 'input' ? 'compatible' : 'breaking',
      `${path}/required`,
      reqA,
      reqB,
      direction === 'input'
        ? `${noLongerRequired.join(', ')} no longer required in ${what}: existing calls still work.`
        : `${noLongerRequired.join(', ')} may now be missing from ${what}: readers that expect it break.`,
    );
  if (newlyRequired.length === 0 && noLongerRequired.length === 0 && reqA.length === reqB.length && orderChanged(reqA, reqB))
    add('cosmetic', `${path}/required`, reqA, reqB, `The required names of ${what} are listed in another order.`);
  const commonA = Object.keys(propsA).filter((name) => name in propsB);
  const commonB = Object.keys(propsB).filter((name) => name in propsA);
  if (orderChanged(commonA, commonB))
    add('cosmetic', `${path}/properties`, commonA, commonB, `The properties of ${what} are listed in another order.`);
}
