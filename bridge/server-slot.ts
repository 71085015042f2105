/**
 * One server entry of the file, served at /servers/<name>/mcp: its child process (started on the
 * page's `initialize`), the one MCP session in front of it, its stderr log and its status. JSON-RPC
 * messages pass through unchanged between the v2 SDK's streamable HTTP server transport
 * (`@modelcontextprotocol/node`, the page's side) and the child's stdio (the server's side): the
 * transport hands over every message it accepts (`onmessage`) and sends any message on the stream
 * of the request it relates to (`send(message, { relatedRequestId })`), so no `McpServer` sits
 * between them.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import {
  isInitializeRequest,
  isJSONRPCRequest,
  isJsonContentType,
  type JSONRPCMessage,
  type RequestId,
} from '@modelcontextprotocol/server';
import { ChildTransport } from './child-transport';
import type { StdioEntry } from './config-entry';
import { StderrLog, type StderrLine } from './stderr-log';

/** What the bridge reports with --json (besides `ready`). */
export type BridgeEvent =
  | { event: 'spawn'; server: string; pid: number }
  | { event: 'exit'; server: string; code: number | null; signal: string | null }
  | { event: 'stderr'; server: string; line: string };

/** A server entry as GET /servers lists it. */
export interface ServerDescription {
  name: string;
  status: 'idle' | 'starting' | 'running' | 'exited';
  pid: number | null;
  exitCode: number | null;
  signal: string | null;
  stderrTail: string[];
  command: string;
  args: string[];
  endpoint: string;
}

/** Answers a JSON-RPC error as the SDK's 2025 server does. */
export function answerRpcError(res: ServerResponse, status: number, code: number, message: string): void {
  res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}

/**
 * Why the transport would refuse this `initialize` (its own checks, in its order: Accept, then
 * Content-Type, then the message), found before the slot acts on it: a refused `initialize` must
 * not end the running child.
 */
function refusalOf(req: IncomingMessage, body: unknown): [status: number, code: number, message: string] | undefined {
  const accept = req.headers.accept ?? '';
  if (!accept.includes('application/json') || !accept.includes('text/event-stream'))
    return [406, -32000, 'Not Acceptable: Client must accept both application/json and text/event-stream'];
  if (!isJsonContentType(req.headers['content-type'] ?? null))
    return [415, -32000, 'Unsupported Media Type: Content-Type must be application/json'];
  if (!isJSONRPCRequest(body) || !isInitializeRequest(body)) return [400, -32700, 'Parse error: Invalid JSON-RPC message'];
  return undefined;
}

