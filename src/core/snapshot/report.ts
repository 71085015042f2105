/** A comparison as the command prints and writes it: terminal text, Markdown (a CI comment), JSON. */
import { CHANGE_KINDS, type SnapshotChange } from './change';
import { countChanges, hasBreakingChange } from './compare';
import type { McpSnapshot } from './snapshot-types';

/** One side of a comparison, as the reports name it. */
export interface SideLabel {
  /** What the person gave: a URL (credentials redacted), `file#name`, or a snapshot file. */
  label: string;
  server: string;
  version: string;
  era?: string;
}

/** The side's label from its snapshot. */
export function sideOf(label: string, snapshot: McpSnapshot): SideLabel {
  return {
    label,
    server: snapshot.server.name,
    version: snapshot.server.version,
    ...(snapshot.era !== undefined && { era: snapshot.era }),
  };
}

/** The JSON report (`--json`): both sides, counts per kind, `breaking`, and every change. */
export function toJsonReport(a: SideLabel, b: SideLabel, changes: readonly SnapshotChange[]): string {
  return `${JSON.stringify({ a, b, breaking: hasBreakingChange(changes), counts: countChanges(changes), changes }, null, 2)}\n`;
}

function short(value: unknown): string {
  if (value === undefined) return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}

function sideText(side: SideLabel): string {
  return `${side.server} ${side.version}${side.era ? ` (${side.era})` : ''} — ${side.label}`;
}

/** The terminal text: a header, then each change by kind, breaking first. */
export function toText(a: SideLabel, b: SideLabel, changes: readonly SnapshotChange[]): string {
  const counts = countChanges(changes);
  const lines = [`A: ${sideText(a)}`, `B: ${sideText(b)}`];
  if (changes.length === 0) lines.push('No changes.');
  for (const kind of CHANGE_KINDS) {
    const group = changes.filter((change) => change.kind === kind);
    if (group.length === 0) continue;
    lines.push('', `${kind} (${group.length})`);
    for (const change of group)
      lines.push(`  ${change.path}`, `    ${change.sentence}`, `    before: ${short(change.before)}`, `    after:  ${short(change.after)}`);
  }
  lines.push('', CHANGE_KINDS.map((kind) => `${counts[kind]} ${kind}`).join(', '));
  return `${lines.join('\n')}\n`;
}

function cell(value: unknown): string {
  return `\`${short(value).replace(/`/g, "'").replace(/\|/g, '\\|')}\``;
}

/** Markdown for a pull request comment: a summary line, then one table per kind. */
export function toMarkdown(a: SideLabel, b: SideLabel, changes: readonly SnapshotChange[]): string {
  const counts = countChanges(changes);
  const lines = [
    `## MCP server diff: ${a.server} ${a.version} → ${b.server} ${b.version}`,
    '',
    hasBreakingChange(changes) ? `**${counts.breaking} breaking change${counts.breaking === 1 ? '' : 's'}.**` : 'No breaking change.',
    '',
    CHANGE_KINDS.map((kind) => `${counts[kind]} ${kind}`).join(' · '),
  ];
  for (const kind of CHANGE_KINDS) {
    const group = changes.filter((change) => change.kind === kind);
    if (group.length === 0) continue;
    lines.push('', `### ${kind}`, '', '| Path | Before | After | Who it affects |', '| --- | --- | --- | --- |');
    for (const change of group)
      lines.push(`| \`${change.path}\` | ${cell(change.before)} | ${cell(change.after)} | ${change.sentence.replace(/\|/g, '\\|')} |`);
  }
  return `${lines.join('\n')}\n`;
}
