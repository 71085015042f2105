import type { CallToolResult, Client, StreamableHTTPClientTransport, Transport } from '@modelcontextprotocol/client';
import type { HttpExchange, RpcMessageRecord } from '../traffic/types';
import { checkToolList } from './check-tool-list';
import type { Diagnosis, McpToolInfo, ServerState } from './connection-state';
import {
  ALLOW_METHODS_LINE,
  diagnoseConnection,
  diagnoseNetworkFailure,
  errorText,
  isBlockedEraProbe,
  isEraProbe,
  isMethodBlockedByCors,
} from './diagnose-connection';
import { explainRequestError, explainResponseFailure, httpStatusOf, localFailureAnswer } from './explain-failure';
import { loadClientSdk } from './load-client-sdk';
import type { ClientSdk } from './load-client-sdk';
import { McpRequestError } from './mcp-request-error';
import { recordTransport, TOOL_CALL_HEADER } from './record-transport';
import type { RecordedTransport } from './record-transport';
import { createResponseWatch, REQUEST_TOKEN_HEADER } from './watch-responses';
import type { RequestRef, ResponseProblem, ResponseWatch } from './watch-responses';

/** Default per-request timeout when the config gives none: 60 seconds. */
export const DEFAULT_TIMEOUT_MS = 60_000;

/** The client identity Glassbox announces to servers. */
export const CLIENT_INFO = { name: 'glassbox', title: 'Glassbox', version: '0.1.0' } as const;

/** Note on the exchange whose 404 made the connection renew its session. */
export const SESSION_RENEWED_NOTE = 'Session expired (404): re-initialized and retried';

/** Note on an era probe that a 2025 server refused. */
export const ERA_PROBE_NOTE = 'Era probe: this 2025-era server does not know server/discover, so the client falls back to initialize. Not a failure.';

/** What a connection needs from the traffic log. */
export interface ConnectionLog {
  addMessage(record: Omit<RpcMessageRecord, 'seq'>): number;
  updateExchange(id: number, patch: Partial<HttpExchange>): void;
  exchangesFor(source: string, sinceId: number): HttpExchange[];
  lastExchangeId(): number;
}

/** Settings of one server connection. */
export interface ServerConnectionOptions {
  name: string;
  url: string;
  headers: Record<string, string>;
  timeoutMs?: number;
  log: ConnectionLog;
  /** A fetch that records into the log as this server's traffic. */
  recordingFetch: typeof fetch;
  /** A plain fetch for diagnosis probes (not recorded). */
  probeFetch?: typeof fetch;
  /**
   * Asked once this server's tools are listed, before its server→client stream (GET) opens;
   * the stream waits for the promise it returns (the manager: until no other server is still
   * connecting). Undefined: open it now.
   */
  streamsWait?: () => Promise<void> | undefined;
  now?: () => number;
}

/** Options for one tool call. */
export interface CallToolOptions {
  signal?: AbortSignal;
  toolCallId?: string;
  onProgress?: (progress: { progress: number; total?: number; message?: string }) => void;
  timeoutMs?: number;
}

/** One SDK client with its transport and the watch over its answers; replaced when the session is renewed. */
interface Session {
  client: Client;
  transport: StreamableHTTPClientTransport & RecordedTransport;
  watch: ResponseWatch;
  /** Answers found unusable while this session was connecting. */
  connectProblems: ResponseProblem[];
  /** While connecting: opens the way for the server→client stream (GET) once the tools are listed. */
  handshake?: { done: Promise<void>; finish(): void };
}

/** A Standard Schema that accepts any page of tools/list, so one bad tool does not lose the whole list. */
const LENIENT_TOOL_PAGE = {
  '~standard': {
    version: 1 as const,
    vendor: 'glassbox',
    validate(value: unknown) {
      const page = value as { tools?: unknown; nextCursor?: unknown } | null;
      if (typeof page !== 'object' || page === null || !Array.isArray(page.tools)) return { issues: [{ message: 'tools/list result has no tools array' }] };
      return { value: { tools: page.tools as unknown[], nextCursor: typeof page.nextCursor === 'string' ? page.nextCursor : undefined } };
    },
  },
};

