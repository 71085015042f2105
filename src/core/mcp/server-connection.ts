import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { CallToolResult, Transport } from '@modelcontextprotocol/client';
import type { HttpExchange, RpcMessageRecord } from '../traffic/types';
import type { McpToolInfo, ServerState } from './connection-state';
import { diagnoseConnection, errorText, isEraProbe } from './diagnose-connection';
import { recordTransport, TOOL_CALL_HEADER } from './record-transport';

/** Default per-request timeout when the config gives none: 60 seconds. */
export const DEFAULT_TIMEOUT_MS = 60_000;

/** The client identity Glassbox announces to servers. */
export const CLIENT_INFO = { name: 'glassbox', title: 'Glassbox', version: '0.1.0' } as const;

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
  now?: () => number;
}

/** Options for one tool call. */
export interface CallToolOptions {
  signal?: AbortSignal;
  toolCallId?: string;
  onProgress?: (progress: { progress: number; total?: number; message?: string }) => void;
  timeoutMs?: number;
}

/**
 * One MCP server, reached from the browser with the official v2 client
 * (`versionNegotiation: auto`, so both protocol eras work), its traffic recorded.
 */
export class ServerConnection {
  private client?: Client;
  private transport?: StreamableHTTPClientTransport;
  private state: ServerState;
  private readonly listeners = new Set<() => void>();
  private readonly now: () => number;
  /** tools/list requests sent so far: the SDK follows the pages itself, this counts them. */
  private toolListRequests = 0;

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

  /** Connect, negotiate the era, and list the tools. Never throws: failures end in a diagnosis. */
  async connect(): Promise<void> {
    await this.closeQuietly();
    const firstExchange = this.options.log.lastExchangeId() + 1;
    this.update({ status: 'connecting', diagnosis: undefined, warnings: [], tools: [], era: undefined, sessionId: undefined });
    const client = new Client(CLIENT_INFO, {
      capabilities: {},
      versionNegotiation: { mode: 'auto' },
      listChanged: {
        tools: {
          onChanged: (error, tools) => {
            if (error) this.update({ warnings: [...this.state.warnings, `Refreshing tools failed: ${errorText(error)}`] });
            else if (tools) this.update({ tools: tools as McpToolInfo[] });
          },
        },
      },
    });
    const transport = new StreamableHTTPClientTransport(new URL(this.options.url), {
      fetch: this.options.recordingFetch,
      requestInit: { headers: this.options.headers },
    });
    recordTransport(transport as Transport, {
      server: this.options.name,
      sink: this.options.log,
      now: this.now,
      onSend: (message) => {
        if ((message as { method?: string }).method === 'tools/list') this.toolListRequests += 1;
      },
    });
    this.client = client;
    this.transport = transport;
    // The v2 client reports the era probe's 400 through onerror; the trace labels it instead.
    client.onerror = () => undefined;
    try {
      await client.connect(transport, { timeout: this.state.timeoutMs });
      this.labelEraProbe(firstExchange);
      const tools = await this.listAllTools();
      const era = client.getProtocolEra();
      const info = client.getServerVersion();
      this.update({
        status: 'connected',
        era,
        protocolVersion: client.getNegotiatedProtocolVersion(),
        serverInfo: info ? { name: info.name, version: info.version, title: info.title } : undefined,
        instructions: client.getInstructions(),
        sessionId: transport.sessionId,
        capabilities: client.getServerCapabilities() as Record<string, unknown> | undefined,
        tools: tools.tools,
        toolPages: tools.pages,
      });
    } catch (error) {
      this.labelEraProbe(firstExchange);
      const diagnosis = await diagnoseConnection({
        url: this.options.url,
        error,
        exchanges: this.options.log.exchangesFor(this.options.name, firstExchange),
        sessionId: transport.sessionId,
        probeFetch: this.options.probeFetch,
      });
      this.update({ status: 'failed', diagnosis, era: client.getProtocolEra() });
      await this.closeQuietly();
    }
  }

  /**
   * List every tool: the SDK follows `nextCursor` to the end (and caches the list it uses to
   * validate structured results); each page is its own tools/list on the wire, counted here.
   */
  private async listAllTools(): Promise<{ tools: McpToolInfo[]; pages: number }> {
    const client = this.requireClient();
    if (!client.getServerCapabilities()?.tools) return { tools: [], pages: 0 };
    const before = this.toolListRequests;
    const result = await client.listTools(undefined, { timeout: this.state.timeoutMs, cacheMode: 'refresh' });
    return { tools: result.tools as McpToolInfo[], pages: this.toolListRequests - before };
  }

  /** Fetch the tool list again. */
  async refreshTools(): Promise<void> {
    const tools = await this.listAllTools();
    this.update({ tools: tools.tools, toolPages: tools.pages });
  }

  /** Call a tool; the SDK sends notifications/cancelled when the signal aborts. */
  async callTool(name: string, args: Record<string, unknown>, options: CallToolOptions = {}): Promise<CallToolResult> {
    const client = this.requireClient();
    const timeout = options.timeoutMs ?? this.state.timeoutMs;
    return (await client.callTool(
      { name, arguments: args },
      {
        signal: options.signal,
        timeout,
        resetTimeoutOnProgress: true,
        maxTotalTimeout: timeout * 5,
        onprogress: options.onProgress ? (p) => options.onProgress?.({ progress: p.progress, total: p.total, message: p.message }) : undefined,
        headers: options.toolCallId ? { [TOOL_CALL_HEADER]: options.toolCallId } : undefined,
      },
    )) as CallToolResult;
  }

  /** End the connection; a 2025 session is ended with DELETE. */
  async disconnect(): Promise<void> {
    const transport = this.transport;
    if (transport?.sessionId) {
      try {
        await transport.terminateSession();
      } catch (error) {
        this.update({
          warnings: [
            ...this.state.warnings,
            `Ending the session with DELETE failed (${errorText(error)}). If the browser blocked it, add DELETE to Access-Control-Allow-Methods.`,
          ],
        });
      }
    }
    await this.closeQuietly();
    this.update({ status: 'idle', sessionId: undefined, tools: [] });
  }

  private async closeQuietly(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    this.transport = undefined;
    if (client) await client.close().catch(() => undefined);
  }

  private labelEraProbe(sinceId: number): void {
    for (const exchange of this.options.log.exchangesFor(this.options.name, sinceId)) {
      if (isEraProbe(exchange)) {
        this.options.log.updateExchange(exchange.id, {
          note: 'Era probe: this 2025-era server does not know server/discover, so the client falls back to initialize. Not a failure.',
        });
      }
    }
  }

  private requireClient(): Client {
    if (!this.client) throw new Error(`Server "${this.options.name}" is not connected`);
    return this.client;
  }
}
