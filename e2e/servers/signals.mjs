/**
 * A 2026-07-28-era MCP server ("signals") for what a server says on its own: log messages at every
 * level (sent only at or above the level a request asks for in `_meta["io.modelcontextprotocol/logLevel"]`,
 * on that request's stream) and tool-list changes delivered on `subscriptions/listen` streams.
 * v2 SDK `createMcpHandler` (stateless) behind node:http, at /mcp, like calendar.mjs.
 *
 * Run: node e2e/servers/signals.mjs --port 3107
 */
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { isMain, runCli, serveMcpEndpoint } from './http-kit.mjs';

/** Server name and version reported in the server's info. */
const SIGNALS_SERVER_INFO = { name: 'signals', title: 'Signals', version: '1.0.0' };

/** The logger name on every message `log_levels` sends. */
export const SIGNALS_LOGGER = 'signals.levels';

/** The eight MCP log levels, least severe first. */
const LEVELS = /** @type {const} */ (['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency']);

/**
 * One signals McpServer over the shared list of added tool names (createMcpHandler asks for one per request).
 * @param {string[]} added
 * @param {() => void} toolsChanged
 */
function createSignalsServer(added, toolsChanged) {
  const server = new McpServer(SIGNALS_SERVER_INFO, {
    capabilities: { logging: {}, tools: { listChanged: true } },
    instructions: 'Logs at every level with log_levels; add_tool grows the tool list.',
  });
  server.registerTool(
    'log_levels',
    {
      title: 'Log at every level',
      description: "Sends one log message per level (the client's level filters them), then answers.",
      inputSchema: z.object({}),
    },
    async (_args, ctx) => {
      for (const [index, level] of LEVELS.entries()) await ctx.mcpReq.log(level, { index, text: `${level} message` }, SIGNALS_LOGGER);
      return { content: [{ type: 'text', text: 'Logged at every level.' }] };
    },
  );
  server.registerTool(
    'add_tool',
    {
      title: 'Add a tool',
      description: 'Adds a tool and announces the change on subscriptions/listen streams.',
      inputSchema: z.object({}),
    },
    async () => {
      added.push(`extra_${added.length + 1}`);
      toolsChanged();
      return { content: [{ type: 'text', text: `Added ${added.at(-1)}.` }] };
    },
  );
  for (const name of added) {
    server.registerTool(name, { description: `Added at run time (${name}).`, inputSchema: z.object({}) }, async () => ({
      content: [{ type: 'text', text: name }],
    }));
  }
  return server;
}

/**
 * Starts the signals server. Port 0 picks a free port; `url` is the real endpoint URL.
 * @param {{ host?: string, port?: number, cors?: import('./cors.mjs').CorsOptions }} [options]
 * @returns {Promise<{ url: string, close(): Promise<void> }>}
 */
export async function start({ host = '127.0.0.1', port = 0, cors = {} } = {}) {
  /** @type {string[]} */
  const added = [];
  const handler = createMcpHandler(() => createSignalsServer(added, () => handler.notify.toolsChanged()), {
    onerror: (error) => {
      if (process.env.MCP_SERVER_DEBUG) console.error('signals:', error.message);
    },
  });
  return serveMcpEndpoint({ name: 'signals', handle: toNodeHandler(handler), close: () => handler.close(), host, port, cors });
}

if (isMain(import.meta.url)) await runCli(start, { name: 'signals', port: 3107 });