/** Most pages of a tools/list followed by the lenient listing. */
const MAX_TOOL_PAGES = 64;

/** The SDK's error code for a result its schema rejected. */
function isInvalidResult(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'INVALID_RESULT';
}

/** True for a network-level failure (fetch threw): down, or blocked by CORS. */
function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError || /failed to fetch|fetch failed|network|load failed/i.test(errorText(error));
}

/**
 * One MCP server, reached from the browser with the official v2 client
 * (`versionNegotiation: auto`, so both protocol eras work), its traffic recorded.
 * Answers are watched below the SDK so that an answer that cannot come fails its request at
 * once, with the reason; an expired 2025 session is renewed once, automatically.
 */
export class ServerConnection {
  private session?: Session;
  /** Increases with each connect and disconnect: an attempt that is no longer the latest stops. */
  private attempt = 0;
  private renewing?: Promise<Session>;
  private state: ServerState;
  private readonly listeners = new Set<() => void>();
  private readonly now: () => number;
  /** tools/list requests sent so far: the SDK follows the pages itself, this counts them. */
  private toolListRequests = 0;
  private requestTokens = 0;
  /** Warnings about the tool list (replaced on every listing) and the others (kept until reconnecting). */
  private toolWarnings: string[] = [];
  private otherWarnings: string[] = [];

  constructor(private readonly options: ServerConnectionOptions) {
    this.now = options.now ?? Date.now;
    this.state = {
      name: options.name,
      url: options.url,
      status: 'idle',
      tools: [],
      warnings: [],
      updatedAt: this.now(),
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    };
  }

  /** Subscribe to state changes; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The current state (a new object after every change). */
  getState(): ServerState {
    return this.state;
  }

  private update(patch: Partial<ServerState>): void {
    this.state = { ...this.state, ...patch, updatedAt: this.now() };
    for (const listener of this.listeners) listener();
  }

  private warn(warning: string): void {
    if (this.otherWarnings.includes(warning)) return;
    this.otherWarnings = [...this.otherWarnings, warning];
    this.update({ warnings: [...this.otherWarnings, ...this.toolWarnings] });
  }

  private setToolWarnings(warnings: string[]): Partial<ServerState> {
    this.toolWarnings = warnings;
    return { warnings: [...this.otherWarnings, ...this.toolWarnings] };
  }

  private note(exchangeId: number | undefined, note: string): void {
    if (exchangeId !== undefined) this.options.log.updateExchange(exchangeId, { note });
  }

  /** A new SDK client and transport, recorded and watched. */
  private openSession({ Client, StreamableHTTPClientTransport }: ClientSdk): Session {
    const client = new Client(CLIENT_INFO, {
      capabilities: {},
      versionNegotiation: { mode: 'auto' },
      listChanged: {
        tools: {
          // Refetched by us (leniently, with the checks) rather than by the SDK's strict listing.
          autoRefresh: false,
          onChanged: () => {
            this.refreshTools().catch((error: unknown) => this.warn(`Refreshing tools failed: ${error instanceof McpRequestError ? error.message : errorText(error)}`));
          },
        },
      },
    });
    const session = { client, connectProblems: [] as ResponseProblem[] } as Partial<Session> as Session;
    session.watch = createResponseWatch({
      fetch: this.options.recordingFetch,
      onProblem: (problem) => this.onResponseProblem(session, problem),
      // The SDK opens its GET stream as soon as the handshake's notification is accepted; held
      // until the tools are listed (and the other servers connecting at the same time are done),
      // it stays out of the way of the requests that make servers usable.
      streamGate: () => this.streamGate(session),
    });
    const transport = new StreamableHTTPClientTransport(new URL(this.options.url), {
      fetch: session.watch.fetch,
      requestInit: { headers: this.options.headers },
    });
    session.transport = recordTransport(transport as Transport, {
      server: this.options.name,
      sink: this.options.log,
      now: this.now,
      onSend: (message) => {
        if ((message as { method?: string }).method === 'tools/list') this.toolListRequests += 1;
      },
    }) as StreamableHTTPClientTransport & RecordedTransport;
    // The v2 client reports the era probe's 400 (and every failure we diagnose ourselves) through onerror.
    client.onerror = () => undefined;
    return session;
  }

