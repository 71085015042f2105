/**
 * A 2026-07-28-era stateless server ("load-target") for load probes, that counts what reaches it:
 * `GET /count` answers `{ "echo": n, "toolsList": n }` (the tools/call echo requests and the
 * tools/list requests served since the start or the last `POST /reset`), so a test can confirm a
 * probe's count from the server's side. Every answer carries `Timing-Allow-Origin: *`, so a page
 * can measure how many requests were on the wire at once (Resource Timing).
 * Tools: `echo` (read-only; `delayMs` holds the answer), `instance` (answers which of two
 * "instances" served it, alternately: the state per instance a 2026 server must not keep) and
 * `wipe` (destructiveHint).
 * v2 SDK `createMcpHandler` behind node:http, at /mcp, like signals.mjs.
 *
 * Run: node e2e/servers/load-target.mjs --port 3150
 */
import { createServer } from 'node:http';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { applyCors } from './cors.mjs';
import { closeServer, delay, isMain, listen, runCli, sendJson, sendText } from './http-kit.mjs';

/**
 * One McpServer over the shared counters (createMcpHandler asks for one per request).
 * @param {{ echo: number, toolsList: number, instance: number }} counts
 */
function createLoadTargetServer(counts) {
  const server = new McpServer({ name: 'load-target', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.registerTool(
    'echo',
    {
      description: 'Answers with the text it is given (after delayMs, when given).',
      inputSchema: z.object({ text: z.string().describe('Text to send back'), delayMs: z.number().int().min(0).max(10_000).optional() }),
      annotations: { readOnlyHint: true },
    },
    async ({ text, delayMs }) => {
      counts.echo += 1;
      if (delayMs) await delay(delayMs);
      return { content: [{ type: 'text', text }] };
    },
  );
  server.registerTool(
    'instance',
    { description: 'Says which instance answered (two, taking turns).', inputSchema: z.object({}), annotations: { readOnlyHint: true } },
    async () => ({ content: [{ type: 'text', text: `instance ${(counts.instance++ % 2) + 1}` }] }),
  );
  server.registerTool(
    'wipe',
    { description: 'Pretends to delete everything.', inputSchema: z.object({}), annotations: { destructiveHint: true } },
    async () => ({ content: [{ type: 'text', text: 'Nothing was deleted (a test server).' }] }),
  );
  return server;
}

/**
 * Starts the server. Port 0 picks a free port; `url` is the real endpoint URL, `countUrl` the counter.
 * @param {{ host?: string, port?: number }} [options]
 * @returns {Promise<{ url: string, countUrl: string, count(): { echo: number, toolsList: number }, close(): Promise<void> }>}
 */
export async function start({ host = '127.0.0.1', port = 0 } = {}) {
  const counts = { echo: 0, toolsList: 0, instance: 0 };
  const handler = createMcpHandler(() => createLoadTargetServer(counts), {
    onerror: (error) => {
      if (process.env.MCP_SERVER_DEBUG) console.error('load-target:', error.message);
    },
  });
  const handle = toNodeHandler(handler);
  const httpServer = createServer((req, res) => {
    res.setHeader('Timing-Allow-Origin', '*');
    if (applyCors(req, res)) return;
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path === '/count') return sendJson(res, 200, { echo: counts.echo, toolsList: counts.toolsList });
    if (path === '/reset' && req.method === 'POST') {
      counts.echo = counts.toolsList = counts.instance = 0;
      return sendJson(res, 200, { echo: 0, toolsList: 0 });
    }
    if (path !== '/mcp') return sendText(res, 404, 'Not found. The MCP endpoint is /mcp.');
    // A 2026 request names its method in a header: tools/list is counted without reading the body.
    if (req.headers['mcp-method'] === 'tools/list') counts.toolsList += 1;
    handle(req, res).catch((error) => {
      console.error('load-target:', error);
      if (!res.headersSent) sendText(res, 500, 'Internal error');
    });
  });
  const address = await listen(httpServer, { host, port });
  return {
    url: `${address.origin}/mcp`,
    countUrl: `${address.origin}/count`,
    count: () => ({ echo: counts.echo, toolsList: counts.toolsList }),
    async close() {
      await handler.close();
      await closeServer(httpServer);
    },
  };
}

if (isMain(import.meta.url)) await runCli(start, { name: 'load-target', port: 3150 });
