/**
 * One server entry of the file, served at /servers/<name>/mcp: its child process (started on the
 * page's `initialize`), the one MCP session in front of it, its stderr log and its status. JSON-RPC
 * messages pass through unchanged between the SDK's streamable HTTP server transport (the page's
 * side) and the child's stdio (the server's side).
 */
import { randomUUID } from 'node:crypto';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { ChildTransport } from './child-transport.mjs';
import { StderrLog } from './stderr-log.mjs';

/** @typedef {import('@modelcontextprotocol/sdk/types.js').JSONRPCMessage} JSONRPCMessage */
/** @typedef {import('./config-entry.ts').StdioEntry} StdioEntry */
/**
 * @typedef {{ event: 'spawn', server: string, pid: number }
 *   | { event: 'exit', server: string, code: number | null, signal: string | null }
 *   | { event: 'stderr', server: string, line: string }} BridgeEvent
 */

/**
 * Answers a JSON-RPC error as the SDK's 2025 server does.
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {number} code
 * @param {string} message
 */
export function answerRpcError(res, status, code, message) {
  res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}

export class ServerSlot {
  /**
   * @param {StdioEntry} entry
   * @param {(event: BridgeEvent) => void} onEvent
   */
  constructor(entry, onEvent) {
    this.entry = entry;
    this.onEvent = onEvent;
    this.log = new StderrLog();
    /** @type {'idle' | 'starting' | 'running' | 'exited'} */
    this.status = 'idle';
    /** @type {number | null} */
    this.exitCode = null;
    /** @type {string | null} */
    this.signal = null;
    /** @type {ChildTransport | undefined} */
    this.child = undefined;
    /** @type {StreamableHTTPServerTransport | undefined} */
    this.session = undefined;
    /** Requests from the page the child has not answered yet, by JSON-RPC id. */
    this.pending = new Set();
    /** The page's progress tokens, to the request that carried them. */
    this.progressRequests = new Map();
    /** Starts and stops one at a time: two `initialize`s at once must not leave two children. */
    this.queue = Promise.resolve();
  }

  /**
   * Runs `step` after every start or stop queued before it.
   * @template T
   * @param {() => Promise<T>} step
   * @returns {Promise<T>}
   */
  serialize(step) {
    const result = this.queue.then(step);
    this.queue = result.then(
      () => {},
      () => {},
    );
    return result;
  }

  /** The entry as `/servers` lists it (never its env). */
  describe() {
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
   * One request to the MCP endpoint. An `initialize` ends any session and child and starts fresh
   * ones (so a child sees one initialize); anything else goes to the current session, or gets the
   * answer a 2025 server gives without one (404 for a gone session, 400 before initialize).
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @param {unknown} body the parsed JSON body of a POST
   */
  async handle(req, res, body) {
    const isInitialize =
      req.method === 'POST' &&
      typeof body === 'object' &&
      body !== null &&
      !Array.isArray(body) &&
      /** @type {{ method?: unknown }} */ (body).method === 'initialize';
    let session = this.session;
    if (isInitialize) {
      try {
        session = await this.serialize(async () => {
          await this.stopNow();
          return this.startSession();
        });
      } catch (error) {
        answerRpcError(res, 502, -32603, /** @type {Error} */ (error).message);
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

  /**
   * Starts the child and a session in front of it.
   * @returns {Promise<StreamableHTTPServerTransport>}
   */
  async startSession() {
    this.status = 'starting';
    this.exitCode = null;
    this.signal = null;
    const child = new ChildTransport(this.entry.launch, {
      onStderr: (text) => this.emitLines(this.log.write(text)),
      onExit: (code, signal) => this.childExited(child, code, signal),
    });
    this.child = child;
    try {
      await child.start();
    } catch (error) {
      this.child = undefined;
      this.status = 'exited';
      this.emitLines([this.log.add(`[glassbox-bridge] ${/** @type {Error} */ (error).message}`)]);
      throw error;
    }
    this.status = 'running';
    if (child.pid !== null) this.onEvent({ event: 'spawn', server: this.entry.name, pid: child.pid });

    const session = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
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

  /**
   * Remembers which requests of the page are open, and their progress tokens.
   * @param {JSONRPCMessage} message
   */
  notePageMessage(message) {
    if (!('method' in message) || !('id' in message)) return;
    this.pending.add(message.id);
    const token = /** @type {{ _meta?: { progressToken?: unknown } } | undefined} */ (message.params)?._meta?.progressToken;
    if (token !== undefined) this.progressRequests.set(token, message.id);
  }

  /**
   * Passes one message of the child to the page, unchanged. A response goes to its request's
   * stream; progress to the request that asked for it; another message, while exactly one request
   * is open, on that request's stream (as a stdio server means it); otherwise on the GET stream.
   * @param {StreamableHTTPServerTransport} session
   * @param {JSONRPCMessage} message
   */
  forward(session, message) {
    /** @type {{ relatedRequestId?: string | number }} */
    const options = {};
    if (!('method' in message)) {
      this.pending.delete(message.id);
      for (const [token, id] of this.progressRequests) if (id === message.id) this.progressRequests.delete(token);
    } else if (message.method === 'notifications/progress') {
      const related = this.progressRequests.get(/** @type {{ progressToken?: unknown }} */ (message.params)?.progressToken);
      if (related !== undefined) options.relatedRequestId = related;
    } else if (this.pending.size === 1) {
      options.relatedRequestId = [...this.pending][0];
    }
    session.send(message, options).catch(() => {
      // The request's stream is gone (the page went away): nothing to deliver to.
    });
  }

  /**
   * @param {Array<{ line: string }>} lines
   */
  emitLines(lines) {
    for (const { line } of lines) this.onEvent({ event: 'stderr', server: this.entry.name, line });
  }

  /**
   * @param {ChildTransport} child
   * @param {number | null} code
   * @param {string | null} signal
   */
  childExited(child, code, signal) {
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
  stop() {
    return this.serialize(() => this.stopNow());
  }

  /** `stop()` without waiting its turn (inside a queued step). */
  async stopNow() {
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
}
