/**
 * A 2025-era streamable HTTP endpoint with sessions on web-standard Request/Response (the v1 SDK's
 * WebStandardStreamableHTTPServerTransport): one server and transport per session, DELETE ends a
 * session, an unknown session id gets 404 — the same rules as e2e/servers/session-endpoint.mjs.
 * The sessions live in memory: when the browser stops an idle Service Worker they are gone, and the
 * client's next request gets the 404 that tells it to initialize again, as with a restarted server.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { openSession } from '../demo-servers/sessions.mjs';

/** A JSON-RPC error with id null, the shape the SDK transports use for HTTP-level errors. */
function jsonRpcError(status: number, code: number, message: string): Response {
  return new Response(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** Serves one sessionful MCP server per session; `createServer` is called once per new session. */
export function createWebSessionEndpoint(createServer: () => McpServer): (request: Request) => Promise<Response> {
  const sessions = new Map<string, { transport: WebStandardStreamableHTTPServerTransport; server: McpServer }>();

  return async (request) => {
    const sessionId = request.headers.get('mcp-session-id');
    if (sessionId !== null) {
      const session = sessions.get(sessionId);
      return session === undefined ? jsonRpcError(404, -32001, 'Session not found') : session.transport.handleRequest(request);
    }
    if (request.method !== 'POST') return jsonRpcError(400, -32000, 'Bad Request: No valid session ID provided');
    let body: unknown;
    try {
      body = await request.json();
    } catch {
      return jsonRpcError(400, -32700, 'Parse error: invalid JSON');
    }
    // Anything but initialize without a session (such as a 2026 `server/discover` probe) is a 400,
    // which is how a 2025 server tells a negotiating client to fall back to initialize.
    if (!isInitializeRequest(body)) return jsonRpcError(400, -32000, 'Bad Request: No valid session ID provided');
    const transport = await openSession(sessions, createServer, (options) => new WebStandardStreamableHTTPServerTransport(options));
    return transport.handleRequest(request, { parsedBody: body });
  };
}