  /** What a session's GET waits for: its own handshake, then whatever the manager asks. */
  private streamGate(session: Session): Promise<void> | undefined {
    const own = session.handshake?.done;
    const others = this.options.streamsWait;
    if (own === undefined) return others?.();
    if (others === undefined) return own;
    return own.then(() => others());
  }

  /** An answer that cannot come: say why in the trace, and fail the request now rather than at its timeout. */
  private onResponseProblem(session: Session, problem: ResponseProblem): void {
    this.note(problem.exchangeId, explainResponseFailure(problem.failure, problem.request).title);
    if (this.state.status === 'connecting') session.connectProblems.push(problem);
    // The era probe is the SDK's own business: it decides from the reply itself. A wrong
    // Content-Type the SDK reports itself, once it has read the body.
    if (problem.request.method === 'server/discover' || problem.failure.reason === 'wrong-content-type') return;
    queueMicrotask(() => session.transport.deliverLocally(localFailureAnswer(problem.request, problem.failure)));
  }

  /** Connect, negotiate the era, and list the tools. Never throws: failures end in a diagnosis. */
  async connect(): Promise<void> {
    const attempt = ++this.attempt;
    await this.closeQuietly();
    const firstExchange = this.options.log.lastExchangeId() + 1;
    this.toolWarnings = [];
    this.otherWarnings = [];
    this.update({
      status: 'connecting',
      diagnosis: undefined,
      warnings: [],
      tools: [],
      era: undefined,
      sessionId: undefined,
      lastProblem: undefined,
      sessionRenewedAt: undefined,
    });
    let sdk: ClientSdk;
    try {
      sdk = await loadClientSdk();
    } catch (error) {
      if (attempt !== this.attempt) return;
      this.update({
        status: 'failed',
        diagnosis: {
          code: 'client-unavailable',
          title: 'Glassbox could not load its MCP client code',
          detail: `${errorText(error)}. Reload the page; if this persists, the site serving Glassbox is missing some of its files.`,
        },
      });
      return;
    }
    // Disconnected, or connecting again, while the SDK loaded: that later call decides.
    if (attempt !== this.attempt) return;
    const session = this.openSession(sdk);
    this.session = session;
    let finishHandshake!: () => void;
    const handshakeDone = new Promise<void>((resolve) => (finishHandshake = resolve));
    session.handshake = {
      done: handshakeDone,
      finish: () => {
        session.handshake = undefined;
        finishHandshake();
      },
    };
    try {
      await session.client.connect(session.transport, { timeout: this.state.timeoutMs });
      this.labelEraProbe(firstExchange);
      const listed = await this.listAllTools(session);
      session.handshake?.finish();
      this.update({
        status: 'connected',
        ...this.connectedFacts(session),
        tools: listed.tools,
        toolPages: listed.pages,
        ...this.setToolWarnings(listed.warnings),
      });
      await this.checkBlockedEraProbe(firstExchange);
    } catch (error) {
      session.handshake?.finish();
      this.labelEraProbe(firstExchange);
      const explained = this.explainConnectError(session, error);
      const diagnosis = await diagnoseConnection({
        url: this.options.url,
        error,
        exchanges: this.options.log.exchangesFor(this.options.name, firstExchange),
        sessionId: session.transport.sessionId,
        probeFetch: this.options.probeFetch,
        explained,
      });
      if (this.session !== session) return;
      this.update({ status: 'failed', diagnosis, era: session.client.getProtocolEra() });
      await this.closeQuietly();
    }
  }

