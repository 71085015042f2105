/**
 * The demo's 2026-07-28-era MCP server ("calendar") on node:http: v2 SDK `createMcpHandler`
 * (stateless, `server/discover`; 2025-era clients are served by its stateless fallback), at /mcp.
 * The server itself (tools, store) is src/demo-servers/calendar.mjs, shared with the page's demo
 * Service Worker. Events live in memory, shared by all requests of one started server.
 *
 * Run: node e2e/servers/calendar.mjs --port 3102
 */
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { CalendarStore, createCalendarServer } from '../../src/demo-servers/calendar.mjs';
import { isMain, runCli, serveMcpEndpoint } from './http-kit.mjs';

export * from '../../src/demo-servers/calendar.mjs';

/**
 * Starts the calendar server. Port 0 picks a free port; `url` is the real endpoint URL.
 * `legacy: 'reject'` makes it 2026-only (a 2025 `initialize` gets 400), as a server upgraded
 * past the 2025 era would be; the default also serves 2025 clients, statelessly.
 * @param {{ host?: string, port?: number, cors?: import('./cors.mjs').CorsOptions, legacy?: 'stateless' | 'reject' }} [options]
 * @returns {Promise<{ url: string, close(): Promise<void> }>}
 */
export async function start({ host = '127.0.0.1', port = 0, cors = {}, legacy = 'stateless' } = {}) {
  const store = new CalendarStore();
  const handler = createMcpHandler(() => createCalendarServer(store), {
    legacy,
    onerror: (error) => {
      // Rejected requests (such as a 2025 client's GET stream) are reported here too; they are normal.
      if (process.env.MCP_SERVER_DEBUG) console.error('calendar:', error.message);
    },
  });
  return serveMcpEndpoint({ name: 'calendar', handle: toNodeHandler(handler), close: () => handler.close(), host, port, cors });
}

if (isMain(import.meta.url)) await runCli(start, { name: 'calendar', port: 3102 });
