/**
 * The paired glassbox-bridge, as the page knows it: where it is, whether it answers, the servers it
 * serves with their processes, and each child's stderr lines (polled). The token is held here and
 * nowhere else in the page's state: the snapshot never carries it, so no panel can show it; it
 * leaves only as the Authorization header of requests to the bridge (see routeThroughBridge).
 */
import type { Diagnosis, LogEntry } from '../mcp';
import { Listeners } from '../shared/listeners';
import type { BridgeClient, BridgeServerInfo } from './bridge-client';
import { BridgeError } from './bridge-error';
import type { BridgeErrorCode } from './bridge-error';
import { explainProcessExit } from './explain-process-exit';
import type { LocalNetworkPermission } from './local-network-permission';
import type { BridgePairing } from './pair-link';
import type { BridgeRouteView } from './route-servers';

/** Whether the paired bridge answers. */
type BridgeStatus = 'unpaired' | 'connecting' | 'up' | 'down';

/** Why the bridge cannot be used now. */
export interface BridgeProblem {
  code: BridgeErrorCode | 'local-network-access';
  title: string;
  detail: string;
}

/** What the page shows of the bridge (never the token). */
export interface BridgeSnapshot {
  /** The bridge's origin, once paired. */
  url?: string;
  status: BridgeStatus;
  /** Its servers as it last listed them (kept while it does not answer). */
  servers: readonly BridgeServerInfo[];
  /** Whether it has listed its servers at least once since pairing. */
  listed: boolean;
  /** The file's entries it does not serve (url entries), as it said. */
  skipped: ReadonlyArray<{ name: string; reason: string }>;
  problem?: BridgeProblem;
  /** Why the last pair link was refused (nothing was paired). */
  pairError?: string;
  /** Whether the pairing is remembered on this device (encrypted), when the page can remember it at all. */
  remember?: boolean;
}

/**
 * Where a pairing is remembered when the person asks ("remember on this device"): encrypted, as
 * remembered OAuth tokens are (src/app/bridge-keeper.ts). Without a keeper the token lives in memory only.
 */
export interface BridgeKeeper {
  /** The person's choice (read at each pairing). */
  remembering(): boolean;
  setRemembering(on: boolean): void;
  load(): Promise<BridgePairing | undefined>;
  save(pairing: BridgePairing): Promise<void>;
  forget(): Promise<void>;
}

/** What the store needs from the page. */
export interface BridgeStoreOptions {
  /** The plain fetch (not recorded: control requests and stderr polls are not MCP traffic). */
  fetch: typeof globalThis.fetch;
  /** This page's origin (for local network access) and URL (for the command to run). */
  pageOrigin: string;
  appUrl: string;
  /** Called with the token as soon as it is known, so every recorder redacts it. */
  registerSecret?: (value: string) => void;
  /** The browser's local network access permission, where it can say. */
  localNetworkPermission?: () => Promise<LocalNetworkPermission>;
  /** Remembers the pairing when the person asks; none: memory only. */
  keeper?: BridgeKeeper;
  /** Reconnects a server's MCP connection (after a restart). */
  reconnect?: (name: string) => Promise<void>;
  now?: () => number;
}

/** The client, the pair link's reader and the explanations: loaded when a bridge is first paired (bridge-link.ts). */
const loadLink = () => import('./bridge-link');

/** Lines kept per server (the log view shows the newest). */
const MAX_LINES = 1000;

/** The paired bridge; see the file comment. */
export class BridgeStore {
  private pairing: BridgePairing | undefined;
  /** The paired bridge's client (its code loads with the first pairing). */
  private client: Promise<BridgeClient> | undefined;
  private snapshot: BridgeSnapshot;
  private readonly listeners = new Listeners();
  /** Each server's stderr cursor (the bridge's `next`) and lines. */
  private readonly stderr = new Map<string, { next: number; entries: LogEntry[] }>();
  private stderrEntries: readonly LogEntry[] = [];
  private readonly stderrListeners = new Listeners();
  private stderrSeq = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private polling: Promise<void> | undefined;
  /** Increases at each stop: a polling loop of an earlier start ends. */
  private runs = 0;
  /** Time between polls, in milliseconds. Default 1000 (one second). */
  private intervalMs = 1000;

  constructor(private readonly options: BridgeStoreOptions) {
    this.snapshot = this.fresh();
  }

  /** The snapshot of no pairing yet. */
  private fresh(url?: string): BridgeSnapshot {
    const keeper = this.options.keeper;
    return {
      ...(url !== undefined && { url, status: 'connecting' as const }),
      status: url === undefined ? 'unpaired' : 'connecting',
      servers: [],
      listed: false,
      skipped: [],
      ...(keeper && { remember: keeper.remembering() }),
    };
  }

