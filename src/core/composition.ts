import { MemoryBackend } from './shared/memory-backend';
import type { KeyValueBackend } from './shared/key-value-backend';
import { memoryStorage, type KeyValueStorage } from './shared/key-value-storage';
import { AgentSession, counterIds, createBillServices, ForkRequestError, ReplayStore, sendFork, turnServices } from './agent';
import type { AgentSessionDeps, BillServices, ForkResult } from './agent';
import { AppContextStore, ViewLog } from './apps';
import { BridgeStore, followBridge } from './bridge';
import type { BridgeKeeper, LocalNetworkPermission } from './bridge';
import { ConfigStore, loadSchemaValidators } from './config';
import type { ConfigSource } from './config';
import { findingsOfTool, GuardStore } from './guard';
import { Inbox, RootsStore, SamplingPolicyStore } from './inbox';
import type { SamplingModelSettings } from './inbox';
import { ConnectionManager, EraMemory } from './mcp';
import type { ServerState, SignInSetup } from './mcp';
import { SessionPersistence } from './persistence';
import type { RestoreResult } from './persistence';
import { entriesKeyOf, PROVIDERS } from './providers';
import { createReminderTool, followConnections, offerSkills, PolicyStore, ReminderStore, SkillOffers, ToolRegistry } from './tools';
import { createWireTap, SecretRegistry, TrafficLog } from './traffic';
import { OtelSettingsStore, sendTracesAsTurnsEnd, traceContextMeta } from './trace';
import type { CallContext } from './traffic';

/** The app's long-lived, framework-free services, created once per page. */
export interface Services {
  log: TrafficLog;
  secrets: SecretRegistry;
  connections: ConnectionManager;
  registry: ToolRegistry;
  policies: PolicyStore;
  /** Findings on what the connected servers tell the model (tool text, instructions). */
  guard: GuardStore;
  reminders: ReminderStore;
  /** Skills the person offered to the model (the local `use_skill` tool lists them). */
  skillOffers: SkillOffers;
  session: AgentSession;
  /** The servers' own requests (sampling, elicitation, roots) waiting for the person, and what answers them. */
  inbox: Inbox;
  roots: RootsStore;
  samplingPolicies: SamplingPolicyStore;
  /** Keeps the traffic log, the conversation and the config in `backend` as the session goes. */
  persistence: SessionPersistence;
  baseFetch: typeof fetch;
  /** The mcp.json text: parsed once per version, saved (secrets stripped) to `storage` and `persistence`. */
  config: ConfigStore;
  /** Connects the servers of the newest config text (parsed now if it was not yet). */
  applyConfig(): Promise<void>;
  /** MCP Apps: the log of every view's channel, and the context views leave for the model. */
  apps: { log: ViewLog; context: AppContextStore };
  /** Replays of finished turns against another format, model or base URL: branches beside the conversation. */
  replays: ReplayStore;
  /** Sends an edited copy of a recorded model request (by exchange id) as a fork of it, with the current key. */
  fork(exchangeId: number, body: string, signal?: AbortSignal): Promise<ForkResult>;
  /** The token bill: the person's price table and counting with Anthropic's count_tokens. */
  bill: BillServices;
  /** The paired glassbox-bridge: the config's stdio servers connect through it. */
  bridge: BridgeStore;
  /** OpenTelemetry: the collector each turn's trace is sent to, its headers (secrets), and trace context propagation. */
  otel: OtelSettingsStore;
}

/** What the services are built from; every field has a default that suits Node tests. */
export interface ServicesOptions {
  /** The fetch both wires go through (the browser's unless a test injects another). */
  baseFetch?: typeof fetch;
  /** Answers every model request in place of the provider's own fetch (a repro's replay: the recording answers). */
  modelFetch?: typeof fetch;
  /** Where the session is kept (IndexedDB in the page; memory by default). */
  backend?: KeyValueBackend;
  /** Where tool policies, reminders and the config text live (localStorage in the page; memory by default). */
  storage?: KeyValueStorage;
  /** Signing in to servers that ask (OAuth): the page's popup and URLs. Without it a 401 is a failure. */
  signIn?: SignInSetup;
  /**
   * Whether the servers' traffic is recorded in `log`, which the wires show (yes by default). The
   * first frame, a still picture of the initial screen, says no: its wires stay empty.
   */
  recordTraffic?: boolean;
  /** Where the page is served (for the bridge: its command's `--app`, and Chrome's local network access). Default `http://127.0.0.1:5173/`. */
  appUrl?: string;
  /** The browser's local network access permission, where it can say. */
  localNetworkPermission?: () => Promise<LocalNetworkPermission>;
  /** Where a bridge pairing is remembered when the person asks (encrypted in the page); none: memory only. */
  bridgeKeeper?: BridgeKeeper;
  /**
   * The servers' connects wait for it before the MCP client's code loads (they show `connecting`
   * meanwhile): the page starts them once the restored session is drawn. None: at once.
   */
  connectAfter?: Promise<unknown>;
}

