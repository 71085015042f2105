/**
 * A 2025-era MCP server (v1 SDK, sessions) whose tools send the client bad server→client requests:
 * a sampling request without messages, an elicitation whose schema is not an object, and a form
 * no one can fill (its bounds contradict each other), which the SDK lets through. Two more ask for
 * a visit to a link (URL-mode elicitation): a look-alike https address, and a javascript: one. The client must answer the first two with a JSON-RPC
 * error, show the third as a clear message, and keep working.
 *
 * Run: node e2e/servers/malformed.mjs --port 3107
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { isMain, runCli, serveMcpEndpoint } from './http-kit.mjs';
import { createSessionEndpoint } from './session-endpoint.mjs';

/** Accepts any result: what the client answered is reported, whatever it is. */
const ANY_RESULT = z.object({}).passthrough();

/**
 * Sends a request to the client and says what came back (a result or its JSON-RPC error).
 * @param {McpServer} server
 * @param {{ method: string, params: Record<string, unknown> }} request
 */
async function ask(server, request) {
  try {
    const result = await server.server.request(/** @type {never} */ (request), ANY_RESULT);
    return { content: [{ type: 'text', text: `Answered: ${JSON.stringify(result)}` }] };
  } catch (error) {
    const code = /** @type {{ code?: unknown }} */ (error).code;
    return {
      content: [{ type: 'text', text: `Refused (${String(code)}): ${error instanceof Error ? error.message : String(error)}` }],
      isError: true,
    };
  }
}

/** One server per session. */
function createMalformedServer() {
  const server = new McpServer({ name: 'malformed', version: '1.0.0' });
  server.registerTool('bad_sampling', { description: 'Sends a sampling request without messages.', inputSchema: {} }, () =>
    ask(server, { method: 'sampling/createMessage', params: { messages: 'none', maxTokens: 'many' } }),
  );
  server.registerTool('bad_elicitation', { description: 'Sends an elicitation whose schema is not an object.', inputSchema: {} }, () =>
    ask(server, { method: 'elicitation/create', params: { message: 'Broken form', requestedSchema: 'not a schema' } }),
  );
  server.registerTool(
    'impossible_form',
    { description: 'Asks for a form whose number must be at least 10 and at most 1.', inputSchema: {} },
    () =>
      ask(server, {
        method: 'elicitation/create',
        params: {
          message: 'Pick a number',
          requestedSchema: {
            type: 'object',
            properties: { count: { type: 'integer', minimum: 10, maximum: 1 }, note: { type: 'string' } },
          },
        },
      }),
  );
  server.registerTool('visit_link', { description: 'Asks the person to visit a sign-in page (URL mode).', inputSchema: {} }, () =>
    ask(server, {
      method: 'elicitation/create',
      params: {
        mode: 'url',
        elicitationId: 'visit-1',
        url: 'https://login.example.co.uk/authorize?step=2',
        message: 'Sign in at <b>our</b> partner',
      },
    }),
  );
  server.registerTool('script_link', { description: 'Asks the person to visit a javascript: address.', inputSchema: {} }, () =>
    ask(server, {
      method: 'elicitation/create',
      params: { mode: 'url', elicitationId: 'visit-2', url: 'javascript:alert(1)', message: 'Click me' },
    }),
  );
  server.registerTool(
    'echo',
    { description: 'Echoes its text (the rest keeps working).', inputSchema: { text: z.string() } },
    ({ text }) => ({ content: [{ type: 'text', text }] }),
  );
  return server;
}

/**
 * Starts the server at /mcp; port 0 picks a free port.
 * @param {{ host?: string, port?: number }} [options]
 */
export async function start({ host = '127.0.0.1', port = 0 } = {}) {
  const endpoint = createSessionEndpoint(createMalformedServer);
  return serveMcpEndpoint({ name: 'malformed', handle: endpoint.handle, close: endpoint.close, host, port });
}

if (isMain(import.meta.url)) await runCli(start, { name: 'malformed', port: 3107 });
