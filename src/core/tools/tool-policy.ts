/**
 * Whether a tool call may run without asking: the person's choice per remote tool. Being in
 * the registry only means the model can see a tool; this store decides what may execute.
 * Policies are keyed by server name and remote tool name (not public name), so they survive a
 * change in public naming. Framework-free: React reads it with useSyncExternalStore.
 */
import type { KeyValueStorage, ToolAnnotations } from './types';
import { isPlainObject } from '../shared/json';
import { PinBook, type ListedTool, type ToolChange, type ToolPin } from './tool-pins';

/** `allow`: run at once; `ask`: the person confirms each call; `deny`: never run. */
export type ToolPolicy = 'allow' | 'ask' | 'deny';

/** The policy every tool has until the person chooses otherwise. */
const DEFAULT_TOOL_POLICY: ToolPolicy = 'ask';

/** One explicit choice. */
export interface PolicyEntry {
  server: string;
  tool: string;
  policy: ToolPolicy;
}

/**
 * Where an effective policy comes from, for the UI to explain it. `changed`: the tool was allowed,
 * but its definition changed since, so it is `ask` until the person allows the new one.
 */
export type PolicySource = 'explicit' | 'read-only-hint' | 'default' | 'changed';

/** An immutable view of the store; a new object after every change. */
export interface PolicySnapshot {
  /** Explicit choices, sorted by server then tool. */
  policies: readonly PolicyEntry[];
  /** Servers whose `readOnlyHint` the person trusts, sorted. */
  trustReadOnlyHints: readonly string[];
  /** Problems with stored state or with saving it (the store keeps working in memory). */
  problems: readonly string[];
  /** The definitions the person allowed, sorted by server then tool. */
  pins: readonly ToolPin[];
  /** Allowed tools whose listed definition differs from the pinned one. */
  changes: readonly ToolChange[];
  /** Tools the person switched off: not offered to the model at all (sorted by server then tool). */
  notOffered: readonly ToolRef[];
}

/** A tool by server name and remote tool name. */
export interface ToolRef {
  server: string;
  tool: string;
}

/** Options for PolicyStore. */
export interface PolicyStoreOptions {
  /** Where choices persist: `localStorage` in the app, any `{ getItem, setItem }` in tests. */
  storage: KeyValueStorage;
  /** Storage key. Default is `glassbox.tool-policies.v1`. */
  storageKey?: string;
  /** The clock for pin times (epoch ms). Default is Date.now. */
  now?: () => number;
}

/** Default storage key of PolicyStore. */
export const TOOL_POLICY_STORAGE_KEY = 'glassbox.tool-policies.v1';

const POLICIES: readonly ToolPolicy[] = ['allow', 'ask', 'deny'];

/** True when `value` is a ToolPolicy. */
function isToolPolicy(value: unknown): value is ToolPolicy {
  return typeof value === 'string' && (POLICIES as readonly string[]).includes(value);
}

interface StoredPolicies {
  version: 1;
  policies: PolicyEntry[];
  trustReadOnlyHints: string[];
  /** Added after version 1 shipped; absent in older stored state (which then has no pins). */
  pins?: ToolPin[];
  /** Added later still; absent means every tool is offered. */
  notOffered?: ToolRef[];
}

