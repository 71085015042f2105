/**
 * One MCP server, reached from the browser with the official v2 client (`versionNegotiation:
 * auto`, so both protocol eras work). The connection owns the lifecycle (connect, disconnect) and
 * the session (an expired 2025 session is renewed once, automatically); what the server offers is
 * handled by capability modules (capabilities/*), and one request's run by runRequest. Its traffic goes through one wire tap, which
 * records each exchange with its JSON-RPC messages and fails a request whose answer cannot come.
 */
import { sendProbe } from './probe-request';
import type { CallToolResult, Client } from '@modelcontextprotocol/client';
import { Listeners } from '../shared/listeners';
import type { McpCall } from './call-registry';
import type { CapabilityHost, CapabilityLoad, CapabilityModule, CapabilityRequest } from './capabilities/capability';
import { TasksCapability } from './capabilities/tasks';
import { LoggingCapability } from './capabilities/logging';
import { InboxCapability } from './capabilities/inbox';
import { ToolsCapability } from './capabilities/tools';
import type { CallToolOptions } from './capabilities/tools';
import { AppsCapability } from './capabilities/apps';
import { CompletionsCapability } from './capabilities/completions';
import { PromptsCapability } from './capabilities/prompts';
import { ResourcesCapability } from './capabilities/resources';
import { ContentChanges } from './content-changes';
import { SkillsCapability } from './capabilities/skills';
import type { ServerState } from './connection-state';
import type { Diagnosis } from './diagnosis';
import { errorText } from './diagnose-connection';
import { endSessionWarning, eraProbeWarning } from './explain-call';
import { loadClientSdk } from './load-client-sdk';
import type { ClientSdk } from './load-client-sdk';
import { McpError } from './mcp-error';
import { codedError, connectedFacts, handshake, openSession } from './mcp-session';
import type { EraPrior } from './era-memory';
import { redactDiagnosis, redactStatePatch } from './redact-diagnosis';
import { runRequest } from './run-request';
import type { Session } from './mcp-session';
import { diagnoseSession, holdStreamWhile } from './diagnose-session';
import { sessionIdOf, terminateSession } from './open-transport';
import type { TransportKind } from './open-transport';
import { ServerSignIn } from './server-sign-in';
import { DEFAULT_TIMEOUT_MS } from './server-connection-options';
import { reachSession, unreachedState } from './reach-session';
import type { ServerConnectionOptions } from './server-connection-options';

export { DEFAULT_TIMEOUT_MS, REMEMBERED_ERA_FAILED_NOTE, SESSION_RENEWED_NOTE } from './server-connection-options';
export type { ServerConnectionOptions } from './server-connection-options';

/** A connection to one MCP server. */
export class ServerConnection {
  private session?: Session;
  /** Increases with each connect and disconnect: an attempt that is no longer the latest stops. */
  private attempt = 0;
  private renewing?: Promise<Session>;
  private state: ServerState;
  private readonly listeners = new Listeners();
  private readonly now: () => number;
  /** Warnings of each capability (replaced on every load) and the others (kept until reconnecting). */
  private readonly capabilityWarnings = new Map<string, readonly string[]>();
  private otherWarnings: string[] = [];
  private readonly host: CapabilityHost;
  private readonly tools: ToolsCapability;
  private readonly tasks: TasksCapability;
  /** The log level and the 2026 per-request `_meta` that carries it. */
  readonly logging: LoggingCapability;
  private readonly capabilities: readonly CapabilityModule[];
  /** MCP Apps: the extension declared, and the ui:// resources of views read. */
  readonly apps: AppsCapability;
  /** The server's sign-in, when the page offers signing in. */
  readonly auth: ServerSignIn | undefined;
  /** Resources, templates, reads and subscriptions; prompts; `completion/complete` for their arguments. */
  readonly resources: ResourcesCapability;
  readonly prompts: PromptsCapability;
  readonly completions: CompletionsCapability;
  /** A resource or prompt list listed again, a subscribed resource updated: for a page to read again what it shows. */
  readonly contentChanges = new ContentChanges();
  /** Skills (the skills extension): listed on connect, each loaded and verified on demand. */
  readonly skills: SkillsCapability;

