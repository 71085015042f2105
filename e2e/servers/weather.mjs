/**
 * The demo's 2025-era MCP server ("weather") on node:http: v1 SDK, streamable HTTP with sessions,
 * at /mcp. The server itself (tools, data) is src/demo-servers/weather.mjs, shared with the page's
 * demo Service Worker.
 *
 * Run: node e2e/servers/weather.mjs --port 3101
 */
import { createWeatherServer } from '../../src/demo-servers/weather.mjs';
import { isMain, runCli, serveMcpEndpoint } from './http-kit.mjs';
import { createSessionEndpoint } from './session-endpoint.mjs';

export * from '../../src/demo-servers/weather.mjs';

/**
 * Starts the weather server. Port 0 picks a free port; `url` is the real endpoint URL.
 * `latencyMs` holds every request (preflights too) that long before answering it: the distance
 * to a remote host, for the bench, without a proxy's own work on this machine.
 * @param {{ host?: string, port?: number, cors?: import('./cors.mjs').CorsOptions, latencyMs?: number }} [options]
 * @returns {Promise<{ url: string, close(): Promise<void> }>}
 */
export async function start({ host = '127.0.0.1', port = 0, cors = {}, latencyMs = 0 } = {}) {
  const endpoint = createSessionEndpoint(createWeatherServer);
  return serveMcpEndpoint({ name: 'weather', handle: endpoint.handle, close: endpoint.close, host, port, cors, latencyMs });
}

if (isMain(import.meta.url)) await runCli(start, { name: 'weather', port: 3101 });