  /** Pairs again with the pairing remembered on this device, if there is one; returns whether it did. */
  async restore(): Promise<boolean> {
    const keeper = this.options.keeper;
    if (!keeper?.remembering()) return false;
    const kept = await keeper.load().catch(() => undefined);
    if (kept === undefined) return false;
    await this.pair(kept);
    return true;
  }

  /** Remembers the pairing on this device (encrypted), or forgets it. */
  async setRemember(on: boolean): Promise<void> {
    const keeper = this.options.keeper;
    if (!keeper) return;
    keeper.setRemembering(on);
    this.set({ remember: on });
    if (on && this.pairing) await keeper.save(this.pairing);
    if (!on) await keeper.forget();
  }

  subscribe = (listener: () => void): (() => void) => this.listeners.subscribe(listener);

  getSnapshot = (): BridgeSnapshot => this.snapshot;

  /** The children's stderr lines as log entries (logger `stderr`), oldest first: the log view shows them beside the servers' own messages. */
  readonly stderrLog = {
    subscribe: (listener: () => void): (() => void) => this.stderrListeners.subscribe(listener),
    getSnapshot: (): readonly LogEntry[] => this.stderrEntries,
  };

  /**
   * Pairs with the bridge of a `#bridge=` fragment. A refused link pairs nothing and says why
   * (`pairError`). Returns whether it paired.
   */
  async pairFromFragment(hash: string): Promise<boolean> {
    let pairing: BridgePairing;
    try {
      const { parseBridgeFragment } = await loadLink();
      pairing = parseBridgeFragment(hash);
    } catch (error) {
      this.set({ pairError: error instanceof Error ? error.message : String(error) });
      return false;
    }
    await this.pair(pairing);
    return true;
  }

  /** Pairs with a bridge (replacing any other), asks it for its servers, and keeps polling it (see `start`). */
  pair(pairing: BridgePairing): Promise<void> {
    this.options.registerSecret?.(pairing.token);
    this.pairing = pairing;
    this.client = loadLink().then(({ BridgeClient }) => new BridgeClient(pairing, this.options.fetch));
    this.stderr.clear();
    this.publishStderr();
    this.snapshot = this.fresh(pairing.url);
    this.listeners.notify();
    if (this.options.keeper?.remembering()) void this.options.keeper.save(pairing).catch(() => undefined);
    if (this.timer === undefined) this.start(this.intervalMs);
    return this.poll();
  }

  /** What routing needs (the only place the token leaves the store). */
  routeView(): BridgeRouteView {
    const { servers, listed, problem } = this.snapshot;
    return {
      appUrl: this.options.appUrl,
      ...(this.pairing && { pairing: { url: this.pairing.url, token: this.pairing.token } }),
      ...(listed && { servers }),
      ...(problem && { problem: problem.detail }),
    };
  }

  /** Asks the bridge for its servers, then the new stderr lines of each started child. Polls share one run at a time. */
  poll(): Promise<void> {
    this.polling ??= this.pollOnce().finally(() => (this.polling = undefined));
    return this.polling;
  }

  /** A poll that asks after this call: one under way may have asked before what the caller knows happened. */
  refresh(): Promise<void> {
    const running = this.polling;
    return running ? running.then(() => this.poll()) : this.poll();
  }

  /**
   * A failed connection's diagnosis, with the bridge's fresh word on the server's process: when it
   * exited, that is the cause (see explainProcessExit); otherwise the diagnosis as it is.
   */
  async explainFailure(bridgeUrl: string, name: string, diagnosis: Diagnosis): Promise<Diagnosis> {
    if (this.pairing?.url !== bridgeUrl) return diagnosis;
    await this.refresh();
    const { url, status, servers } = this.snapshot;
    const info = servers.find((server) => server.name === name);
    return url === bridgeUrl && status === 'up' && info?.status === 'exited' ? explainProcessExit(info, diagnosis) : diagnosis;
  }

  /** Polls every `intervalMs` (every 4 × `intervalMs` while the bridge does not answer) until `stop`. */
  start(intervalMs = this.intervalMs): void {
    this.stop();
    this.intervalMs = intervalMs;
    const run = this.runs;
    const tick = () => {
      if (run !== this.runs) return;
      this.timer = setTimeout(
        () => {
          void this.poll().finally(tick);
        },
        this.snapshot.status === 'down' ? intervalMs * 4 : intervalMs,
      );
    };
    tick();
  }

