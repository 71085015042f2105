/**
 * Pure view model of the tool registry panel: registered tools grouped by server (local tools
 * last), each with why its public name differs from `<server>_<tool>`, its hint badges and its
 * schema warning counts per provider. No React, so it is tested in Node.
 */
import { PROVIDER_IDS, type ProviderId } from '../../core/providers';
import { fnv1a32Hex } from '../../core/shared';
import {
  LOCAL_SERVER,
  MAX_PUBLIC_NAME_LENGTH,
  sanitizeName,
  type RegisteredTool,
  type RegistryProblem,
  type ToolAnnotations,
} from '../../core/tools';

/** Why a public name is not simply `<server>_<tool>`. */
export type RenameReason =
  /** Characters outside `[a-zA-Z0-9_-]` were replaced by `_`. */
  | 'cleaned'
  /** Cut to fit 64 characters (too-long names end in a hash of the full name). */
  | 'shortened'
  /** `_2`, `_3`, … appended because another tool already had the name. */
  | 'suffixed'
  /** Different for a reason this view does not recognise (a newer naming scheme). */
  | 'other';

/** How a tool's public name relates to the name behind it. */
export interface RenameInfo {
  /** The name before any change: `<server>_<tool>` for a server tool, the tool's name for a local one. */
  plainName: string;
  /** True when the model sees a name other than `plainName`. */
  renamed: boolean;
  /** Every reason that applies, in the order the naming applies them; empty when not renamed. */
  reasons: RenameReason[];
  /** The collision suffix (`_2`), when `reasons` includes `suffixed`. */
  suffix?: string;
}

/** One hint a server declared, as a badge. */
export interface HintBadge {
  /** The annotation's wire name, e.g. `readOnlyHint`. */
  hint: 'readOnlyHint' | 'destructiveHint' | 'idempotentHint' | 'openWorldHint';
  value: boolean;
  /** Short reading of the hint, e.g. `read-only`, `destructive`. */
  label: string;
  /** `warn` for a hint that calls for care (destructive), `plain` otherwise. */
  tone: 'plain' | 'warn';
}

/** Schema warning counts of one provider, by level. */
export interface WarningCounts {
  warning: number;
  info: number;
}

/** One tool as the panel shows it. */
export interface ToolRow extends RenameInfo {
  tool: RegisteredTool;
  hints: HintBadge[];
  warningCounts: Record<ProviderId, WarningCounts>;
}

/** The tools (and problems) of one server, or of the local tools. */
export interface ToolGroup {
  /** The server's name in mcp.json, or `local`. */
  server: string;
  /** True for Glassbox's own tools. */
  local: boolean;
  /** The heading: the server name, or "local — the agent's own tools". */
  label: string;
  /** In the order the server listed them. */
  tools: ToolRow[];
  /** Tools of this server that were skipped, and why. */
  problems: RegistryProblem[];
}

/** The heading of the local tools' group. */
export const LOCAL_GROUP_LABEL = "local — the agent's own tools";

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Splits a trailing collision suffix `_<n>` (n ≥ 2) off a name. */
function splitSuffix(name: string): { rest: string; suffix: string } | undefined {
  const match = /^(.*)(_([2-9]|[1-9]\d+))$/.exec(name);
  if (!match || match[1] === undefined || match[2] === undefined) return undefined;
  return { rest: match[1], suffix: match[2] };
}

/** True when `head` is what cutting `full` to make room for a tail leaves (a prefix, `_` trimmed). */
function isCutOf(head: string, full: string): boolean {
  return head.length > 0 && full.startsWith(head);
}

/** Explains how a tool's public name was derived from its server and remote names. */
export function renameInfo(tool: Pick<RegisteredTool, 'origin' | 'server' | 'remoteName' | 'publicName'>): RenameInfo {
  if (tool.origin === 'local') {
    const renamed = tool.publicName !== tool.remoteName;
    return { plainName: tool.remoteName, renamed, reasons: renamed ? ['other'] : [] };
  }
  const plainName = `${tool.server}_${tool.remoteName}`;
  if (tool.publicName === plainName) return { plainName, renamed: false, reasons: [] };

  const sanitized = sanitizeName(plainName);
  const reasons: RenameReason[] = sanitized !== plainName ? ['cleaned'] : [];
  const name = tool.publicName;

  if (sanitized.length > MAX_PUBLIC_NAME_LENGTH) {
    // Long names carry a hash of the full original; a collision adds `_<n>` after it.
    const hash = `_${fnv1a32Hex(`${tool.server}/${tool.remoteName}`)}`;
    if (name.endsWith(hash) && isCutOf(name.slice(0, -hash.length), sanitized)) {
      return { plainName, renamed: true, reasons: [...reasons, 'shortened'] };
    }
    const split = splitSuffix(name);
    if (split && split.rest.endsWith(hash) && isCutOf(split.rest.slice(0, -hash.length), sanitized)) {
      return { plainName, renamed: true, reasons: [...reasons, 'shortened', 'suffixed'], suffix: split.suffix };
    }
    return { plainName, renamed: true, reasons: [...reasons, 'other'] };
  }

  if (name === sanitized) return { plainName, renamed: true, reasons };
  const split = splitSuffix(name);
  if (split && isCutOf(split.rest, sanitized)) {
    const cut = split.rest.length < sanitized.length ? (['shortened'] as const) : [];
    return { plainName, renamed: true, reasons: [...reasons, ...cut, 'suffixed'], suffix: split.suffix };
  }
  return { plainName, renamed: true, reasons: [...reasons, 'other'] };
}