export class ServerSlot {
  readonly log = new StderrLog();
  status: ServerDescription['status'] = 'idle';
  private exitCode: number | null = null;
  private signal: string | null = null;
  child: ChildTransport | undefined;
  private session: NodeStreamableHTTPServerTransport | undefined;
  /** Requests from the page the child has not answered yet, by JSON-RPC id. */
  private readonly pending = new Set<RequestId>();
  /** The page's progress tokens, to the request that carried them. */
  private readonly progressRequests = new Map<unknown, RequestId>();
  /** Starts and stops one at a time: two `initialize`s at once must not leave two children. */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    readonly entry: StdioEntry,
    private readonly onEvent: (event: BridgeEvent) => void,
  ) {}

  /** Runs `step` after every start or stop queued before it. */
  private serialize<T>(step: () => Promise<T>): Promise<T> {
    const result = this.queue.then(step);
    this.queue = result.then(
      () => {},
      () => {},
    );
    return result;
  }

  /** The entry as `/servers` lists it (never its env; the command and args as written). */
  describe(): ServerDescription {
    const { name, command, args } = this.entry;
    return {
      name,
      status: this.status,
      pid: this.status === 'running' || this.status === 'starting' ? (this.child?.pid ?? null) : null,
      exitCode: this.exitCode,
      signal: this.signal,
      stderrTail: this.log.tail(20),
      command,
      args,
      endpoint: `/servers/${encodeURIComponent(name)}/mcp`,
    };
  }

  /**
   * One request to the MCP endpoint (`body`: the parsed JSON of a POST). An `initialize` the
   * transport would accept ends any session and child and starts fresh ones (so a child sees one
   * initialize); anything else goes to the current session, or gets the answer a 2025 server gives
   * without one (404 for a gone session, 400 before initialize).
   */
  async handle(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> {
    const isInitialize =
      req.method === 'POST' &&
      typeof body === 'object' &&
      body !== null &&
      !Array.isArray(body) &&
      (body as { method?: unknown }).method === 'initialize';
    let session = this.session;
    if (isInitialize) {
      const refusal = refusalOf(req, body);
      if (refusal !== undefined) return answerRpcError(res, ...refusal);
      try {
        session = await this.serialize(async () => {
          await this.stopNow();
          return this.startSession();
        });
      } catch (error) {
        answerRpcError(res, 502, -32603, (error as Error).message);
        return;
      }
    }
    if (session === undefined) {
      if (req.headers['mcp-session-id'] !== undefined) answerRpcError(res, 404, -32001, 'Session not found');
      else answerRpcError(res, 400, -32000, 'Bad Request: Server not initialized');
      return;
    }
    await session.handleRequest(req, res, body);
  }

  /** Starts the child and a session in front of it. */
  private async startSession(): Promise<NodeStreamableHTTPServerTransport> {
    this.status = 'starting';
    this.exitCode = null;
    this.signal = null;
    const child: ChildTransport = new ChildTransport(this.entry.launch, this.entry.command, {
      onStderr: (text) => this.emitLines(this.log.write(text)),
      onExit: (code, signal) => this.childExited(child, code, signal),
    });
    this.child = child;
    try {
      await child.start();
    } catch (error) {
      this.child = undefined;
      this.status = 'exited';
      this.emitLines([this.log.add(`[glassbox-bridge] ${(error as Error).message}`)]);
      throw error;
    }
    this.status = 'running';
    if (child.pid !== null) this.onEvent({ event: 'spawn', server: this.entry.name, pid: child.pid });

    const session = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
    this.session = session;
    this.pending.clear();
    this.progressRequests.clear();
    session.onmessage = (message) => {
      this.notePageMessage(message);
      child.send(message).catch(() => {});
    };
    session.onclose = () => {
      // The page ended the session (DELETE), or the bridge did: the child goes with it.
      if (this.session === session) this.stop().catch(() => {});
    };
    child.onmessage = (message) => this.forward(session, message);
    await session.start();
    return session;
  }

  /** Remembers which requests of the page are open, and their progress tokens. */
  private notePageMessage(message: JSONRPCMessage): void {
    if (!('method' in message) || !('id' in message)) return;
    this.pending.add(message.id);
    const token = (message.params as { _meta?: { progressToken?: unknown } } | undefined)?._meta?.progressToken;
    if (token !== undefined) this.progressRequests.set(token, message.id);
  }

  /**
   * Passes one message of the child to the page, unchanged. A response goes to its request's
   * stream; progress to the request that asked for it; another message, while exactly one request
   * is open, on that request's stream (as a stdio server means it); otherwise on the GET stream.
   */
  private forward(session: NodeStreamableHTTPServerTransport, message: JSONRPCMessage): void {
    const options: { relatedRequestId?: RequestId } = {};
    if (!('method' in message)) {
      if (message.id !== undefined) this.pending.delete(message.id);
      for (const [token, id] of this.progressRequests) if (id === message.id) this.progressRequests.delete(token);
    } else if (message.method === 'notifications/progress') {
      const related = this.progressRequests.get((message.params as { progressToken?: unknown } | undefined)?.progressToken);
      if (related !== undefined) options.relatedRequestId = related;
    } else if (this.pending.size === 1) {
      options.relatedRequestId = [...this.pending][0];
    }
    session.send(message, options).catch(() => {
      // The request's stream is gone (the page went away): nothing to deliver to.
    });
  }

  private emitLines(lines: StderrLine[]): void {
    for (const { line } of lines) this.onEvent({ event: 'stderr', server: this.entry.name, line });
  }

  private childExited(child: ChildTransport, code: number | null, signal: string | null): void {
    this.emitLines(this.log.flush());
    this.onEvent({ event: 'exit', server: this.entry.name, code, signal });
    if (this.child !== child) return;
    this.status = 'exited';
    this.exitCode = code;
    this.signal = signal;
    this.child = undefined;
    const session = this.session;
    this.session = undefined;
    // The page's next request meets 404 (session gone) and initializes again, which starts a new child.
    session?.close().catch(() => {});
  }

  /** Ends the session and the child's process group: back to `idle`, the next `initialize` starts afresh. */
  stop(): Promise<void> {
    return this.serialize(() => this.stopNow());
  }

  /** `stop()` without waiting its turn (inside a queued step). */
  private async stopNow(): Promise<void> {
    const session = this.session;
    const child = this.child;
    this.session = undefined;
    this.child = undefined;
    this.status = 'idle';
    this.exitCode = null;
    this.signal = null;
    await session?.close().catch(() => {});
    await child?.close();
  }

  /** SIGKILLs the child's group at once, synchronously: for a bridge that is dying. */
  killNow(): void {
    this.child?.killNow();
  }
}
