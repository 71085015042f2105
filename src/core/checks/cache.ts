/**
 * Cache stability: each list is fetched again (K times in all) and compared with the first: the
 * same bytes in the same order, or the finding names what moved. A tool list that changes between
 * requests changes the model request's prefix, and a provider's prompt cache is lost from there.
 */
import { LISTS, type ListWalk, type Observation } from './observe';
import { finding, spec } from './rules';
import type { CheckFinding } from './types';

/** The items of a walk, each as its exact JSON text. */
const texts = (walk: ListWalk): string[] => walk.items.map((item) => JSON.stringify(item));

/** How two walks of a list differ, in words; undefined when they are the same. */
export function describeChange(first: ListWalk, next: ListWalk, key: string): string | undefined {
  const a = texts(first);
  const b = texts(next);
  if (a.length === b.length && a.every((text, index) => text === b[index])) return undefined;
  const keysA = first.items.map((item) => String(item[key]));
  const keysB = next.items.map((item) => String(item[key]));
  const setA = new Set(keysA);
  const setB = new Set(keysB);
  const added = keysB.filter((name) => !setA.has(name));
  const removed = keysA.filter((name) => !setB.has(name));
  if (added.length > 0 || removed.length > 0)
    return `the set changed (${[...added.map((name) => `+${name}`), ...removed.map((name) => `−${name}`)].slice(0, 5).join(', ')})`;
  const moved = keysA.findIndex((name, index) => keysB[index] !== name);
  if (moved >= 0) return `the order changed: ${keysA[moved]} was at ${moved + 1}, now ${keysB[moved]} is`;
  const changed = keysA.find((_name, index) => a[index] !== b[index]);
  return `the same items in the same order, but ${changed} differs byte for byte`;
}

/** One finding per list listed again. */
export function cacheChecks(seen: Observation): CheckFinding[] {
  const era = seen.era;
  if (!era) return [];
  const out: CheckFinding[] = [];
  for (const spec_ of LISTS) {
    const first = seen.lists[spec_.kind];
    const again = seen.again[spec_.kind];
    if (!first || !again || again.length === 0) continue;
    const changes = again.map((walk) => describeChange(first, walk, spec_.key));
    const index = changes.findIndex((change) => change !== undefined);
    const change = index >= 0 ? changes[index] : undefined;
    const setChanged = change?.startsWith('the set') ?? false;
    out.push(
      finding({
        id: 'cache.stable-list',
        subject: spec_.method,
        severity: change === undefined ? 'pass' : setChanged ? 'info' : 'warn',
        category: 'cache',
        title:
          change === undefined ? `${spec_.method} is byte-identical ${again.length + 1} times` : `${spec_.method} changed between requests`,
        expected: `the same bytes in the same order on each of ${again.length + 1} requests`,
        actual:
          change === undefined
            ? 'identical'
            : `${change}. A changed ${spec_.field} list changes every model request from there on, so a provider's prompt cache is lost at that point.`,
        rule: spec(
          era,
          `server/${spec_.capability}#listing-${spec_.kind === 'templates' ? 'resource-templates' : spec_.kind}`,
          `${spec_.method} (deterministic lists)`,
        ),
        fix: 'Return list items in a fixed order (sort by name) with stable field values.',
        exchangeIds: index >= 0 ? [first.pages[0]?.exchangeId, again[index]!.pages[0]?.exchangeId] : [first.pages[0]?.exchangeId],
      }),
    );
  }
  return out;
}
