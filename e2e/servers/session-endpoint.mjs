/**
 * A 2025-era streamable HTTP endpoint with sessions, built on the v1 SDK: one server instance and
 * one transport per session, DELETE ends a session, an unknown session id gets 404.
 */
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { openSession } from '../../src/demo-servers/sessions.mjs';
import { readBody, sendJsonRpcError } from './http-kit.mjs';

/**
 * @typedef {{ connect(transport: StreamableHTTPServerTransport): Promise<void>, close(): Promise<void> }} ConnectableServer
 * An McpServer or low-level Server of the v1 SDK.
 */

/**
 * Creates the session-keeping handler. `createServer` is called once per new session.
 * @param {() => ConnectableServer} createServer
 * @param {{ eventStore?: () => import('@modelcontextprotocol/sdk/server/streamableHttp.js').EventStore }} [options]
 *   `eventStore` makes each session's streams resumable (Last-Event-ID), as the reference servers do.
 * @returns {{ handle(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse): Promise<void>, sessionCount(): number, forget(sessionId?: string): number, close(): Promise<void> }}
 */
export function createSessionEndpoint(createServer, options = {}) {
  /** @type {Map<string, { transport: StreamableHTTPServerTransport, server: ConnectableServer }>} */
  const sessions = new Map();

  /**
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   */
  async function handle(req, res) {
    const header = req.headers['mcp-session-id'];
    const sessionId = Array.isArray(header) ? header[0] : header;
    if (sessionId !== undefined) {
      const session = sessions.get(sessionId);
      if (session === undefined) {
        sendJsonRpcError(res, 404, -32001, 'Session not found');
        return;
      }
      await session.transport.handleRequest(req, res);
      return;
    }
    if (req.method !== 'POST') {
      sendJsonRpcError(res, 400, -32000, 'Bad Request: No valid session ID provided');
      return;
    }
    /** @type {unknown} */
    let body;
    try {
      body = JSON.parse(await readBody(req));
    } catch {
      sendJsonRpcError(res, 400, -32700, 'Parse error: invalid JSON');
      return;
    }
    // Anything but initialize without a session (such as a 2026 `server/discover` probe) is a
    // 400, which is how a 2025 server tells a negotiating client to fall back to initialize.
    if (!isInitializeRequest(body)) {
      sendJsonRpcError(res, 400, -32000, 'Bad Request: No valid session ID provided');
      return;
    }
    const transport = await openSession(
      sessions,
      createServer,
      (sessionOptions) =>
        new StreamableHTTPServerTransport({
          ...sessionOptions,
          ...(options.eventStore === undefined ? {} : { eventStore: options.eventStore() }),
        }),
    );
    await transport.handleRequest(req, res, body);
  }

  /**
   * Forgets one session (or all of them) as an expiring or restarting server would: its id gets 404
   * at once, and its server is closed (ending its streams) a moment later, after any answer in flight.
   * @param {string} [sessionId]
   * @returns {number} how many sessions were forgotten
   */
  function forget(sessionId) {
    const ids = sessionId === undefined ? [...sessions.keys()] : sessions.has(sessionId) ? [sessionId] : [];
    for (const id of ids) {
      const session = sessions.get(id);
      sessions.delete(id);
      if (session !== undefined) setTimeout(() => void session.server.close().catch(() => undefined), 20);
    }
    return ids.length;
  }

  return {
    handle,
    forget,
    sessionCount: () => sessions.size,
    async close() {
      const open = [...sessions.values()];
      sessions.clear();
      await Promise.allSettled(open.map(({ server }) => server.close()));
    },
  };
}
