/**
 * The negotiated era of each server URL, remembered between visits, so a 2025 server is not
 * probed with `server/discover` (and its 400, a red console line) on every load. Only the legacy
 * verdict is kept: a 2026 server's probe is its `server/discover`, which the connection needs
 * anyway. A remembered verdict is used with the SDK's `connect({ prior: { kind: 'legacy' } })`;
 * when that connect fails with an answer from the server (say it was upgraded to 2026-only), the
 * verdict is forgotten and the connection probes again at once. As the SDK warns, a stale legacy
 * verdict can also succeed silently (an upgraded server still answers `initialize`), so a verdict
 * is dated and dropped after a horizon, and dropped when the server's name or version changes.
 */
import type { KeyValueStorage } from '../shared/key-value-storage';
import { redactUrl } from '../secrets';
import { httpStatusOf } from './explain-failure';
import type { ProtocolEra } from '../traffic';
import type { TransportKind } from './open-transport';

/** The storage key of the remembered verdicts. */
export const ERA_MEMORY_KEY = 'glassbox.eras.v1';

/** How long a legacy verdict is used before the server is probed again: 7 days, in milliseconds. */
export const ERA_MEMORY_HORIZON_MS = 7 * 24 * 60 * 60 * 1000;

/** At most this many URLs are remembered (the oldest verdicts go first). */
const MAX_REMEMBERED = 100;

/** What the SDK's `connect` takes to skip the probe (its `PriorDiscovery`, legacy case). */
export type EraPrior = { kind: 'legacy' };

/** One remembered verdict: the server spoke only the 2025 era when probed at `at` (epoch ms). */
export interface RememberedEra {
  era: 'legacy';
  at: number;
  /** `name version` of the server that answered, when it said. */
  server?: string;
}

/** How a connect ended, for `verdictAfter`. */
export interface ConnectOutcome {
  transport: TransportKind;
  /** The era of the connected session. */
  era: ProtocolEra | undefined;
  /** The prior the connect used (undefined: it probed). */
  prior: EraPrior | undefined;
  /** `name version` of the connected server. */
  server: string | undefined;
  now: number;
}

/**
 * The prior to connect with: the legacy verdict when one is remembered within the horizon, for
 * streamable HTTP (the 2024 SSE transport never probes). Undefined: probe (`auto`).
 */
export function priorFor(remembered: RememberedEra | undefined, transport: TransportKind, now: number): EraPrior | undefined {
  if (remembered === undefined || transport !== 'streamable-http') return undefined;
  const age = now - remembered.at;
  if (age < 0 || age > ERA_MEMORY_HORIZON_MS) return undefined;
  return { kind: 'legacy' };
}

/**
 * What to remember after a successful connect: a fresh legacy verdict after a probe that ended in
 * the 2025 era; the same verdict (not re-dated) after a connect that used it, unless the server
 * now names another version; nothing after a 2026 connect. `undefined` means forget.
 */
export function verdictAfter(outcome: ConnectOutcome, remembered: RememberedEra | undefined): RememberedEra | undefined {
  if (outcome.transport !== 'streamable-http' || outcome.era !== 'legacy') return undefined;
  if (outcome.prior === undefined)
    return { era: 'legacy', at: outcome.now, ...(outcome.server === undefined ? {} : { server: outcome.server }) };
  if (remembered === undefined) return undefined;
  return remembered.server === outcome.server ? remembered : undefined;
}

/**
 * True when a connect with a remembered verdict failed in a way probing may fix: the server
 * answered (an HTTP error, a JSON-RPC error), but not to ask for credentials (401, 403: sign-in
 * is not about the era). A network failure or a timeout would fail the probe too.
 */
export function probesAfterFailure(error: unknown): boolean {
  const status = httpStatusOf(error);
  if (status !== undefined) return status !== 401 && status !== 403;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'number' && code !== -32001;
}

/** The verdicts of every URL, in storage (the key is the URL with its secrets redacted). */
export class EraMemory {
  constructor(
    private readonly storage: KeyValueStorage,
    private readonly now: () => number = Date.now,
  ) {}

  /** The prior to connect `url` with (see `priorFor`). */
  prior(url: string, transport: TransportKind): EraPrior | undefined {
    return priorFor(this.read()[redactUrl(url)], transport, this.now());
  }

  /** Records how a connect to `url` ended (see `verdictAfter`). */
  connected(url: string, outcome: Omit<ConnectOutcome, 'now'>): void {
    const key = redactUrl(url);
    const all = this.read();
    const next = verdictAfter({ ...outcome, now: this.now() }, all[key]);
    if (next === all[key]) return;
    if (next === undefined) delete all[key];
    else all[key] = next;
    this.write(all);
  }

  /** Forgets `url`'s verdict: its next connect probes. */
  forget(url: string): void {
    const key = redactUrl(url);
    const all = this.read();
    if (!(key in all)) return;
    delete all[key];
    this.write(all);
  }

  private read(): Record<string, RememberedEra> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(this.storage.getItem(ERA_MEMORY_KEY) ?? '{}');
    } catch {
      return {};
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    // Stored state is untrusted: keep only well-formed verdicts.
    const valid: Record<string, RememberedEra> = {};
    for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
      const entry = value as Partial<RememberedEra> | null;
      if (entry?.era !== 'legacy' || typeof entry.at !== 'number' || !Number.isFinite(entry.at)) continue;
      valid[key] = { era: 'legacy', at: entry.at, ...(typeof entry.server === 'string' ? { server: entry.server } : {}) };
    }
    return valid;
  }

  private write(all: Record<string, RememberedEra>): void {
    const newest = Object.entries(all)
      .sort(([, a], [, b]) => b.at - a.at)
      .slice(0, MAX_REMEMBERED);
    try {
      this.storage.setItem(ERA_MEMORY_KEY, JSON.stringify(Object.fromEntries(newest)));
    } catch {
      // Storage full or blocked: the next visit probes, as it would without memory.
    }
  }
}