  constructor(private readonly options: ServerConnectionOptions) {
    this.now = options.now ?? Date.now;
    this.auth =
      options.signIn && new ServerSignIn({ ...options, setup: options.signIn, mayPrompt: () => this.state.status === 'connected' });
    this.auth?.subscribe(() => this.update({ auth: this.auth?.state() }));
    this.state = {
      name: options.name,
      url: options.url,
      status: 'idle',
      tools: [],
      warnings: [],
      updatedAt: this.now(),
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    };
    this.host = {
      request: (spec, run) => this.request(spec, run),
      loaded: (name, loaded) => this.update(this.showLoaded(name, loaded)),
      warn: (warning) => this.warn(warning),
      timeoutMs: () => this.state.timeoutMs,
      server: options.name,
      toolCallInFlight: () => this.session?.calls.toolCallInFlight(),
      answerInput: (key, request, context) => {
        const answering = this.capabilities.find((module) => module.inputMethods?.includes(request.method));
        if (!answering?.answerInput)
          return Promise.reject(new Error(`Glassbox does not answer ${request.method} from "${options.name}" (nothing here declares it).`));
        return answering.answerInput(key, request, context);
      },
    };
    this.tools = new ToolsCapability(this.host);
    this.logging = new LoggingCapability(this.host, () => this.session?.client.getProtocolEra());
    this.apps = new AppsCapability(this.host);
    this.tasks = new TasksCapability(this.host, this.tools, { server: options.name, state: () => this.state, now: this.now });
    this.completions = new CompletionsCapability(this.host, () => this.state.capabilities);
    this.resources = new ResourcesCapability(this.host, this.contentChanges, this.now);
    this.prompts = new PromptsCapability(this.host, this.contentChanges);
    this.skills = new SkillsCapability(this.host);
    this.capabilities = [
      this.tools,
      this.tasks,
      this.resources,
      this.prompts,
      this.completions,
      this.apps,
      this.skills,
      this.logging,
      ...(options.capabilities?.(this.host) ?? []),
    ];
  }

  /** Subscribe to state changes; returns the unsubscribe function. */
  readonly subscribe = this.listeners.subscribe;

  /** The current state (a new object after every change). */
  getState(): ServerState {
    return this.state;
  }

  /** Calls a tool; one the server runs as a task is followed to its result (see TasksCapability). */
  callTool(name: string, args: Record<string, unknown>, options: CallToolOptions = {}): Promise<CallToolResult> {
    return this.tasks.callTool(name, args, options);
  }

  /**
   * Sends one request of a load probe (core/load) on the current session, as it is: no renewal of
   * a forgotten session, no diagnosis on the card (a probe counts its failures itself). Its traffic
   * carries `loadRun`, so the tap summarises it on the probe's one row. `signal` aborts it at once.
   * The first of each kind goes through the SDK; the others repeat its request (probe-request.ts).
   */
  async sendProbeRequest(
    method: 'tools/list' | 'tools/call',
    params: Record<string, unknown> | undefined,
    options: { signal: AbortSignal; loadRun: string; timeoutMs?: number },
  ): Promise<unknown> {
    return sendProbe(this.requireSession(), method, params, { ...options, timeoutMs: options.timeoutMs ?? this.state.timeoutMs });
  }

  /** Asks the server to cancel one of its tasks (`tasks/cancel`). */
  cancelTask(taskId: string): Promise<void> {
    return this.tasks.cancel(taskId);
  }

  /** Fetches the tool list again. */
  refreshTools(): Promise<void> {
    return this.tools.refresh();
  }

  /** Tells a connected server that the roots changed (notifications/roots/list_changed, 2025 era). */
  async rootsChanged(): Promise<void> {
    if (this.state.status !== 'connected') return;
    for (const module of this.capabilities) if (module instanceof InboxCapability) await module.rootsChanged();
  }

  private update(patch: Partial<ServerState>): void {
    this.state = { ...this.state, ...redactStatePatch(patch), updatedAt: this.now() };
    this.listeners.notify();
  }

  private allWarnings(): string[] {
    return [...this.otherWarnings, ...[...this.capabilityWarnings.values()].flat()];
  }

  private warn(warning: string): void {
    if (this.otherWarnings.includes(warning)) return;
    this.otherWarnings = [...this.otherWarnings, warning];
    this.update({ warnings: this.allWarnings() });
  }

