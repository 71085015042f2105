/**
 * A cooperative test MCP App server (v2 SDK, stateless, at /mcp): `probe_view` opens a view that
 * speaks the MCP Apps bridge by hand (plain postMessage JSON-RPC, no library) and writes into its
 * page (#state) everything the host told it: the host context and its changes, the permissions
 * granted (the `sandbox.permissions` capability and what the frame's permissions policy really
 * allows), the partial inputs while the model streamed the arguments, the input and the result.
 * Its "Share" button sends `ui/update-model-context`. The resource asks for geolocation and
 * clipboard-write.
 *
 * Run: node e2e/servers/app-lab.mjs --port 3114
 */
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { isMain, runCli, serveMcpEndpoint } from './http-kit.mjs';

const MIME = 'text/html;profile=mcp-app';
const URI = 'ui://app-lab/probe.html';

/** What the view shares with the model when its button is clicked. */
export const SHARED_CONTEXT = 'The person picked row 7 in the probe view.';

const PROBE_VIEW = `<!doctype html><html><head><title>probe</title></head><body>
<button id="share" type="button">Share</button>
<pre id="state">starting</pre>
<script>
const state = { context: null, changes: [], permissions: null, allows: null, partials: [], input: null, result: null, shared: null };
const policy = document.featurePolicy || document.permissionsPolicy;
state.allows = policy ? { geolocation: policy.allowsFeature('geolocation'), clipboardWrite: policy.allowsFeature('clipboard-write') } : 'unknown';
const show = () => { document.getElementById('state').textContent = JSON.stringify(state); };
let nextId = 1;
const pending = new Map();
const request = (method, params) => new Promise((resolve) => { const id = nextId++; pending.set(id, resolve); parent.postMessage({ jsonrpc: '2.0', id, method, params }, '*'); });
addEventListener('message', (event) => {
  const message = event.data;
  if (event.source !== parent || !message || message.jsonrpc !== '2.0') return;
  if (message.id !== undefined && message.method === undefined) { const resolve = pending.get(message.id); pending.delete(message.id); if (resolve) resolve(message); return; }
  if (message.id !== undefined) { parent.postMessage({ jsonrpc: '2.0', id: message.id, result: {} }, '*'); return; }
  const params = message.params || {};
  if (message.method === 'ui/notifications/tool-input-partial') state.partials.push(params.arguments);
  else if (message.method === 'ui/notifications/tool-input') state.input = params.arguments;
  else if (message.method === 'ui/notifications/tool-result') state.result = params;
  else if (message.method === 'ui/notifications/host-context-changed') { state.changes.push(params); state.context = Object.assign({}, state.context, params); }
  show();
});
request('ui/initialize', { appInfo: { name: 'app-lab-probe', version: '1.0.0' }, appCapabilities: {}, protocolVersion: '2026-01-26' }).then((reply) => {
  const result = reply.result || {};
  state.context = result.hostContext || null;
  state.permissions = (result.hostCapabilities && result.hostCapabilities.sandbox && result.hostCapabilities.sandbox.permissions) || null;
  parent.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/initialized', params: {} }, '*');
  show();
});
document.getElementById('share').addEventListener('click', () => {
  request('ui/update-model-context', { content: [{ type: 'text', text: ${JSON.stringify(SHARED_CONTEXT)} }] }).then((reply) => { state.shared = reply.error ? 'refused' : 'accepted'; show(); });
});
show();
</script></body></html>`;

/** One server per request. */
function createLabServer() {
  const server = new McpServer({ name: 'app-lab', version: '1.0.0' });
  server.registerTool(
    'probe_view',
    { description: 'Opens the probe view with a note.', inputSchema: z.object({ note: z.string() }), _meta: { ui: { resourceUri: URI } } },
    async ({ note }) => ({ content: [{ type: 'text', text: `noted: ${note}` }] }),
  );
  server.registerResource('probe', URI, { mimeType: MIME }, async () => ({
    contents: [
      {
        uri: URI,
        mimeType: MIME,
        text: PROBE_VIEW,
        _meta: { ui: { permissions: { geolocation: {}, clipboardWrite: {} }, prefersBorder: true } },
      },
    ],
  }));
  return server;
}

/**
 * Starts the app-lab server.
 * @param {{ host?: string, port?: number, cors?: import('./cors.mjs').CorsOptions }} options
 * @returns {Promise<{ url: string, close(): Promise<void> }>}
 */
export async function start({ host = '127.0.0.1', port = 0, cors = {} } = {}) {
  const handler = createMcpHandler(() => createLabServer(), { onerror: () => undefined });
  return serveMcpEndpoint({ name: 'app-lab', handle: toNodeHandler(handler), close: () => handler.close(), host, port, cors });
}

if (isMain(import.meta.url)) await runCli(start, { name: 'app-lab', port: 3114 });