/**
 * Build the services: the composition of core that the app renders. Nothing here touches the DOM,
 * so the whole wiring runs in Node tests.
 */
export function createServices(options: ServicesOptions = {}): Services {
  const baseFetch = options.baseFetch ?? globalThis.fetch.bind(globalThis);
  const backend = options.backend ?? new MemoryBackend();
  const storage = options.storage ?? memoryStorage();
  // Model request bodies are kept with the prefix they share deduplicated (long turns stay cheap).
  const log = new TrafficLog({ entriesKeyOf: (exchange) => entriesKeyOf(exchange.source) });
  const secrets = new SecretRegistry();
  // One tap per model request: its exchange is recorded as part of the request's turn and step (or sampling request).
  // The scripted demo answers in the page (its `localFetch`); it is recorded all the same.
  const modelFetch = (provider: keyof typeof PROVIDERS, context: CallContext) =>
    createWireTap({ log, wire: 'model', source: provider, secrets, context })(
      options.modelFetch ?? PROVIDERS[provider].localFetch ?? baseFetch,
    ) as typeof fetch;
  const samplingPolicies = new SamplingPolicyStore(storage);
  const policies = new PolicyStore({ storage });
  const roots = new RootsStore(storage, () => void connections.rootsChanged());
  const otel = new OtelSettingsStore(storage, (value) => secrets.add(value));
  // Sampling goes to the chat's current model, format and key (read when a request is approved).
  const inbox = new Inbox({
    policies: samplingPolicies,
    roots,
    toolPolicies: policies,
    model: { settings: (): SamplingModelSettings => ({ ...session.getSnapshot().settings, apiKey: session.getApiKey() }), modelFetch },
  });
  const connections: ConnectionManager = new ConnectionManager({
    // Not recorded: the connections write to a log no one reads.
    log: options.recordTraffic === false ? new TrafficLog() : log,
    secrets,
    fetch: baseFetch,
    probeFetch: baseFetch,
    // Saved beside the config (synchronously: the first connect starts before the session is restored).
    eras: new EraMemory(storage),
    inbox,
    // Opt in: while a turn runs, each MCP request carries the turn's traceparent in its _meta.
    requestMeta: traceContextMeta(
      () => otel.getSnapshot().propagate,
      () => runningTurn(session),
    ),
    ...(options.signIn && { signIn: options.signIn }),
    ...(options.connectAfter && { startAfter: options.connectAfter }),
    // A server behind the bridge whose process exited: that is why its handshake failed.
    explainFailure: (server, diagnosis) =>
      server.viaBridge ? bridge.explainFailure(server.viaBridge.bridgeUrl, server.name, diagnosis) : Promise.resolve(diagnosis),
  });
  const registry = new ToolRegistry();
  const guard = new GuardStore();
  const reminders = new ReminderStore({ storage });
  registry.registerLocalTool(createReminderTool(reminders));
  const skillOffers = new SkillOffers();
  offerSkills(skillOffers, registry, connections);
  // The registry, the policies' pins, the skill offers and the guard follow the connections.
  followConnections({ connections, registry, policies, skillOffers, guard });

  const apps = { log: new ViewLog(), context: new AppContextStore() };
  const sessionDeps: AgentSessionDeps = {
    registry,
    takeModelContext: () => apps.context.take(),
    policies,
    findingsFor: (server, tool) => findingsOfTool(guard.getSnapshot(), server, tool),
    callMcpTool: (server, remoteName, args, options) => {
      const connection = connections.get(server);
      if (!connection || connection.getState().status !== 'connected') {
        return Promise.reject(new Error(`Server "${server}" is not connected`));
      }
      return connection.callTool(remoteName, args as Record<string, unknown>, options);
    },
    timeoutFor: (server) => connections.get(server)?.getState().timeoutMs,
    serverInstructions: () => connectedInstructions(connections.getSnapshot().servers),
    modelFetch,
    registerSecret: (value) => secrets.add(value),
  };
  const session: AgentSession = new AgentSession(sessionDeps);
  // A replay uses the conversation's own services: the same tools, policies, MCP calls and recording fetch.
  const replays = new ReplayStore({ session, log, services: turnServices(sessionDeps, () => Date.now(), counterIds()) });
  const persistence = new SessionPersistence({ log, session, replays, backend });
  const config = new ConfigStore({ storage, onSave: (safeText) => persistence.setConfigText(safeText) });
  const appUrl = options.appUrl ?? 'http://127.0.0.1:5173/';
  const bridge: BridgeStore = new BridgeStore({
    fetch: baseFetch,
    appUrl,
    pageOrigin: new URL(appUrl).origin,
    registerSecret: (value) => secrets.add(value),
    reconnect: (name) => connections.reconnect(name),
    ...(options.localNetworkPermission && { localNetworkPermission: options.localNetworkPermission }),
    ...(options.bridgeKeeper && { keeper: options.bridgeKeeper }),
  });
  // The config's stdio entries connect through the paired bridge (or say what to run), and follow it.
  const { applyConfig } = followBridge({ bridge, connections, servers: () => config.current().config?.servers ?? [] });
  const fork = (exchangeId: number, body: string, signal?: AbortSignal): Promise<ForkResult> => {
    const original = log.getExchange(exchangeId);
    if (original === undefined || !(original.source in PROVIDERS))
      return Promise.reject(new ForkRequestError('not-model', `No model request ${exchangeId} to fork`));
    return sendFork(
      original,
      body,
      { modelFetch: (source, context) => modelFetch(source as keyof typeof PROVIDERS, context), apiKey: () => session.getApiKey() },
      signal,
    );
  };
  const bill = createBillServices({ storage, registry, policies, session, modelFetch });
  sendTracesAsTurnsEnd({ session, log, settings: otel, fetch: baseFetch, probeFetch: baseFetch, origin: new URL(appUrl).origin });
  return {
    log,
    secrets,
    connections,
    registry,
    policies,
    guard,
    reminders,
    skillOffers,
    session,
    inbox,
    roots,
    samplingPolicies,
    persistence,
    baseFetch,
    config,
    applyConfig,
    apps,
    fork,
    bill,
    replays,
    bridge,
    otel,
  };
}