  private showLoaded(name: string, loaded: CapabilityLoad): Partial<ServerState> {
    this.capabilityWarnings.set(name, loaded.warnings);
    return { ...loaded.state, warnings: this.allWarnings() };
  }

  private note(exchangeId: number | undefined, note: string): void {
    if (exchangeId !== undefined) this.options.log.updateExchange(exchangeId, { note });
  }

  /** A new session whose answer problems fail their calls and are noted in the trace. */
  private openSession(sdk: ClientSdk, transport: TransportKind, prior?: EraPrior): Session {
    return openSession(sdk, {
      ...this.options,
      transport,
      ...(prior && { prior }),
      ...(this.auth && { auth: this.auth.middleware }),
      capabilities: this.capabilities,
      note: (id, note) => this.note(id, note),
      connecting: () => this.state.status === 'connecting',
    });
  }

  /** Connects a session's client and loads each capability (their warnings kept); returns the state to show. */
  private async loadAll(session: Session): Promise<Partial<ServerState>> {
    let state: Partial<ServerState> = {};
    for (const [name, loaded] of await handshake(session, this.capabilities, this.state.timeoutMs))
      state = { ...state, ...this.showLoaded(name, loaded) };
    return state;
  }

  /** Connect, negotiate the era, and load what the capabilities show. Never throws: failures end in a diagnosis. */
  async connect(): Promise<void> {
    const attempt = ++this.attempt;
    await this.closeQuietly();
    this.capabilityWarnings.clear();
    this.otherWarnings = [];
    this.update({
      status: 'connecting',
      diagnosis: undefined,
      warnings: [],
      tools: [],
      resources: undefined,
      resourceTemplates: undefined,
      prompts: undefined,
      resourceSubscriptions: undefined,
      skills: undefined,
      skillLoads: undefined,
      era: undefined,
      sessionId: undefined,
      lastProblem: undefined,
      sessionRenewedAt: undefined,
    });
    if (this.options.startAfter) {
      await this.options.startAfter.catch(() => undefined);
      // Disconnected, or connecting again, meanwhile: that later call decides.
      if (attempt !== this.attempt) return;
    }
    let sdk: ClientSdk;
    try {
      sdk = await loadClientSdk();
    } catch (error) {
      if (attempt !== this.attempt) return;
      const detail = `${errorText(error)}. Reload the page; if this persists, the site serving Glassbox is missing some of its files.`;
      this.update({
        status: 'failed',
        diagnosis: { code: 'client-unavailable', title: 'Glassbox could not load its MCP client code', detail },
      });
      return;
    }
    // Disconnected, or connecting again, while the SDK loaded: that later call decides.
    if (attempt !== this.attempt) return;
    const reached = await reachSession(this.options.transport ?? 'streamable-http', {
      url: this.options.url,
      eras: this.options.eras,
      open: (transport, prior) => (this.session = this.openSession(sdk, transport, prior)),
      establish: (session) => holdStreamWhile(session, () => this.loadAll(session)),
      current: () => attempt === this.attempt,
      note: (id, note) => this.note(id, note),
    });
    if (reached === undefined) return;
    if ('error' in reached) {
      const { session: first, error, sseFailure } = reached;
      this.session = first;
      const diagnosis = await this.diagnose(first, error);
      if (this.session !== first) return;
      this.update({ ...unreachedState(diagnosis, sseFailure, this.auth !== undefined), era: first.client.getProtocolEra() });
      await this.closeQuietly();
      await this.auth?.refreshState();
      return;
    }
    const { session, loaded } = reached;
    if (this.session !== session) return;
    this.update({ status: 'connected', ...connectedFacts(session), ...loaded });
    const info = session.client.getServerVersion();
    this.options.eras?.connected(this.options.url, {
      transport: session.kind,
      era: this.state.era,
      prior: session.prior,
      server: info ? `${info.name} ${info.version}` : undefined,
    });
    const warning = await eraProbeWarning(
      session.exchanges.blockedProbe,
      this.state.era,
      this.options.url,
      this.options.probeFetch,
      (id, note) => this.note(id, note),
    );
    if (warning) this.warn(warning);
    await this.auth?.refreshState();
  }

  /** Signs in (a window opens), then connects again; a failed sign-in stays on the card with its fix. */
  async signIn(): Promise<void> {
    if (await this.auth?.signIn()) await this.connect();
  }

