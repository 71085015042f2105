/** Labels for a tool call card: status, decision, failure, hints, progress and duration. */
import type { ToolCallItem } from '../../core/agent';
import { isToolFailureCategory, labelForCategory } from '../../core/tools';
import { formatMs } from './format-ms';

/** Each status as a word and a badge tone (a Record: a new status cannot be forgotten). */
const STATUS_LABELS: Readonly<Record<ToolCallItem['status'], { text: string; tone: 'info' | 'warn' | 'ok' | 'err' }>> = {
  streaming: { text: 'model writing arguments', tone: 'info' },
  'awaiting-approval': { text: 'awaiting approval', tone: 'warn' },
  running: { text: 'running', tone: 'info' },
  done: { text: 'done', tone: 'ok' },
  failed: { text: 'failed', tone: 'err' },
};

/** The status as a word and a badge tone. */
export function statusLabel(status: ToolCallItem['status']): { text: string; tone: 'info' | 'warn' | 'ok' | 'err' } {
  return STATUS_LABELS[status];
}

/** Each decision in words. */
const DECISION_LABELS: Readonly<Record<NonNullable<ToolCallItem['decision']>, string>> = {
  'allowed-by-policy': 'allowed by policy',
  'allowed-once': 'allowed once',
  'always-allowed': 'always allowed',
  'denied-by-policy': 'denied by policy',
  denied: 'denied by you',
};

/** How the call came to run (or not), in words; undefined when no decision was made yet. */
export function decisionLabel(decision: ToolCallItem['decision']): string | undefined {
  return decision === undefined ? undefined : DECISION_LABELS[decision];
}

/** The failure category as a short label; an unknown category is shown as it came. */
export function failureLabel(category: string): string {
  return isToolFailureCategory(category) ? labelForCategory(category) : category;
}

/** One annotation hint as the approval card shows it. */
export interface HintRow {
  name: 'readOnly' | 'destructive' | 'idempotent' | 'openWorld';
  value: boolean;
  /** True when the server did not say and the MCP default applies. */
  defaulted: boolean;
  /** True when this value calls for care (may write, may destroy, reaches outside). */
  caution: boolean;
  /** False for destructive and idempotent on a read-only tool, where the spec says they mean nothing. */
  applies: boolean;
}

/** MCP defaults for tools that say nothing (wire-facts: readOnly false, destructive true, idempotent false, openWorld true). */
const HINTS: ReadonlyArray<{ name: HintRow['name']; key: string; fallback: boolean; cautionWhen?: boolean }> = [
  { name: 'readOnly', key: 'readOnlyHint', fallback: false, cautionWhen: false },
  { name: 'destructive', key: 'destructiveHint', fallback: true, cautionWhen: true },
  { name: 'idempotent', key: 'idempotentHint', fallback: false },
  { name: 'openWorld', key: 'openWorldHint', fallback: true, cautionWhen: true },
];

/**
 * The four behaviour hints with MCP defaults filled in. Per the spec, destructive and
 * idempotent only mean something for a tool that is not read-only.
 */
export function hintRows(annotations: Record<string, unknown> | undefined): HintRow[] {
  const readOnly = annotations?.readOnlyHint === true;
  return HINTS.map(({ name, key, fallback, cautionWhen }) => {
    const given = annotations?.[key];
    const defaulted = typeof given !== 'boolean';
    const value = defaulted ? fallback : given;
    const applies = !(readOnly && (name === 'destructive' || name === 'idempotent'));
    return { name, value, defaulted, caution: applies && value === cautionWhen, applies };
  });
}

/** "3 / 10 · fetching page 3" or "3 · …" when there is no total. */
export function progressLabel(progress: NonNullable<ToolCallItem['progress']>): string {
  const count = progress.total !== undefined ? `${progress.progress} / ${progress.total}` : String(progress.progress);
  return progress.message ? `${count} · ${progress.message}` : count;
}

/** The call's duration so far (or in total), or '' before it started. */
export function durationLabel(item: Pick<ToolCallItem, 'startedAt' | 'endedAt'>, now: number): string {
  if (item.startedAt === undefined) return '';
  return formatMs((item.endedAt ?? now) - item.startedAt);
}