/** The turn running now (its number and recorded start), if one is. */
function runningTurn(session: AgentSession): { turn: number; startedAt: number } | undefined {
  const snapshot = session.getSnapshot();
  const timeline = snapshot.timelines[snapshot.timelines.length - 1];
  return snapshot.running && timeline !== undefined && timeline.turn === snapshot.turn
    ? { turn: timeline.turn, startedAt: timeline.startedAt }
    : undefined;
}

/** The instructions of the connected servers that sent some. */
function connectedInstructions(servers: readonly ServerState[]): Array<{ server: string; text: string }> {
  return servers.flatMap((server) =>
    server.status === 'connected' && server.instructions ? [{ server: server.name, text: server.instructions }] : [],
  );
}

/** How long start-up waits for a paired bridge's first answer before connecting the other servers. */
const BRIDGE_FIRST_ANSWER_MS = 3000;

/** What start-up found, and the connect it began. */
export interface ServicesStart {
  /** What came back from the backend, with the problems to show. */
  restored: RestoreResult;
  /** Where the config text came from. */
  configSource: ConfigSource;
  /** Settles when the configured servers have connected or failed. */
  connected: Promise<void>;
}

/**
 * Start-up, in the order that matters: the saved session comes back first (loading replaces the
 * traffic log, so nothing may be recorded before it) while the config schema's checks load; then
 * the config text is picked (a share link, the saved text, the session's copy, the demo config);
 * saving starts; the servers connect.
 */
export async function startServices(
  services: Services,
  sources: { fragment?: string | null; bridgeFragment?: string | null } = {},
): Promise<ServicesStart> {
  // The mcp.json schema's checks load beside the restore (the prerendered first frame does without them).
  const [restored, schema] = await Promise.all([services.persistence.restore(), loadSchemaValidators()]);
  services.config.setSchema(schema);
  const configSource = services.config.start({ fragment: sources.fragment, restored: restored.configText });
  services.persistence.start();
  // A bridge pair link (or the pairing remembered on this device): its servers are listed before
  // the config's stdio entries are routed, unless the bridge is slow to answer (a browser's local
  // network access prompt waits for the person): then they are routed once it answers.
  // Start-up itself does not wait for it: the page draws the restored session meanwhile. With no
  // pairing to wait for (the common case), the servers are listed at once, before that first render.
  if (!sources.bridgeFragment && !services.bridge.getSnapshot().remember)
    return { restored, configSource, connected: services.applyConfig() };
  const pairing = sources.bridgeFragment ? services.bridge.pairFromFragment(sources.bridgeFragment) : services.bridge.restore();
  const connected = (async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([pairing.catch(() => undefined), new Promise((resolve) => (timer = setTimeout(resolve, BRIDGE_FIRST_ANSWER_MS)))]);
    clearTimeout(timer);
    return services.applyConfig();
  })();
  return { restored, configSource, connected };
}