  /** Signs out (revoking the tokens when the server offers it), then connects again without them. */
  async signOut(): Promise<void> {
    await this.auth?.signOut();
    await this.connect();
  }

  /** The diagnosis of a failed handshake (see diagnoseSession). */
  private async diagnose(session: Session, error: unknown): Promise<Diagnosis> {
    const diagnosis = await diagnoseSession(session, error, {
      url: this.options.url,
      timeoutMs: this.state.timeoutMs,
      probeFetch: this.options.probeFetch,
      note: (id, note) => this.note(id, note),
    });
    const explained = (await this.options.explainFailure?.(diagnosis).catch(() => undefined)) ?? diagnosis;
    return redactDiagnosis(explained);
  }

  /** Runs one request on the current session (see runRequest: a forgotten 2025 session is renewed once). */
  private request<T>(spec: CapabilityRequest, run: (client: Client, call: McpCall) => Promise<T>): Promise<T> {
    return runRequest(this.requireSession(), spec, run, {
      url: this.options.url,
      probeFetch: this.options.probeFetch,
      timeoutMs: this.state.timeoutMs,
      note: (id, note) => this.note(id, note),
      renew: (session, method) => this.renewSession(session, method),
      fail: (method, error, diagnosis) => this.fail(method, error, diagnosis),
    });
  }

  /** Record a failure as the card's last problem and make the error a caller sees. */
  private fail(method: string, error: unknown, given: Diagnosis): unknown {
    const diagnosis = redactDiagnosis(given);
    this.update({ lastProblem: { at: this.now(), method, diagnosis } });
    return codedError(error, diagnosis);
  }

  /** Initialize again after the server forgot the session; concurrent callers share one renewal. */
  private renewSession(old: Session, method: string): Promise<Session> {
    if (this.session !== old && this.session) return Promise.resolve(this.session);
    this.renewing ??= (async () => {
      // The SDK is loaded: this connection had a session.
      const fresh = this.openSession(await loadClientSdk(), old.kind);
      this.session = fresh;
      // The old session is gone on the server: close the client without DELETE.
      await old.client.close().catch(() => undefined);
      try {
        const loaded = await this.loadAll(fresh).catch((error: unknown) => {
          if (fresh.client.getServerVersion() === undefined) throw error;
          return {};
        });
        this.update({ ...connectedFacts(fresh), sessionRenewedAt: this.now(), ...loaded });
        return fresh;
      } catch (error) {
        const diagnosis = await this.diagnose(fresh, error);
        this.update({ status: 'failed', diagnosis, lastProblem: { at: this.now(), method, diagnosis } });
        await this.closeQuietly();
        throw new McpError(diagnosis, { cause: error });
      }
    })().finally(() => {
      this.renewing = undefined;
    });
    return this.renewing;
  }

  /**
   * Fails a connected server the page learned is gone without a request failing (the local process
   * behind it exited): the card shows `diagnosis`, and the session is dropped without DELETE (nothing
   * is left on the other side to end it). A connection not connected is left alone: its own connect
   * or failure says what happened.
   */
  async lost(diagnosis: Diagnosis): Promise<void> {
    if (this.state.status !== 'connected') return;
    this.attempt += 1;
    this.update({ status: 'failed', diagnosis: redactDiagnosis(diagnosis), sessionId: undefined });
    await this.closeQuietly();
  }

  /** End the connection; a 2025 session is ended with DELETE. */
  async disconnect(): Promise<void> {
    this.attempt += 1;
    const session = this.session;
    if (session && sessionIdOf(session.transport)) {
      try {
        await terminateSession(session.transport);
      } catch (error) {
        this.warn(
          await endSessionWarning(error, session.exchanges.deleted?.id, this.options.url, this.options.probeFetch, (id, note) =>
            this.note(id, note),
          ),
        );
      }
    }
    await this.closeQuietly();
    this.update({ status: 'idle', sessionId: undefined, tools: [] });
  }

  private async closeQuietly(): Promise<void> {
    const session = this.session;
    this.session = undefined;
    if (session) await session.client.close().catch(() => undefined);
  }

  private requireSession(): Session {
    if (!this.session || this.state.status === 'failed') throw new Error(`Server "${this.options.name}" is not connected`);
    return this.session;
  }
}