  /** Stops polling (a poll under way finishes, and schedules nothing). */
  stop(): void {
    this.runs += 1;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Ends a server's child on the bridge and reconnects the page to it (a fresh child starts on its initialize). */
  async restart(name: string): Promise<void> {
    if (!this.client) throw new BridgeError('unreachable', 'No bridge is paired.');
    const server = await (await this.client).restart(name);
    this.set({ servers: this.snapshot.servers.map((each) => (each.name === name ? server : each)) });
    await this.options.reconnect?.(name);
    await this.poll();
  }

  private async pollOnce(): Promise<void> {
    const pending = this.client;
    if (!pending) return;
    let client: BridgeClient;
    try {
      client = await pending;
    } catch (error) {
      if (pending !== this.client) return;
      this.set({
        status: 'down',
        problem: {
          code: 'bad-response',
          title: 'Glassbox could not load its bridge code',
          detail: `${error instanceof Error ? error.message : String(error)}. Reload the page; if this persists, the site serving Glassbox is missing some of its files.`,
        },
      });
      return;
    }
    try {
      const list = await client.listServers();
      if (pending !== this.client) return;
      this.set({ status: 'up', servers: list.servers, skipped: list.skipped, listed: true, problem: undefined });
    } catch (error) {
      if (pending !== this.client) return;
      this.set({ status: 'down', problem: await this.problemOf(error) });
      return;
    }
    await Promise.all(
      this.snapshot.servers.filter((server) => server.status !== 'idle').map((server) => this.pollStderr(pending, client, server.name)),
    );
  }

  private async pollStderr(pending: Promise<BridgeClient>, client: BridgeClient, name: string): Promise<void> {
    const kept = this.stderr.get(name) ?? { next: 0, entries: [] };
    let page;
    try {
      page = await client.stderr(name, kept.next);
    } catch {
      return; // The next /servers poll says whether the bridge is gone.
    }
    if (pending !== this.client || page.lines.length === 0) {
      kept.next = page.next;
      this.stderr.set(name, kept);
      return;
    }
    const now = this.options.now ?? Date.now;
    for (const line of page.lines) {
      const at = Date.parse(line.time);
      kept.entries.push({
        seq: (this.stderrSeq += 1),
        server: name,
        level: 'info',
        logger: 'stderr',
        data: line.line,
        at: Number.isFinite(at) ? at : now(),
      });
    }
    if (kept.entries.length > MAX_LINES) kept.entries.splice(0, kept.entries.length - MAX_LINES);
    kept.next = page.next;
    this.stderr.set(name, kept);
    this.publishStderr();
  }

  private publishStderr(): void {
    this.stderrEntries = [...this.stderr.values()].flatMap((kept) => kept.entries).sort((a, b) => a.at - b.at || a.seq - b.seq);
    this.stderrListeners.notify();
  }

  /** The card's words for a failed request; a TypeError from a public page to loopback may be the permission prompt. */
  private async problemOf(error: unknown): Promise<BridgeProblem> {
    const url = this.pairing?.url ?? '';
    const { explainLocalNetworkAccess, meetsLocalNetworkAccess } = await loadLink();
    if (error instanceof BridgeError && error.code === 'unreachable' && meetsLocalNetworkAccess(this.options.pageOrigin, url)) {
      const explained = explainLocalNetworkAccess(this.options.pageOrigin, url, await this.options.localNetworkPermission?.());
      if (explained) return { code: 'local-network-access', ...explained };
    }
    if (error instanceof BridgeError) {
      const title =
        error.code === 'unreachable'
          ? 'The bridge does not answer'
          : error.code === 'unauthorized'
            ? 'The bridge refused the token'
            : error.code === 'forbidden'
              ? 'The bridge refused this page'
              : 'The bridge answered in error';
      const detail =
        error.code === 'unreachable'
          ? `${error.message} Either glassbox-bridge is not running (start it again and open the pair link it prints), or it refuses this page's origin (${this.options.pageOrigin}): a browser cannot tell the two apart. Start it with --app ${this.options.appUrl} (or --origin ${this.options.pageOrigin}).`
          : error.message;
      return { code: error.code, title, detail };
    }
    return { code: 'bad-response', title: 'The bridge answered in error', detail: error instanceof Error ? error.message : String(error) };
  }

  private set(change: Partial<BridgeSnapshot>): void {
    const next = { ...this.snapshot, ...change };
    for (const key of Object.keys(next) as Array<keyof BridgeSnapshot>) if (next[key] === undefined) delete next[key];
    this.snapshot = next;
    this.listeners.notify();
  }
}