  /** What the watch or the SDK's error says about a failed connection attempt; a timed-out request is noted and closed. */
  private explainConnectError(session: Session, error: unknown): Diagnosis | undefined {
    const problem = session.connectProblems[0];
    if (problem) return explainResponseFailure(problem.failure, problem.request);
    const open = session.watch.openRequests().filter((request) => request.method !== 'server/discover');
    const request = open[open.length - 1];
    const explained = explainRequestError(error, { request, timeoutMs: this.state.timeoutMs });
    if (explained?.code === 'timeout') {
      for (const pending of open) {
        this.note(session.watch.exchangeFor(pending.id), explained.title);
        session.watch.close(pending.id);
      }
    }
    return explained;
  }

  /** Era, version, server info, instructions, session and capabilities of a connected client. */
  private connectedFacts(session: Session): Partial<ServerState> {
    const { client } = session;
    const info = client.getServerVersion();
    return {
      era: client.getProtocolEra(),
      protocolVersion: client.getNegotiatedProtocolVersion(),
      serverInfo: info ? { name: info.name, version: info.version, title: info.title } : undefined,
      instructions: client.getInstructions(),
      sessionId: session.transport.sessionId,
      capabilities: client.getServerCapabilities() as Record<string, unknown> | undefined,
    };
  }

  /**
   * List every tool. The SDK's own listing follows `nextCursor` to the end and caches the list it
   * uses to validate structured results; when its schema rejects the list (a tool whose input
   * schema is not an object, say), the pages are fetched again leniently so no tool is lost.
   * Either way the list is checked here: duplicates dropped, invalid schemas flagged.
   */
  private async listAllTools(session: Session, headers?: Record<string, string>): Promise<{ tools: McpToolInfo[]; pages: number; warnings: string[] }> {
    const { client } = session;
    if (!client.getServerCapabilities()?.tools) return { tools: [], pages: 0, warnings: [] };
    const before = this.toolListRequests;
    let raw: readonly unknown[];
    let pages: number;
    try {
      raw = (await client.listTools(undefined, { timeout: this.state.timeoutMs, cacheMode: 'refresh', headers })).tools;
      pages = this.toolListRequests - before;
    } catch (error) {
      if (!isInvalidResult(error)) throw error;
      const strictRequests = this.toolListRequests;
      raw = await this.listToolsLeniently(client, headers);
      pages = this.toolListRequests - strictRequests;
    }
    const checked = checkToolList(raw);
    return { tools: checked.tools, pages, warnings: checked.warnings };
  }

  /** Every page of tools/list, each entry kept as sent (checked afterwards by checkToolList). */
  private async listToolsLeniently(client: Client, headers?: Record<string, string>): Promise<unknown[]> {
    const tools: unknown[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_TOOL_PAGES; page += 1) {
      const result = (await client.request({ method: 'tools/list', params: cursor === undefined ? {} : { cursor } }, LENIENT_TOOL_PAGE, {
        timeout: this.state.timeoutMs,
        headers,
      })) as { tools: unknown[]; nextCursor?: string };
      tools.push(...result.tools);
      cursor = result.nextCursor;
      if (cursor === undefined) break;
    }
    return tools;
  }

  /** Fetch the tool list again. */
  async refreshTools(): Promise<void> {
    const listed = await this.request('tools/list', this.state.timeoutMs, undefined, (session, headers) => this.listAllTools(session, headers));
    this.update({ tools: listed.tools, toolPages: listed.pages, ...this.setToolWarnings(listed.warnings) });
  }

  /**
   * Call a tool. In the 2025 era the SDK sends notifications/cancelled when the signal aborts or
   * the timeout passes (and the request's stream is closed here); in the 2026 era closing the
   * stream is the cancellation.
   */
  async callTool(name: string, args: Record<string, unknown>, options: CallToolOptions = {}): Promise<CallToolResult> {
    const timeout = options.timeoutMs ?? this.state.timeoutMs;
    return this.request('tools/call', timeout, options.signal, async (session, headers) => {
      return (await session.client.callTool(
        { name, arguments: args },
        {
          signal: options.signal,
          timeout,
          resetTimeoutOnProgress: true,
          maxTotalTimeout: timeout * 5,
          onprogress: options.onProgress ? (p) => options.onProgress?.({ progress: p.progress, total: p.total, message: p.message }) : undefined,
          headers: options.toolCallId ? { ...headers, [TOOL_CALL_HEADER]: options.toolCallId } : headers,
        },
      )) as CallToolResult;
    });
  }

