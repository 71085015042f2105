/**
 * What a model request adds to the one before it in the same turn. Every request resends the
 * whole conversation, so what is new is the part after the entries both share: usually the
 * assistant's tool call and the tool result. A history that was rewritten (an entry of the
 * earlier request changed or went missing), a changed system prompt, tool list or setting is
 * reported as such, never hidden.
 */
import type { WireSummary } from './adapter-parts';
import { splitRequest } from './request-parts';
import type { RequestParts } from './request-parts';

/** How the tool list changed, by tool name. */
interface ToolListChange {
  added: string[];
  removed: string[];
  /** Same name, another definition. */
  changed: string[];
}

/** What one request adds to the previous one of its turn. */
export interface RequestDiff {
  /** Entries both requests start with. */
  shared: number;
  /** Entries after the shared ones, in order. */
  added: unknown[];
  /** Entries of the previous request that this one does not repeat (a rewritten history); 0 normally. */
  dropped: number;
  systemChanged: boolean;
  tools: ToolListChange;
  /** Other top-level fields whose value changed, appeared or went away (model, max_tokens, …). */
  settings: string[];
}

/** Compares two requests split by the same wire's shape. */
function diffRequests(previous: RequestParts, current: RequestParts): RequestDiff {
  let shared = 0;
  const limit = Math.min(previous.entries.length, current.entries.length);
  while (shared < limit && JSON.stringify(previous.entries[shared]) === JSON.stringify(current.entries[shared])) shared += 1;
  const before = new Map(previous.tools.map((tool) => [tool.name, tool.json]));
  const after = new Map(current.tools.map((tool) => [tool.name, tool.json]));
  const tools: ToolListChange = {
    added: [...after.keys()].filter((name) => !before.has(name)),
    removed: [...before.keys()].filter((name) => !after.has(name)),
    changed: [...after].filter(([name, json]) => before.has(name) && before.get(name) !== json).map(([name]) => name),
  };
  const keys = new Set([...Object.keys(previous.settings), ...Object.keys(current.settings)]);
  return {
    shared,
    added: current.entries.slice(shared),
    dropped: previous.entries.length - shared,
    systemChanged: previous.system !== current.system,
    tools,
    settings: [...keys].filter((key) => previous.settings[key] !== current.settings[key]),
  };
}

/** True when nothing but new entries came after the shared ones (the usual step of a turn). */
export function onlyAppends(diff: RequestDiff): boolean {
  const { tools } = diff;
  return (
    diff.dropped === 0 &&
    !diff.systemChanged &&
    tools.added.length + tools.removed.length + tools.changed.length === 0 &&
    diff.settings.length === 0
  );
}

/** Compares two request bodies of one wire (split by that wire's `requestShape`). */
export function diffBodies(summary: WireSummary, previous: Record<string, unknown>, current: Record<string, unknown>): RequestDiff {
  return diffRequests(splitRequest(previous, summary.requestShape(previous)), splitRequest(current, summary.requestShape(current)));
}
