/**
 * Two versions of one small 2025-era server ("forecasts"), for comparing servers: the version is
 * chosen by `--server-version 1|2` (or `start({ version })`). Version 2 differs from version 1 by
 * exactly three changes:
 * - breaking: get_forecast's `unit` no longer allows "fahrenheit" (an enum value removed);
 * - model-visible: list_alerts has another description;
 * - compatible: a new tool, get_air_quality.
 * v1 SDK McpServer, streamable HTTP with sessions at /mcp.
 *
 * Run: node e2e/servers/versioned.mjs --port 3140 --server-version 2
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { isMain, runCli, serveMcpEndpoint } from './http-kit.mjs';
import { createSessionEndpoint } from './session-endpoint.mjs';

/** The descriptions of list_alerts in each version. */
export const ALERTS_DESCRIPTION = {
  1: 'List the weather alerts in force for a region.',
  2: 'List the weather alerts in force for a region, most severe first. Use before planning travel.',
};

/**
 * The server of one version.
 * @param {1 | 2} version
 */
export function createVersionedServer(version) {
  const server = new McpServer({ name: 'forecasts', version: `${version}.0.0` });
  const units = version === 1 ? /** @type {const} */ (['celsius', 'fahrenheit']) : /** @type {const} */ (['celsius']);
  server.registerTool(
    'get_forecast',
    {
      description: 'Forecast for a city.',
      inputSchema: {
        city: z.string().describe('City name'),
        unit: z.enum(units).optional().describe('Temperature unit'),
      },
      annotations: { readOnlyHint: true },
    },
    async ({ city, unit }) => ({ content: [{ type: 'text', text: `${city}: 21 ${unit ?? 'celsius'}` }] }),
  );
  server.registerTool(
    'list_alerts',
    {
      description: ALERTS_DESCRIPTION[version],
      inputSchema: { region: z.string().describe('Region name') },
      annotations: { readOnlyHint: true },
    },
    async ({ region }) => ({ content: [{ type: 'text', text: `No alerts for ${region}.` }] }),
  );
  if (version === 2)
    server.registerTool(
      'get_air_quality',
      {
        description: 'Air quality index for a city.',
        inputSchema: { city: z.string().describe('City name') },
        annotations: { readOnlyHint: true },
      },
      async ({ city }) => ({ content: [{ type: 'text', text: `${city}: AQI 42` }] }),
    );
  return server;
}

/**
 * Starts one version. Port 0 picks a free port; `url` is the real endpoint URL.
 * @param {{ host?: string, port?: number, version?: 1 | 2 }} [options]
 * @returns {Promise<{ url: string, close(): Promise<void> }>}
 */
export async function start({ host = '127.0.0.1', port = 0, version = 1 } = {}) {
  const endpoint = createSessionEndpoint(() => createVersionedServer(version));
  return serveMcpEndpoint({ name: `forecasts v${version}`, handle: endpoint.handle, close: endpoint.close, host, port });
}

if (isMain(import.meta.url)) {
  const args = process.argv.slice(2);
  const at = args.findIndex((arg) => arg === '--server-version' || arg.startsWith('--server-version='));
  const value = at < 0 ? '1' : args[at].includes('=') ? args[at].split('=')[1] : args[at + 1];
  if (value !== '1' && value !== '2') throw new Error(`--server-version must be 1 or 2 (got ${value})`);
  const version = value === '2' ? 2 : 1;
  await runCli((options) => start({ ...options, version }), { name: `forecasts v${version}`, port: 3140 });
}
