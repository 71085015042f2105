/**
 * Tool results compared structurally: the same call replayed on A and B, or the same request sent
 * N times to one server (a 2026 stateless server must answer alike). Pure functions over JSON.
 *
 * What varies by nature is left out and reported as ignored: every `_meta` object (request
 * metadata such as timestamps, progress tokens, trace ids and related-task ids travel there).
 */
import { escapePointerSegment } from '../shared/json-pointer';
import { isPlainObject, jsonEqual } from '../shared/json';

/** Keys whose whole value is left out of a comparison, wherever they appear. */
const IGNORED_RESULT_KEYS = ['_meta'] as const;

/** One place two results differ; `before`/`after` undefined where the path is absent on that side. */
interface ResultDifference {
  /** JSON Pointer into the result, e.g. /structuredContent/days/0/high. */
  path: string;
  before?: unknown;
  after?: unknown;
}

/** How two results compare. */
export interface ResultComparison {
  same: boolean;
  differences: ResultDifference[];
  /** Paths left out because they vary by nature (`_meta`), present on either side. */
  ignored: string[];
}

/** Compares two results (any JSON: a CallToolResult, a list answer), deepest differing paths first found. */
export function compareResults(a: unknown, b: unknown): ResultComparison {
  const differences: ResultDifference[] = [];
  const ignored = new Set<string>();
  walk(a, b, '', differences, ignored);
  return { same: differences.length === 0, differences, ignored: [...ignored] };
}

function walk(a: unknown, b: unknown, path: string, out: ResultDifference[], ignored: Set<string>): void {
  if (isPlainObject(a) && isPlainObject(b)) {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const at = `${path}/${escapePointerSegment(key)}`;
      if ((IGNORED_RESULT_KEYS as readonly string[]).includes(key)) {
        ignored.add(at);
        continue;
      }
      if (!(key in b)) out.push({ path: at, before: a[key] });
      else if (!(key in a)) out.push({ path: at, after: b[key] });
      else walk(a[key], b[key], at, out, ignored);
    }
    return;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let index = 0; index < Math.max(a.length, b.length); index++) {
      const at = `${path}/${index}`;
      if (index >= b.length) out.push({ path: at, before: a[index] });
      else if (index >= a.length) out.push({ path: at, after: b[index] });
      else walk(a[index], b[index], at, out, ignored);
    }
    return;
  }
  if (!jsonEqual(a, b)) out.push({ path, before: a, after: b });
}

/** N answers to one request, grouped by equality (ignoring `_meta`). */
export interface ConsistencyReport {
  consistent: boolean;
  /** Groups of equal answers, the largest first: `indices` into the answers given. */
  groups: Array<{ indices: number[]; answer: unknown }>;
  /** Each answer outside the largest group, with the paths where it differs from that group's answer. */
  differing: Array<{ index: number; differences: ResultDifference[] }>;
  ignored: string[];
}

/** Checks that N answers to the same request are the same; lists those that are not. */
export function checkConsistency(answers: readonly unknown[]): ConsistencyReport {
  const groups: Array<{ indices: number[]; answer: unknown }> = [];
  const ignored = new Set<string>();
  answers.forEach((answer, index) => {
    for (const group of groups) {
      const comparison = compareResults(group.answer, answer);
      for (const path of comparison.ignored) ignored.add(path);
      if (comparison.same) {
        group.indices.push(index);
        return;
      }
    }
    groups.push({ indices: [index], answer });
  });
  groups.sort((x, y) => y.indices.length - x.indices.length || (x.indices[0] ?? 0) - (y.indices[0] ?? 0));
  const reference = groups[0];
  const differing = groups
    .slice(1)
    .flatMap((group) =>
      group.indices.map((index) => ({ index, differences: compareResults(reference?.answer, answers[index]).differences })),
    );
  differing.sort((x, y) => x.index - y.index);
  return { consistent: groups.length <= 1, groups, differing, ignored: [...ignored] };
}