  /**
   * Run one request on the current session. A 404 on a 2025 session id means the server forgot
   * the session: initialize again (new client, same recording) and retry once. Any other failure
   * the connection can explain becomes the card's last problem and an McpRequestError.
   */
  private async request<T>(
    method: string,
    timeoutMs: number,
    signal: AbortSignal | undefined,
    run: (session: Session, headers: Record<string, string>) => Promise<T>,
  ): Promise<T> {
    let session = this.requireSession();
    let renewed = false;
    for (;;) {
      const token = String((this.requestTokens += 1));
      try {
        return await run(session, { [REQUEST_TOKEN_HEADER]: token });
      } catch (error) {
        const request = session.watch.requestForToken(token);
        if (signal?.aborted) {
          // Stopped by the person: close the stream too (the SDK only sends notifications/cancelled).
          if (request) session.watch.close(request.id);
          throw error;
        }
        if (this.isExpiredSession(error, session)) {
          if (!renewed) {
            this.note(request ? session.watch.exchangeFor(request.id) : undefined, SESSION_RENEWED_NOTE);
            session = await this.renewSession(session, method);
            renewed = true;
            continue;
          }
          throw this.fail(method, error, {
            code: 'session-expired',
            status: 404,
            title: 'The session expired again right after it was renewed (404)',
            detail: `The server answered 404 to the session it had just created, so ${method} failed. It may be losing sessions (several instances behind a load balancer without shared sessions, or restarting).`,
          });
        }
        throw await this.explainFailure(method, error, session, request, timeoutMs);
      }
    }
  }

  /** Turn a failed request into the card's last problem; returns the error to throw. */
  private async explainFailure(method: string, error: unknown, session: Session, request: RequestRef | undefined, timeoutMs: number): Promise<unknown> {
    const failure = request ? session.watch.failureFor(request.id) : undefined;
    let diagnosis = explainRequestError(error, { request: request ?? { id: '?', method }, timeoutMs, failure });
    if (diagnosis?.code === 'timeout' && request) {
      this.note(session.watch.exchangeFor(request.id), diagnosis.title);
      session.watch.close(request.id);
    }
    if (!diagnosis && isNetworkError(error)) {
      diagnosis = this.options.probeFetch
        ? await diagnoseNetworkFailure(this.options.url, this.options.probeFetch)
        : { code: 'unreachable', title: 'The server could not be reached', detail: errorText(error) };
    }
    // A JSON-RPC error the server sent (unknown tool, bad params) is its answer, not a misbehaviour.
    if (!diagnosis) return error;
    return this.fail(method, error, diagnosis);
  }

  /** Record a failure as the card's last problem and make the error a caller sees. */
  private fail(method: string, error: unknown, diagnosis: Diagnosis): unknown {
    this.update({ lastProblem: { at: this.now(), method, diagnosis } });
    // HTTP and network errors keep the SDK's error (callers classify them); the rest get the plain message.
    if (diagnosis.code === 'timeout' || diagnosis.code === 'protocol-error' || diagnosis.code === 'session-expired') {
      return new McpRequestError(diagnosis, { cause: error });
    }
    return error;
  }

  private isExpiredSession(error: unknown, session: Session): boolean {
    return httpStatusOf(error) === 404 && session.client.getProtocolEra() === 'legacy' && session.transport.sessionId !== undefined;
  }