/** One sentence per rename reason, for tooltips and the problems list. */
export function describeRenameReason(reason: RenameReason, suffix?: string): string {
  switch (reason) {
    case 'cleaned':
      return 'characters outside a–z, A–Z, 0–9, _ and - were replaced with _ (both providers accept only ^[a-zA-Z0-9_-]{1,64}$)';
    case 'shortened':
      return 'cut to fit 64 characters (a name that was too long ends in a hash of the full name, so it stays unique and stable)';
    case 'suffixed':
      return `${suffix ?? 'a number'} was added because another tool already had this name`;
    case 'other':
      return 'differs from <server>_<tool> for another reason';
    default: {
      const unknown: never = reason;
      return String(unknown);
    }
  }
}

/** The hints a server declared, as badges; hints it did not declare are not shown. */
export function hintBadges(annotations: ToolAnnotations | undefined): HintBadge[] {
  if (!annotations) return [];
  const badges: HintBadge[] = [];
  const { readOnlyHint, destructiveHint, idempotentHint, openWorldHint } = annotations;
  if (readOnlyHint !== undefined) {
    badges.push({ hint: 'readOnlyHint', value: readOnlyHint, label: readOnlyHint ? 'read-only' : 'may write', tone: 'plain' });
  }
  if (destructiveHint !== undefined) {
    badges.push({
      hint: 'destructiveHint',
      value: destructiveHint,
      label: destructiveHint ? 'destructive' : 'non-destructive',
      tone: destructiveHint ? 'warn' : 'plain',
    });
  }
  if (idempotentHint !== undefined) {
    badges.push({ hint: 'idempotentHint', value: idempotentHint, label: idempotentHint ? 'idempotent' : 'not idempotent', tone: 'plain' });
  }
  if (openWorldHint !== undefined) {
    badges.push({ hint: 'openWorldHint', value: openWorldHint, label: openWorldHint ? 'open world' : 'closed world', tone: 'plain' });
  }
  return badges;
}

/** Counts a tool's schema warnings per provider and level. */
export function countWarnings(tool: Pick<RegisteredTool, 'providerSchemas'>): Record<ProviderId, WarningCounts> {
  const counts = {} as Record<ProviderId, WarningCounts>;
  for (const provider of PROVIDER_IDS) {
    const result: WarningCounts = { warning: 0, info: 0 };
    for (const warning of tool.providerSchemas[provider].warnings) result[warning.level]++;
    counts[provider] = result;
  }
  return counts;
}

/** Builds the panel row of one tool. */
export function toToolRow(tool: RegisteredTool): ToolRow {
  return { ...renameInfo(tool), tool, hints: hintBadges(tool.annotations), warningCounts: countWarnings(tool) };
}

/**
 * Groups tools by server. Servers named in `serverOrder` (e.g. the mcp.json order) come first in
 * that order, the others follow alphabetically, and the local tools come last, so the list does
 * not jump when servers connect in a different order. Tools keep the order their server listed
 * them in. A server with problems but no usable tools still gets a group.
 */
export function groupTools(
  tools: readonly RegisteredTool[],
  problems: readonly RegistryProblem[] = [],
  serverOrder: readonly string[] = [],
): ToolGroup[] {
  const groups = new Map<string, ToolGroup>();
  const groupOf = (server: string): ToolGroup => {
    let group = groups.get(server);
    if (!group) {
      const local = server === LOCAL_SERVER;
      group = { server, local, label: local ? LOCAL_GROUP_LABEL : server, tools: [], problems: [] };
      groups.set(server, group);
    }
    return group;
  };
  for (const tool of tools) groupOf(tool.origin === 'local' ? LOCAL_SERVER : tool.server).tools.push(toToolRow(tool));
  for (const problem of problems) groupOf(problem.server).problems.push(problem);

  const rank = new Map<string, number>();
  serverOrder.forEach((server, index) => {
    if (!rank.has(server)) rank.set(server, index);
  });
  return [...groups.values()].sort((a, b) => {
    if (a.local !== b.local) return a.local ? 1 : -1;
    const rankA = rank.get(a.server);
    const rankB = rank.get(b.server);
    if (rankA !== undefined && rankB !== undefined) return rankA - rankB;
    if (rankA !== undefined) return -1;
    if (rankB !== undefined) return 1;
    return compare(a.server, b.server);
  });
}

/** One note per tool whose name got a collision suffix, for the problems list. */
export function collisionNotes(groups: readonly ToolGroup[]): string[] {
  return groups.flatMap((group) =>
    group.tools
      .filter((row) => row.reasons.includes('suffixed'))
      .map(
        (row) =>
          `${row.tool.server} · ${row.tool.remoteName} is published as ${row.tool.publicName}: ${describeRenameReason('suffixed', row.suffix)}.`,
      ),
  );
}
