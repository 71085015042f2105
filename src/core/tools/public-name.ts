/**
 * Public tool names: the names the model sees. Both providers accept only
 * `^[a-zA-Z0-9_-]{1,64}$`, while an MCP tool name may hold dots and reach 128 characters and a
 * server name (a key in mcp.json) may hold anything. So each remote tool gets a stand-in name
 * `<server>_<tool>`, cleaned, shortened and made unique.
 */
import { fnv1a32Hex } from '../shared/hash';

/** The rule both Anthropic and OpenAI apply to tool names. */
export const PUBLIC_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

/** Longest public name both providers accept. */
export const MAX_PUBLIC_NAME_LENGTH = 64;

/** Used when cleaning leaves nothing (a name made only of punctuation or emoji). */
const FALLBACK_NAME = 'tool';

/**
 * The map key for one remote tool: server name and tool name joined by U+0000, a character that
 * cannot appear in a tool name and is vanishingly unlikely in a server name.
 */
export function publicNameKey(server: string, tool: string): string {
  return `${server}\u0000${tool}`;
}

/**
 * Cleans a raw name: every run of characters outside `[a-zA-Z0-9_-]` becomes one `_`, which also
 * absorbs underscores next to it (`a. b` and `a_.b` both give `a_b`), while underscores the name
 * already had stay as they are (`a__b`). Leading and trailing underscores are trimmed; an empty
 * result becomes `tool`.
 */
export function sanitizeName(raw: string): string {
  let out = '';
  let endsWithReplacement = false;
  for (const char of raw) {
    if (/^[a-zA-Z0-9-]$/.test(char)) {
      out += char;
      endsWithReplacement = false;
    } else if (char === '_') {
      if (!endsWithReplacement) out += '_';
    } else {
      if (!out.endsWith('_')) out += '_';
      endsWithReplacement = true;
    }
  }
  const trimmed = out.replace(/^_+|_+$/g, '');
  return trimmed === '' ? FALLBACK_NAME : trimmed;
}

/** A name in two pieces: `tail` (hash, suffix) is always kept whole; `head` is cut to make room. */
interface NameParts {
  head: string;
  tail: string;
}

/** Joins head and tail within 64 characters, cutting the head and any `_` left dangling at the cut. */
function fit(parts: NameParts): string {
  const room = MAX_PUBLIC_NAME_LENGTH - parts.tail.length;
  let head = parts.head.length > room ? parts.head.slice(0, room) : parts.head;
  if (parts.tail !== '') head = head.replace(/_+$/, '');
  if (head === '') head = FALLBACK_NAME.slice(0, Math.max(1, room));
  return head + parts.tail;
}

/** The candidate public name of one tool, before uniqueness is enforced. */
function nameParts(server: string, tool: string): NameParts {
  const base = sanitizeName(`${server}_${tool}`);
  if (base.length <= MAX_PUBLIC_NAME_LENGTH) return { head: base, tail: '' };
  // Too long: keep a readable start plus a hash of the full original, so two long names that
  // share their first 55 characters still differ, and the same tool always gets the same name.
  return { head: base, tail: `_${fnv1a32Hex(`${server}/${tool}`)}` };
}

interface Candidate {
  key: string;
  server: string;
  tool: string;
  parts: NameParts;
  name: string;
  /** True when `<server>_<tool>` needed no change: such a tool wins a collision. */
  exact: boolean;
}

function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Collision order: an unchanged name first, then by key, so the result never depends on input order. */
function compareCandidates(a: Candidate, b: Candidate): number {
  if (a.exact !== b.exact) return a.exact ? -1 : 1;
  return compareKeys(a.key, b.key);
}

/**
 * Gives every remote tool a public name. Returns a map from `publicNameKey(server, tool)` to a
 * name matching `^[a-zA-Z0-9_-]{1,64}$`, unique across all entries and `reserved` (the local
 * tools' names). Collisions get `_2`, `_3`, …; the result is the same whatever the input order.
 */
export function makePublicNames(
  entries: ReadonlyArray<{ server: string; tool: string }>,
  reserved: readonly string[] = [],
): Map<string, string> {
  const byKey = new Map<string, Candidate>();
  for (const { server, tool } of entries) {
    const key = publicNameKey(server, tool);
    if (byKey.has(key)) continue;
    const parts = nameParts(server, tool);
    const name = fit(parts);
    byKey.set(key, { key, server, tool, parts, name, exact: name === `${server}_${tool}` });
  }

  const groups = new Map<string, Candidate[]>();
  for (const candidate of byKey.values()) {
    const group = groups.get(candidate.name);
    if (group) group.push(candidate);
    else groups.set(candidate.name, [candidate]);
  }

  const taken = new Set(reserved);
  const result = new Map<string, string>();
  const pending: Candidate[] = [];
  // First pass: every name that is free keeps its plain form, so a collision elsewhere never
  // shifts a tool that had no collision of its own.
  for (const [name, group] of groups) {
    group.sort(compareCandidates);
    group.forEach((candidate, index) => {
      if (index === 0 && !taken.has(name)) result.set(candidate.key, name);
      else pending.push(candidate);
    });
  }
  for (const name of result.values()) taken.add(name);

  pending.sort((a, b) => compareKeys(a.name, b.name) || compareCandidates(a, b));
  for (const candidate of pending) {
    for (let n = 2; ; n++) {
      const name = fit({ head: candidate.parts.head, tail: `${candidate.parts.tail}_${n}` });
      if (!taken.has(name)) {
        taken.add(name);
        result.set(candidate.key, name);
        break;
      }
    }
  }
  return result;
}
