import type { ServerConfig } from '../config';
import { Listeners } from '../shared/listeners';
import { displayCommandLine } from '../secrets';
import type { CapabilityHost, CapabilityModule } from './capabilities/capability';
import { InboxCapability } from './capabilities/inbox';
import type { InboxHandler } from './capabilities/inbox';
import { secretValuesOfUrl } from '../secrets';
import { redactDiagnosis } from './redact-diagnosis';
import type { EraMemory } from './era-memory';
import type { SecretRegistry, TrafficLog } from '../traffic';
import type { ServerState } from './connection-state';
import type { Diagnosis } from './diagnosis';
import { DEFAULT_TIMEOUT_MS, ServerConnection } from './server-connection';
import type { SignInSetup } from './server-sign-in';

/** What the manager needs from the app: the log its connections record into, and the fetch they go through. */
export interface ConnectionManagerOptions {
  log: TrafficLog;
  /** Known secret values, redacted in everything recorded: every configured header value and URL secret is added to it. */
  secrets: SecretRegistry;
  /** The fetch that really sends; each connection's wire tap goes around it. */
  fetch: typeof fetch;
  /** The era remembered for each server URL (a 2025 server is connected without the probe). */
  eras?: EraMemory;
  /** A plain fetch for diagnosis probes. */
  probeFetch?: typeof fetch;
  /** Answers the servers' own requests (sampling, elicitation, roots). */
  inbox?: InboxHandler;
  /** `_meta` entries every request of every server carries when it returns some (the trace context, `traceparent`). */
  requestMeta?: () => Record<string, unknown> | undefined;
  now?: () => number;
  /** Signing in to servers that ask (OAuth); without it a 401 is a failure. */
  signIn?: SignInSetup;
  /** Every connect waits for it before loading the MCP client (see ServerConnectionOptions.startAfter). */
  startAfter?: Promise<unknown>;
  /** A failed handshake's diagnosis, explained with what the page knows of the server besides the wire (see ServerConnectionOptions.explainFailure). */
  explainFailure?: (server: ServerConfig, diagnosis: Diagnosis) => Promise<Diagnosis>;
}

/**
 * Longest a connected server's event stream (GET) waits for the other servers to finish
 * connecting: one that hangs does not keep the others' notifications away for long.
 */
export const STREAMS_WAIT_MAX_MS = 1000;

/** Code-unit order: a stable order for keys (localeCompare's first call loads the browser's collation data, tens of ms at start-up). */
const byCodeUnits = ([a]: [string, unknown], [b]: [string, unknown]): number => (a < b ? -1 : a > b ? 1 : 0);

/** What makes two config entries the same connection: everything in them, in a stable form. */
function entryKey(server: ServerConfig): string {
  return JSON.stringify(server, (_key, value: unknown) =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(byCodeUnits))
      : value,
  );
}

/** A snapshot of every configured server, in config order. */
export interface ConnectionsSnapshot {
  servers: readonly ServerState[];
}

/**
 * Holds one connection per configured server. Servers connect in parallel and
 * independently: one failing never touches another.
 */
export class ConnectionManager {
  private connections = new Map<string, ServerConnection>();
  /** The config entry each live connection was made from (see entryKey). */
  private readonly applied = new Map<string, string>();
  private placeholders = new Map<string, ServerState>();
  private order: string[] = [];
  private snapshot: ConnectionsSnapshot = { servers: [] };
  private readonly listeners = new Listeners();
  private readonly unsubscribers = new Map<string, () => void>();
  /** Event streams waiting for the servers still connecting (see streamsWait). */
  private readonly streamWaiters = new Set<{ except: string; open(): void }>();

  constructor(private readonly options: ConnectionManagerOptions) {}

  /** Subscribe to changes of any server; returns the unsubscribe function. */
  subscribe = this.listeners.subscribe;

  /** The current snapshot (stable until something changes). */
  getSnapshot = (): ConnectionsSnapshot => this.snapshot;

  /** The live connection of a server, if it has one. */
  get(name: string): ServerConnection | undefined {
    return this.connections.get(name);
  }

