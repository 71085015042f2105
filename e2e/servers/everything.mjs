/**
 * The official MCP reference server `@modelcontextprotocol/server-everything` (2025 era, sessions),
 * started in-process from its exported `createServer` behind our own node:http + CORS, at /mcp.
 *
 * Why not its own HTTP entry (`dist/index.js streamableHttp`): that entry takes its port only from
 * $PORT, binds every interface, and answers preflights with the `cors` package's defaults; the tests
 * need loopback, a given (or ephemeral) port and the same CORS as the other test servers.
 * The session handling is the reference entry's: one server per session, resumable streams.
 *
 * Run: node e2e/servers/everything.mjs --port 3105
 */
import { InMemoryEventStore } from '@modelcontextprotocol/sdk/examples/shared/inMemoryEventStore.js';
import { createServer as createEverythingServer } from '@modelcontextprotocol/server-everything/dist/server/index.js';
import { isMain, runCli, serveMcpEndpoint } from './http-kit.mjs';
import { createSessionEndpoint } from './session-endpoint.mjs';

/** The serverInfo name the reference server reports. */
export const EVERYTHING_SERVER_NAME = 'mcp-servers/everything';

/**
 * One reference server for one session, with its per-session cleanup (simulated logging and
 * subscription timers, task store) run when the session's server closes.
 */
function createSessionServer() {
  const { server, cleanup } = createEverythingServer();
  return {
    /** @param {import('@modelcontextprotocol/sdk/server/streamableHttp.js').StreamableHTTPServerTransport} transport */
    connect: (transport) => server.connect(transport),
    async close() {
      cleanup(server.server.transport?.sessionId);
      await server.close();
    },
  };
}

/**
 * Starts the reference server. Port 0 picks a free port; `url` is the real endpoint URL.
 * @param {{ host?: string, port?: number, cors?: import('./cors.mjs').CorsOptions }} [options]
 * @returns {Promise<{ url: string, close(): Promise<void> }>}
 */
export async function start({ host = '127.0.0.1', port = 0, cors = {} } = {}) {
  const endpoint = createSessionEndpoint(createSessionServer, { eventStore: () => new InMemoryEventStore() });
  return serveMcpEndpoint({ name: 'everything', handle: endpoint.handle, close: endpoint.close, host, port, cors });
}

if (isMain(import.meta.url)) await runCli(start, { name: 'everything', port: 3105 });
