/**
 * The official MCP Apps example servers from the registry, started in-process from their exported
 * `createServer` behind our own node:http + CORS, at /mcp:
 * - basic: `@modelcontextprotocol/server-basic-vanillajs` (get-time; its view calls get-time back,
 *   sends ui/message, logs and asks to open a link),
 * - budget: `@modelcontextprotocol/server-budget-allocator` (get-budget-data; an interactive view),
 * - monitor: `@modelcontextprotocol/server-system-monitor` (get-system-info; its view polls the
 *   app-only poll-system-stats every 2 s).
 *
 * Why not their own HTTP entry (`dist/index.js`): it takes its port only from $PORT, binds every
 * interface and answers preflights with the `cors` package's defaults; the tests need loopback, a
 * given port and the same CORS as the other test servers. The serving is the entry's own: stateless,
 * a new server and transport per request.
 *
 * Run: node e2e/servers/app-examples.mjs --port 3111   (basic at the port, budget at port + 1)
 */
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { createServer as createBasicServer } from '@modelcontextprotocol/server-basic-vanillajs';
import { createServer as createBudgetServer } from '@modelcontextprotocol/server-budget-allocator';
import { createServer as createMonitorServer } from '@modelcontextprotocol/server-system-monitor';
import { isMain, parseCliArgs, readBody, serveMcpEndpoint } from './http-kit.mjs';

/** The example servers by name. */
const APP_EXAMPLES = { basic: createBasicServer, budget: createBudgetServer, monitor: createMonitorServer };

/**
 * A stateless endpoint: each request gets a fresh example server and transport, as the examples' entry does.
 * @param {() => { connect(transport: unknown): Promise<void>, close(): Promise<void> }} createServer
 */
function statelessEndpoint(createServer) {
  return async (/** @type {import('node:http').IncomingMessage} */ req, /** @type {import('node:http').ServerResponse} */ res) => {
    const server = createServer();
    const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => {
      void transport.close().catch(() => undefined);
      void server.close().catch(() => undefined);
    });
    await server.connect(transport);
    const text = req.method === 'POST' ? await readBody(req) : '';
    await transport.handleRequest(req, res, text === '' ? undefined : JSON.parse(text));
  };
}

/**
 * Starts one example server. Port 0 picks a free port; `url` is the real endpoint URL.
 * @param {{ example: keyof typeof APP_EXAMPLES, host?: string, port?: number, cors?: import('./cors.mjs').CorsOptions }} options
 * @returns {Promise<{ url: string, close(): Promise<void> }>}
 */
export async function start({ example, host = '127.0.0.1', port = 0, cors = {} }) {
  return serveMcpEndpoint({
    name: `app-${example}`,
    handle: statelessEndpoint(APP_EXAMPLES[example]),
    close: async () => undefined,
    host,
    port,
    cors,
  });
}

if (isMain(import.meta.url)) {
  const { host, port } = parseCliArgs(process.argv.slice(2), { host: '127.0.0.1', port: 3111 });
  const basic = await start({ example: 'basic', host, port });
  const budget = await start({ example: 'budget', host, port: port + 1 });
  console.log(`app examples: basic ${basic.url}, budget ${budget.url}`);
  const stop = async () => {
    await Promise.all([basic.close(), budget.close()]);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}