  /**
   * Replace the configuration: a server whose entry did not change keeps its connection (and
   * session); the others are disconnected, and every new or changed enabled server connects, in
   * parallel.
   */
  async apply(servers: readonly ServerConfig[]): Promise<void> {
    const kept = new Map<string, ServerConnection>();
    const leaving: string[] = [];
    for (const [name, connection] of this.connections) {
      const entry = servers.find((server) => server.name === name);
      if (entry && this.applied.get(name) === entryKey(entry)) kept.set(name, connection);
      else leaving.push(name);
    }
    await Promise.all(
      leaving.map((name) =>
        this.connections
          .get(name)
          ?.disconnect()
          .catch(() => undefined),
      ),
    );
    for (const name of leaving) {
      this.unsubscribers.get(name)?.();
      this.unsubscribers.delete(name);
      this.connections.delete(name);
      this.applied.delete(name);
    }
    this.placeholders.clear();
    this.order = servers.map((s) => s.name);
    const now = this.options.now ?? Date.now;
    const starts: Array<Promise<void>> = [];
    for (const server of servers) {
      // Header values, also those a local bridge's command line would send, are secrets.
      for (const value of [...Object.values(server.headers), ...Object.values(server.suggestedHeaders ?? {})])
        if (value) this.options.secrets.add(value);
      // A `?token=` in the URL is a secret too: redacted wherever its value appears (a body, an error).
      for (const url of [server.url, server.suggestedUrl])
        for (const value of url ? secretValuesOfUrl(url) : []) this.options.secrets.add(value);
      if (kept.has(server.name)) continue;
      const base = {
        name: server.name,
        url: server.url,
        tools: [],
        warnings: [],
        updatedAt: now(),
        timeoutMs: server.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      };
      if (server.status === 'disabled') {
        this.placeholders.set(server.name, { ...base, status: 'disabled' });
      } else if (server.status === 'needs-local-process') {
        this.placeholders.set(server.name, {
          ...base,
          status: 'needs-local-process',
          // The command line may carry a bridge's URL and token: shown through the secret policy.
          diagnosis: redactDiagnosis({
            code: 'bad-config',
            title: server.localProcessNote?.title ?? 'Needs a local process',
            detail: this.options.secrets.redact(
              server.localProcessNote?.detail ??
                `"${displayCommandLine(server.command ?? '', server.args ?? [])}" is a stdio server: a browser cannot start it. Expose it over HTTP with a stdio-to-HTTP gateway${server.suggestedUrl ? `, or connect to ${server.suggestedUrl} directly` : ''}.`,
            ),
          }),
        });
      } else if (server.status === 'invalid' || !server.url) {
        this.placeholders.set(server.name, {
          ...base,
          status: 'invalid',
          diagnosis: { code: 'bad-config', title: 'This entry cannot be used', detail: 'Fix the problems listed for it in the config.' },
        });
      } else {
        const { inbox, explainFailure, requestMeta } = this.options;
        const connection = new ServerConnection({
          name: server.name,
          url: server.url,
          headers: server.headers,
          timeoutMs: server.timeoutMs,
          ...(server.transport === 'sse' ? { transport: 'sse' as const } : {}),
          log: this.options.log,
          secrets: this.options.secrets,
          ...(this.options.eras && { eras: this.options.eras }),
          fetch: this.options.fetch,
          probeFetch: this.options.probeFetch,
          streamsWait: () => this.streamsWait(server.name),
          ...(this.options.startAfter && { startAfter: this.options.startAfter }),
          ...((inbox || requestMeta) && {
            capabilities: (host: CapabilityHost): CapabilityModule[] => [
              ...(inbox ? [new InboxCapability(host, inbox)] : []),
              ...(requestMeta ? [{ name: 'trace-context', requestMeta }] : []),
            ],
          }),
          now: this.options.now,
          ...(this.options.signIn && { signIn: this.options.signIn }),
          ...(server.oauth && { oauth: server.oauth }),
          ...(explainFailure && { explainFailure: (diagnosis: Diagnosis) => explainFailure(server, diagnosis) }),
        });
        this.connections.set(server.name, connection);
        this.applied.set(server.name, entryKey(server));
        this.unsubscribers.set(
          server.name,
          connection.subscribe(() => this.rebuild()),
        );
        starts.push(connection.connect());
      }
    }
    this.rebuild();
    await Promise.all(starts);
  }

  /** Reconnect one server. */
  async reconnect(name: string): Promise<void> {
    await this.connections.get(name)?.connect();
  }

  /** Fails a connected server that is gone without a request failing (see ServerConnection.lost). */
  async lost(name: string, diagnosis: Diagnosis): Promise<void> {
    await this.connections.get(name)?.lost(diagnosis);
  }

  /** Disconnect one server (a 2025 session ends with DELETE). */
  async disconnect(name: string): Promise<void> {
    await this.connections.get(name)?.disconnect();
  }

  /** Tells every connected server that the roots changed; a server that fails to hear it keeps the others going. */
  async rootsChanged(): Promise<void> {
    await Promise.all([...this.connections.values()].map((connection) => connection.rootsChanged().catch(() => undefined)));
  }

  /** Disconnect every server and forget them. */
  async disconnectAll(): Promise<void> {
    const all = [...this.connections.values()];
    await Promise.all(all.map((c) => c.disconnect().catch(() => undefined)));
    for (const unsubscribe of this.unsubscribers.values()) unsubscribe();
    this.unsubscribers.clear();
    this.connections.clear();
    this.applied.clear();
    this.placeholders.clear();
    this.order = [];
    this.rebuild();
  }

  /** Whether a server other than `except` is still connecting. */
  private othersConnecting(except: string): boolean {
    for (const [name, connection] of this.connections) {
      if (name !== except && connection.getState().status === 'connecting') return true;
    }
    return false;
  }

  /**
   * A connected server's event stream waits until no other server is still connecting (at most
   * STREAMS_WAIT_MAX_MS): opened among their handshakes, ten streams would be ten requests more
   * competing with the ones that make those servers usable, and nothing needs a stream sooner.
   */
  private streamsWait(name: string): Promise<void> | undefined {
    if (!this.othersConnecting(name)) return undefined;
    return new Promise<void>((resolve) => {
      const waiter = {
        except: name,
        open: () => {
          clearTimeout(timer);
          this.streamWaiters.delete(waiter);
          resolve();
        },
      };
      const timer = setTimeout(waiter.open, STREAMS_WAIT_MAX_MS);
      this.streamWaiters.add(waiter);
    });
  }

  private rebuild(): void {
    const servers: ServerState[] = [];
    for (const name of this.order) {
      const state = this.connections.get(name)?.getState() ?? this.placeholders.get(name);
      if (state) servers.push(state);
    }
    this.snapshot = { servers };
    for (const waiter of [...this.streamWaiters]) if (!this.othersConnecting(waiter.except)) waiter.open();
    this.listeners.notify();
  }
}