  /** Initialize again after the server forgot the session; concurrent callers share one renewal. */
  private renewSession(old: Session, method: string): Promise<Session> {
    if (this.session !== old && this.session) return Promise.resolve(this.session);
    this.renewing ??= (async () => {
      const firstExchange = this.options.log.lastExchangeId() + 1;
      // The SDK is loaded: this connection had a session.
      const fresh = this.openSession(await loadClientSdk());
      this.session = fresh;
      // The old session is gone on the server: close the client without DELETE.
      await old.client.close().catch(() => undefined);
      try {
        await fresh.client.connect(fresh.transport, { timeout: this.state.timeoutMs });
        this.labelEraProbe(firstExchange);
        const listed = await this.listAllTools(fresh).catch(() => undefined);
        this.update({
          ...this.connectedFacts(fresh),
          sessionRenewedAt: this.now(),
          ...(listed ? { tools: listed.tools, toolPages: listed.pages, ...this.setToolWarnings(listed.warnings) } : {}),
        });
        return fresh;
      } catch (error) {
        this.labelEraProbe(firstExchange);
        const diagnosis = await diagnoseConnection({
          url: this.options.url,
          error,
          exchanges: this.options.log.exchangesFor(this.options.name, firstExchange),
          sessionId: fresh.transport.sessionId,
          probeFetch: this.options.probeFetch,
          explained: this.explainConnectError(fresh, error),
        });
        this.update({ status: 'failed', diagnosis, lastProblem: { at: this.now(), method, diagnosis } });
        await this.closeQuietly();
        throw new McpRequestError(diagnosis, { cause: error });
      }
    })().finally(() => {
      this.renewing = undefined;
    });
    return this.renewing;
  }

  /** End the connection; a 2025 session is ended with DELETE. */
  async disconnect(): Promise<void> {
    this.attempt += 1;
    const transport = this.session?.transport;
    if (transport?.sessionId) {
      const firstExchange = this.options.log.lastExchangeId() + 1;
      try {
        await transport.terminateSession();
      } catch (error) {
        const blocked = this.options.probeFetch && isNetworkError(error) ? await isMethodBlockedByCors(this.options.url, 'DELETE', this.options.probeFetch) : false;
        const deleteExchange = this.options.log.exchangesFor(this.options.name, firstExchange).find((e) => e.method === 'DELETE');
        if (blocked) {
          this.note(deleteExchange?.id, 'DELETE blocked by CORS: Access-Control-Allow-Methods does not list DELETE, so the session was not ended.');
          this.warn(`The browser blocked DELETE (CORS), so the session was not ended on the server. The server should allow the method: ${ALLOW_METHODS_LINE}`);
        } else {
          this.warn(`Ending the session with DELETE failed (${errorText(error)}). If the browser blocked it, the server should allow the method: ${ALLOW_METHODS_LINE}`);
        }
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

  private labelEraProbe(sinceId: number): void {
    for (const exchange of this.options.log.exchangesFor(this.options.name, sinceId)) {
      if (isEraProbe(exchange) && exchange.note === undefined) this.options.log.updateExchange(exchange.id, { note: ERA_PROBE_NOTE });
    }
  }

  /**
   * After a 2025-era connection: if the browser blocked the era probe (CORS), find the header the
   * preflight refused and warn, since a 2026-era connection would need it.
   */
  private async checkBlockedEraProbe(sinceId: number): Promise<void> {
    const blocked = this.options.log.exchangesFor(this.options.name, sinceId).find(isBlockedEraProbe);
    if (!blocked || this.state.era !== 'legacy') return;
    const diagnosis = this.options.probeFetch ? await diagnoseNetworkFailure(this.options.url, this.options.probeFetch) : undefined;
    if (diagnosis?.code !== 'cors-header-not-allowed') {
      this.note(blocked.id, 'Era probe blocked by the browser: the client fell back to initialize (2025 era).');
      return;
    }
    this.note(blocked.id, `Era probe blocked by CORS (${diagnosis.title.replace(/^Blocked by CORS: /, '')}): the client fell back to the 2025 era.`);
    this.warn(
      `${diagnosis.title}. The 2026-era probe (server/discover) failed, so this connection fell back to the 2025 era; a 2026-era server would be unusable. The server should send: ${diagnosis.headersToAdd?.join(' ') ?? ''}`,
    );
  }

  private requireSession(): Session {
    if (!this.session || this.state.status === 'failed') throw new Error(`Server "${this.options.name}" is not connected`);
    return this.session;
  }
}
