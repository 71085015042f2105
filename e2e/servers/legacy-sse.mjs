/**
 * A 2024-11-05-era MCP server that speaks only the old HTTP+SSE transport (v1 SDK
 * SSEServerTransport): GET /sse opens the stream and sends an `endpoint` event, the client POSTs its
 * messages to /messages?sessionId=…. A POST to /sse (what a streamable-HTTP client tries first) gets
 * 405, the 4xx on which the spec's backwards-compatibility section falls back to GET /sse.
 *
 * Run: node e2e/servers/legacy-sse.mjs --port 3104
 */
import { createServer } from 'node:http';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { z } from 'zod';
import { applyCors } from './cors.mjs';
import { closeServer, isMain, listen, runCli, sendJsonRpcError, sendText } from './http-kit.mjs';

/** Server name and version reported in serverInfo. */
export const LEGACY_SSE_SERVER_INFO = { name: 'legacy-sse', version: '0.9.0' };

/** The path of the SSE stream and the path the client posts its messages to. */
const SSE_PATH = '/sse';
/** The path the `endpoint` event names (with `?sessionId=`). */
export const MESSAGES_PATH = '/messages';

/** The system prompt of `summarize`'s sampling request. */
export const LEGACY_SUMMARY_PROMPT = 'Summarize the text in one line.';

/**
 * Builds one server per SSE connection: two small deterministic tools, and two that ask the client
 * on the SSE stream (a sampling request, an elicitation form), so the inbox's cards are seen over
 * this transport too.
 */
function createLegacySseServer() {
  const server = new McpServer(LEGACY_SSE_SERVER_INFO, {
    instructions: 'An old-style server: HTTP+SSE transport only (protocol 2024-11-05).',
  });
  server.registerTool(
    'echo',
    {
      title: 'Echo',
      description: 'Returns the message it was given.',
      inputSchema: { message: z.string().describe('Text to echo back') },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ message }) => ({ content: [{ type: 'text', text: `Echo: ${message}` }] }),
  );
  server.registerTool(
    'add',
    {
      title: 'Add',
      description: 'Adds two numbers.',
      inputSchema: { a: z.number(), b: z.number() },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }),
  );
  server.registerTool(
    'summarize',
    { description: "Summarizes a text with the client's model (sampling).", inputSchema: { text: z.string() } },
    async ({ text }) => {
      const reply = await server.server.createMessage({
        messages: [{ role: 'user', content: { type: 'text', text } }],
        systemPrompt: LEGACY_SUMMARY_PROMPT,
        maxTokens: 60,
      });
      const content = Array.isArray(reply.content) ? reply.content : [reply.content];
      return {
        content: [{ type: 'text', text: `Summary: ${content.map((block) => (block.type === 'text' ? block.text : '')).join('')}` }],
      };
    },
  );
  server.registerTool('confirm_order', { description: 'Asks the person to confirm an order (elicitation).', inputSchema: {} }, async () => {
    const answer = await server.server.elicitInput({
      message: 'Who is the order for?',
      requestedSchema: {
        type: 'object',
        properties: { name: { type: 'string', title: 'Name' }, quantity: { type: 'integer', minimum: 1, default: 1 } },
        required: ['name'],
      },
    });
    const text =
      answer.action === 'accept'
        ? `Order for ${String(answer.content?.name)}: ${String(answer.content?.quantity)}`
        : `Order ${answer.action}`;
    return { content: [{ type: 'text', text }] };
  });
  return server;
}

/**
 * Starts the SSE-only server. Port 0 picks a free port; `url` is the SSE stream's URL.
 * @param {{ host?: string, port?: number, cors?: import('./cors.mjs').CorsOptions }} [options]
 * @returns {Promise<{ url: string, close(): Promise<void> }>}
 */
export async function start({ host = '127.0.0.1', port = 0, cors = {} } = {}) {
  /** @type {Map<string, { transport: SSEServerTransport, server: McpServer }>} */
  const sessions = new Map();
  const httpServer = createServer((req, res) => {
    if (applyCors(req, res, cors)) return;
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === SSE_PATH && req.method === 'GET') {
      const transport = new SSEServerTransport(MESSAGES_PATH, res);
      const server = createLegacySseServer();
      sessions.set(transport.sessionId, { transport, server });
      res.on('close', () => {
        sessions.delete(transport.sessionId);
        void server.close();
      });
      server.connect(transport).catch((error) => console.error('legacy-sse:', error));
      return;
    }
    if (url.pathname === SSE_PATH) {
      // A streamable-HTTP client's first POST lands here: 405 tells it to fall back to GET.
      sendText(res, 405, 'This server speaks the 2024-11-05 HTTP+SSE transport: GET /sse.', { Allow: 'GET' });
      return;
    }
    if (url.pathname === MESSAGES_PATH && req.method === 'POST') {
      const session = sessions.get(url.searchParams.get('sessionId') ?? '');
      if (session === undefined) {
        sendJsonRpcError(res, 404, -32001, 'Session not found');
        return;
      }
      session.transport.handlePostMessage(req, res).catch((error) => {
        console.error('legacy-sse:', error);
        if (!res.headersSent) sendText(res, 500, 'Internal error');
      });
      return;
    }
    sendText(res, 404, `Not found. The SSE stream is ${SSE_PATH}.`);
  });
  const address = await listen(httpServer, { host, port });
  return {
    url: `${address.origin}${SSE_PATH}`,
    async close() {
      const open = [...sessions.values()];
      sessions.clear();
      await Promise.allSettled(open.map(({ server }) => server.close()));
      await closeServer(httpServer);
    },
  };
}

if (isMain(import.meta.url)) await runCli(start, { name: 'legacy-sse', port: 3104 });