function entryKey(server: string, tool: string): string {
  return `${server}\u0000${tool}`;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The person's tool policies, persisted through injected storage. */
export class PolicyStore {
  private readonly storage: KeyValueStorage;
  private readonly storageKey: string;
  private readonly entries = new Map<string, PolicyEntry>();
  private readonly trusted = new Set<string>();
  /** Tools switched off, by entryKey (their refs kept for the snapshot). */
  private readonly off = new Map<string, ToolRef>();
  private readonly listeners = new Set<() => void>();
  private readonly pinBook = new PinBook();
  private readonly now: () => number;
  private problems: string[] = [];
  private snapshot: PolicySnapshot;

  constructor(options: PolicyStoreOptions) {
    this.storage = options.storage;
    this.storageKey = options.storageKey ?? TOOL_POLICY_STORAGE_KEY;
    this.now = options.now ?? Date.now;
    this.restore();
    this.snapshot = this.buildSnapshot();
  }

  /** Registers a listener called after every change; returns the unsubscribe function. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** The current immutable snapshot (same object until something changes). */
  getSnapshot = (): PolicySnapshot => this.snapshot;

  /** The choice the person made for this tool, if any. */
  explicitPolicy(server: string, tool: string): ToolPolicy | undefined {
    return this.entries.get(entryKey(server, tool))?.policy;
  }

  /** Whether the person trusts this server's `readOnlyHint` annotations. */
  trustsReadOnlyHints(server: string): boolean {
    return this.trusted.has(server);
  }

  /** The policy that applies to a call, and why. */
  explainPolicy(server: string, tool: string, annotations?: ToolAnnotations): { policy: ToolPolicy; source: PolicySource } {
    const explicit = this.explicitPolicy(server, tool);
    const allowed = explicit === 'allow' || (explicit === undefined && this.trusted.has(server) && annotations?.readOnlyHint === true);
    // An allowed tool whose definition changed is asked about again: the person allowed the old one.
    if (allowed && this.pinBook.change(server, tool)) return { policy: 'ask', source: 'changed' };
    if (explicit) return { policy: explicit, source: 'explicit' };
    if (allowed) return { policy: 'allow', source: 'read-only-hint' };
    return { policy: DEFAULT_TOOL_POLICY, source: 'default' };
  }

  /** The policy that applies to a call: explicit choice, else trusted read-only hint, else `ask`. */
  effectivePolicy(server: string, tool: string, annotations?: ToolAnnotations): ToolPolicy {
    return this.explainPolicy(server, tool, annotations).policy;
  }

  /** Sets a tool's policy; `undefined` removes the choice so the defaults apply again. `allow` pins the listed definition. */
  setPolicy(server: string, tool: string, policy: ToolPolicy | undefined): void {
    const key = entryKey(server, tool);
    if (policy !== undefined && !isToolPolicy(policy)) throw new TypeError(`Unknown tool policy: ${String(policy)}`);
    const pinned = policy === 'allow' && this.pinBook.pin(server, tool, this.now());
    if (policy === undefined) {
      if (!this.entries.delete(key) && !pinned) return;
    } else if (this.entries.get(key)?.policy !== policy) {
      this.entries.set(key, { server, tool, policy });
    } else if (!pinned) {
      return;
    }
    this.commit();
  }

  /** Whether the model is offered this tool (every tool is, until the person switches it off). */
  isOffered(server: string, tool: string): boolean {
    return !this.off.has(entryKey(server, tool));
  }

  /**
   * Offers a tool to the model again, or stops offering it: a tool switched off is left out of
   * every model request's tool list (its call policy is kept for when it is back).
   */
  setOffered(server: string, tool: string, offered: boolean): void {
    const key = entryKey(server, tool);
    if (offered === !this.off.has(key)) return;
    if (offered) this.off.delete(key);
    else this.off.set(key, { server, tool });
    this.commit();
  }

  /** Pins the tool's listed definition: the person allowed it (once or always). */
  pin(server: string, tool: string): void {
    if (this.pinBook.pin(server, tool, this.now())) this.commit();
  }

  /**
   * Records a server's freshly listed tools: compared with the pins, a different definition is a
   * change. Tools allowed before pins existed are pinned on sight.
   */
  observeTools(server: string, tools: readonly ListedTool[]): void {
    if (this.pinBook.observe(server, tools, (tool) => this.explicitPolicy(server, tool) === 'allow', this.now())) this.commit();
  }

  /** How the tool's listed definition differs from the one the person allowed, if it does. */
  changeOf(server: string, tool: string): ToolChange | undefined {
    return this.pinBook.change(server, tool);
  }

  /** Trusts (or stops trusting) a server's `readOnlyHint`: such tools then default to `allow`. */
  setTrustReadOnly(server: string, trust: boolean): void {
    if (trust === this.trusted.has(server)) return;
    if (trust) this.trusted.add(server);
    else this.trusted.delete(server);
    this.commit();
  }

  /** Forgets every choice about one server (when it is removed from the configuration). */
  forgetServer(server: string): void {
    let changed = this.pinBook.forget(server);
    changed = this.trusted.delete(server) || changed;
    for (const [key, ref] of this.off) {
      if (ref.server !== server) continue;
      this.off.delete(key);
      changed = true;
    }
    for (const [key, entry] of this.entries) {
      if (entry.server === server) {
        this.entries.delete(key);
        changed = true;
      }
    }
    if (changed) this.commit();
  }

  private commit(): void {
    this.persist();
    this.snapshot = this.buildSnapshot();
    for (const listener of [...this.listeners]) listener();
  }

  private buildSnapshot(): PolicySnapshot {
    const policies = [...this.entries.values()]
      .map((entry) => ({ ...entry }))
      .sort((a, b) => compare(a.server, b.server) || compare(a.tool, b.tool));
    return Object.freeze({
      policies: Object.freeze(policies),
      trustReadOnlyHints: Object.freeze([...this.trusted].sort(compare)),
      problems: Object.freeze([...this.problems]),
      pins: Object.freeze(this.pinBook.allPins()),
      changes: Object.freeze(this.pinBook.allChanges()),
      notOffered: Object.freeze(this.sortedOff()),
    });
  }

  private sortedOff(): ToolRef[] {
    return [...this.off.values()].map((ref) => ({ ...ref })).sort((a, b) => compare(a.server, b.server) || compare(a.tool, b.tool));
  }

  private persist(): void {
    const stored: StoredPolicies = {
      version: 1,
      policies: this.buildSnapshot().policies.map((entry) => ({ ...entry })),
      trustReadOnlyHints: [...this.trusted].sort(compare),
      pins: this.pinBook.allPins(),
      notOffered: this.sortedOff(),
    };
    try {
      this.storage.setItem(this.storageKey, JSON.stringify(stored));
      this.problems = this.problems.filter((problem) => !problem.startsWith('Saving'));
    } catch (error) {
      const message = `Saving tool policies failed (${error instanceof Error ? error.message : String(error)}); they last until the page is closed.`;
      this.problems = [...this.problems.filter((problem) => !problem.startsWith('Saving')), message];
    }
  }

  /** Reads stored state once; bad entries are skipped and reported, never fatal. */
  private restore(): void {
    let text: string | null;
    try {
      text = this.storage.getItem(this.storageKey);
    } catch (error) {
      this.problems.push(`Stored tool policies could not be read (${error instanceof Error ? error.message : String(error)}).`);
      return;
    }
    if (text === null) return;
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      this.problems.push('Stored tool policies are not valid JSON; starting with defaults.');
      return;
    }
    if (!isPlainObject(data) || data.version !== 1) {
      this.problems.push('Stored tool policies have an unknown format; starting with defaults.');
      return;
    }
    let skipped = 0;
    for (const item of Array.isArray(data.policies) ? data.policies : []) {
      if (isPlainObject(item) && typeof item.server === 'string' && typeof item.tool === 'string' && isToolPolicy(item.policy)) {
        this.entries.set(entryKey(item.server, item.tool), { server: item.server, tool: item.tool, policy: item.policy });
      } else {
        skipped++;
      }
    }
    for (const server of Array.isArray(data.trustReadOnlyHints) ? data.trustReadOnlyHints : []) {
      if (typeof server === 'string') this.trusted.add(server);
      else skipped++;
    }
    skipped += this.pinBook.restore(data.pins);
    for (const ref of Array.isArray(data.notOffered) ? data.notOffered : []) {
      if (isPlainObject(ref) && typeof ref.server === 'string' && typeof ref.tool === 'string')
        this.off.set(entryKey(ref.server, ref.tool), { server: ref.server, tool: ref.tool });
      else skipped++;
    }
    if (skipped > 0) this.problems.push(`${skipped} stored tool polic${skipped === 1 ? 'y was' : 'ies were'} not understood and ignored.`);
  }
}
