/**
 * Pinned tool definitions: when the person allows a tool, the definition they allowed is kept
 * (canonical JSON and its hash, per server). A later `tools/list` with a different definition is a
 * change ("rug pull"): the policy store asks again and the UI shows what changed, word by word.
 * Plain data in, plain data out; PolicyStore persists it with the policies.
 */
import { canonicalJson, diffDefinitions, fingerprint, type DefinitionFingerprint, type FieldChange, type ToolDefinition } from '../guard';
import { isPlainObject } from '../shared/json';

/** A tool as `tools/list` gives it (the pinned fields are read from it). */
export interface ListedTool {
  name: string;
  title?: unknown;
  description?: unknown;
  inputSchema?: unknown;
  outputSchema?: unknown;
  annotations?: unknown;
}

/** One pinned definition, as stored and exported. */
export interface ToolPin {
  server: string;
  /** The tool's name on its server. */
  tool: string;
  /** FNV-1a of the canonical definition (a short id; the definition itself decides). */
  hash: string;
  definition: ToolDefinition;
  /** Epoch ms when the person allowed this definition. */
  pinnedAt: number;
}

/** A tool whose listed definition differs from the one the person allowed. */
export interface ToolChange {
  server: string;
  tool: string;
  pinnedHash: string;
  currentHash: string;
  pinnedAt: number;
  /** The fields that differ, each with a word-level diff. */
  fields: FieldChange[];
}

function key(server: string, tool: string): string {
  return `${server}\u0000${tool}`;
}

/** Reads one stored pin; undefined when it is not one. */
function readPin(value: unknown): ToolPin | undefined {
  if (!isPlainObject(value)) return undefined;
  const { server, tool, definition, pinnedAt } = value;
  if (typeof server !== 'string' || typeof tool !== 'string' || !isPlainObject(definition)) return undefined;
  // The hash is recomputed, not trusted: a stored pin whose hash does not match its definition would otherwise hide a change.
  const pinned = fingerprint(definition);
  return { server, tool, hash: pinned.hash, definition: pinned.definition, pinnedAt: typeof pinnedAt === 'number' ? pinnedAt : 0 };
}

/** The pins, the definitions last listed, and the changes between them. */
export class PinBook {
  private readonly pins = new Map<string, ToolPin>();
  private readonly listed = new Map<string, DefinitionFingerprint>();
  private readonly changes = new Map<string, ToolChange>();

  /** Restores stored pins; returns how many entries were not understood. */
  restore(items: unknown): number {
    let skipped = 0;
    for (const item of Array.isArray(items) ? items : []) {
      const pin = readPin(item);
      if (pin) this.pins.set(key(pin.server, pin.tool), pin);
      else skipped += 1;
    }
    return skipped;
  }

  /**
   * Records a server's newly listed tools; `shouldPin` names tools to pin on sight (allowed before
   * pins existed). Returns true when a pin or a change appeared or went away.
   */
  observe(server: string, tools: readonly ListedTool[], shouldPin: (tool: string) => boolean, now: number): boolean {
    for (const existing of [...this.listed.keys()]) {
      if (existing.startsWith(`${server}\u0000`)) this.listed.delete(existing);
    }
    let changed = false;
    for (const tool of tools) {
      this.listed.set(key(server, tool.name), fingerprint(tool));
      if (!this.pins.has(key(server, tool.name)) && shouldPin(tool.name)) changed = this.pin(server, tool.name, now) || changed;
    }
    return this.recompute(server) || changed;
  }

  /** Pins the definition last listed for this tool; returns true when the pin is new or different. */
  pin(server: string, tool: string, now: number): boolean {
    const listed = this.listed.get(key(server, tool));
    if (listed === undefined) return false;
    const existing = this.pins.get(key(server, tool));
    if (existing?.hash === listed.hash && !this.changes.has(key(server, tool))) return false;
    this.pins.set(key(server, tool), { server, tool, hash: listed.hash, definition: listed.definition, pinnedAt: now });
    this.recompute(server);
    return true;
  }

  /** How this tool's listed definition differs from its pin, if it does. */
  change(server: string, tool: string): ToolChange | undefined {
    return this.changes.get(key(server, tool));
  }

  /** Every pin, sorted by server then tool. */
  allPins(): ToolPin[] {
    return [...this.pins.values()].sort((a, b) => compare(a.server, b.server) || compare(a.tool, b.tool));
  }

  /** Every change, sorted by server then tool. */
  allChanges(): ToolChange[] {
    return [...this.changes.values()].sort((a, b) => compare(a.server, b.server) || compare(a.tool, b.tool));
  }

  /** Drops the pins of one server (removed from the configuration); true when there were any. */
  forget(server: string): boolean {
    let changed = false;
    for (const map of [this.pins, this.listed, this.changes] as Map<string, unknown>[]) {
      for (const existing of [...map.keys()]) {
        if (existing.startsWith(`${server}\u0000`)) changed = map.delete(existing) || changed;
      }
    }
    return changed;
  }

  /** Rebuilds one server's changes; true when the set of changes moved. */
  private recompute(server: string): boolean {
    let moved = false;
    for (const [pinKey, pin] of this.pins) {
      if (pin.server !== server) continue;
      const listed = this.listed.get(pinKey);
      const before = this.changes.get(pinKey);
      if (listed === undefined || listed.canonical === canonicalJson(pin.definition)) {
        // Not listed now (disconnected): keep any change known, so it is not forgotten by a reconnect.
        if (listed !== undefined && before !== undefined) {
          this.changes.delete(pinKey);
          moved = true;
        }
        continue;
      }
      if (before?.currentHash === listed.hash && before.pinnedHash === pin.hash) continue;
      this.changes.set(pinKey, {
        server,
        tool: pin.tool,
        pinnedHash: pin.hash,
        currentHash: listed.hash,
        pinnedAt: pin.pinnedAt,
        fields: diffDefinitions(pin.definition, listed.definition),
      });
      moved = true;
    }
    return moved;
  }
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
