/**
 * Test servers for the server check, each broken in exactly one known way (and otherwise sound:
 * tools, a prompt and a resource, CORS, a Host check against DNS rebinding). A 2025-era server
 * on the v1 SDK's low-level `Server` (so a list's bytes, order and cursors are ours to choose),
 * with sessions, at /mcp.
 *
 * Flaws: `none` (the sound baseline), `wrong-error-code` (an unknown method gets a result),
 * `cursor-loop` (tools/list's nextCursor leads back to the same page), `order-changes` (tools/list
 * rotates on every call), `provider-rejects` (a tool name the model APIs refuse), `no-cors-expose`
 * (Mcp-Session-Id not exposed to pages), `capability-not-served` (resources declared, not served),
 * `ping-broken` (ping answers a non-empty result), `no-rebinding-guard` (accepts a foreign Host).
 *
 * Run: node e2e/servers/broken.mjs --flaw cursor-loop --port 3120
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  PingRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { isMain, runCli, serveMcpEndpoint, sendText } from './http-kit.mjs';
import { createSessionEndpoint } from './session-endpoint.mjs';

/** Every flaw, each a server of its own. */
export const FLAWS = [
  'none',
  'wrong-error-code',
  'cursor-loop',
  'order-changes',
  'provider-rejects',
  'no-cors-expose',
  'capability-not-served',
  'ping-broken',
  'no-rebinding-guard',
];

/** The tools of a sound server. */
function toolsOf(flaw) {
  return [
    {
      name: 'get_forecast',
      title: 'Forecast',
      description: 'Returns the weather forecast for a city over the next three days, as text.',
      inputSchema: { type: 'object', properties: { city: { type: 'string', description: 'City name, e.g. Lisbon' } }, required: ['city'] },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    {
      name: flaw === 'provider-rejects' ? 'weather.alerts' : 'get_alerts',
      title: 'Alerts',
      description: 'Lists the active weather alerts for a region, most severe first.',
      inputSchema: {
        type: 'object',
        properties: { region: { type: 'string', description: 'Region code, e.g. PT-11' } },
        required: ['region'],
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    {
      name: 'list_cities',
      title: 'Cities',
      description: 'Lists the cities the forecast covers, in alphabetical order.',
      inputSchema: { type: 'object', properties: {} },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
  ];
}

/** One session's server with the flaw. */
function createBrokenServer(flaw) {
  const capabilities = { tools: {}, prompts: {}, resources: {} };
  const server = new Server({ name: `broken-${flaw}`, version: '1.0.0' }, { capabilities });
  const tools = toolsOf(flaw);
  let calls = 0;
  server.setRequestHandler(ListToolsRequestSchema, async (request) => {
    calls += 1;
    if (flaw === 'cursor-loop') {
      const page = request.params?.cursor === 'page-2' ? 1 : 0;
      return { tools: [tools[page]], nextCursor: 'page-2' };
    }
    if (flaw === 'order-changes') {
      const shift = calls % tools.length;
      return { tools: [...tools.slice(shift), ...tools.slice(0, shift)] };
    }
    return { tools };
  });
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = tools.find((entry) => entry.name === request.params.name);
    if (!tool) throw Object.assign(new Error(`Unknown tool: ${request.params.name}`), { code: -32602 });
    return { content: [{ type: 'text', text: `${tool.name}: nothing to report` }] };
  });
  server.setRequestHandler(ListPromptsRequestSchema, async () => ({
    prompts: [{ name: 'plan_trip', description: 'Plans a trip around the forecast.', arguments: [{ name: 'city', required: true }] }],
  }));
  if (flaw !== 'capability-not-served') {
    server.setRequestHandler(ListResourcesRequestSchema, async () => ({
      resources: [{ uri: 'weather://stations', name: 'stations', description: 'The weather stations', mimeType: 'application/json' }],
    }));
  }
  if (flaw === 'wrong-error-code') server.fallbackRequestHandler = async () => ({});
  if (flaw === 'ping-broken') server.setRequestHandler(PingRequestSchema, async () => ({ pong: true }));
  return server;
}

/** Host names a loopback server answers to (anything else is a rebound DNS name). */
const LOOPBACK_HOST = /^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/i;

/**
 * Starts a broken server. Port 0 picks a free port; `url` is the real endpoint URL.
 * @param {{ flaw?: string, host?: string, port?: number }} [options]
 * @returns {Promise<{ url: string, close(): Promise<void> }>}
 */
export async function start({ flaw = 'none', host = '127.0.0.1', port = 0 } = {}) {
  if (!FLAWS.includes(flaw)) throw new Error(`unknown flaw ${flaw} (one of ${FLAWS.join(', ')})`);
  const endpoint = createSessionEndpoint(() => createBrokenServer(flaw));
  /** @type {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => Promise<void>} */
  const handle = async (req, res) => {
    if (flaw !== 'no-rebinding-guard' && !LOOPBACK_HOST.test(req.headers.host ?? '')) {
      sendText(res, 403, 'Forbidden: Host is not a loopback name');
      return;
    }
    await endpoint.handle(req, res);
  };
  const cors = flaw === 'no-cors-expose' ? { exposeSessionId: false } : {};
  return serveMcpEndpoint({ name: `broken-${flaw}`, handle, close: endpoint.close, host, port, cors });
}

if (isMain(import.meta.url)) {
  const flawIndex = process.argv.indexOf('--flaw');
  const flaw = flawIndex > 0 ? process.argv[flawIndex + 1] : 'none';
  process.argv.splice(flawIndex > 0 ? flawIndex : process.argv.length, flawIndex > 0 ? 2 : 0);
  await runCli((options) => start({ ...options, flaw }), { name: `broken-${flaw}`, port: 3120 });
}
