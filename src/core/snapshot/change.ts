/** The kinds of change between two snapshots, one change, and the small helpers both comparisons share. */
import { escapePointerSegment } from '../shared/json-pointer';

/** How much a change matters, most first. */
export const CHANGE_KINDS = ['breaking', 'model-visible', 'compatible', 'cosmetic'] as const;
/**
 * - breaking: a client written for A may fail against B;
 * - model-visible: what the model reads changed, so it may choose or fill a tool differently;
 * - compatible: B accepts everything A did (something added or widened);
 * - cosmetic: order only.
 */
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** One change. `before`/`after` are undefined when the thing did not exist on that side. */
export interface SnapshotChange {
  kind: ChangeKind;
  /** JSON Pointer into the snapshot, by name rather than index: /tools/get_forecast/inputSchema/required. */
  path: string;
  before?: unknown;
  after?: unknown;
  /** One sentence: what changed and who it affects. */
  sentence: string;
}

/** Records one change. */
export type Add = (kind: ChangeKind, path: string, before: unknown, after: unknown, sentence: string) => void;

/** One JSON Pointer segment, escaped. */
export const seg = escapePointerSegment;

/** True when the names common to both lists come in another order. */
export function orderChanged(before: readonly string[], after: readonly string[]): boolean {
  return before.length === after.length && before.some((name, index) => name !== after[index]);
}
