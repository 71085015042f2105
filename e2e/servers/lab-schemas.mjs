/**
 * The lab's `schemas` mode: a 2025-era server (v1 low-level `Server`, which checks nothing it
 * sends) whose metadata a client must show with care: a title, instructions, icons (https, data:
 * and a `javascript:` one a client must drop), and two tools with the same outputSchema, one whose
 * structuredContent matches it and one whose structuredContent does not.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';

/** The server's instructions (sent at initialize; the model should see them marked as this server's). */
export const SCHEMAS_INSTRUCTIONS = 'Temperatures are in degrees Celsius. Call forecast_ok before forecast_wrong.';

/** A 1×1 PNG, inline: an icon the page may draw. */
export const DATA_ICON =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** The outputSchema both forecast tools declare. */
const FORECAST_OUTPUT_SCHEMA = {
  type: 'object',
  properties: { temperature: { type: 'number' }, conditions: { type: 'string' } },
  required: ['temperature', 'conditions'],
};

const TOOLS = [
  {
    name: 'forecast_ok',
    title: 'Forecast (keeps its schema)',
    description: 'Returns structuredContent that matches its outputSchema.',
    inputSchema: { type: 'object', properties: {} },
    outputSchema: FORECAST_OUTPUT_SCHEMA,
    icons: [{ src: DATA_ICON, mimeType: 'image/png' }],
  },
  {
    name: 'forecast_wrong',
    title: 'Forecast (breaks its schema)',
    description: 'Returns structuredContent whose temperature is a string and whose conditions are missing.',
    inputSchema: { type: 'object', properties: {} },
    outputSchema: FORECAST_OUTPUT_SCHEMA,
    icons: [{ src: 'javascript:alert(1)' }],
  },
];

/** One schemas server (one per session). */
export function createSchemasServer() {
  const server = new Server(
    {
      name: 'lab-schemas',
      title: 'Schema Lab',
      version: '1.0.0',
      icons: [{ src: 'javascript:alert(1)' }, { src: DATA_ICON, mimeType: 'image/png', sizes: ['16x16'] }],
    },
    { capabilities: { tools: {} }, instructions: SCHEMAS_INSTRUCTIONS },
  );
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOLS }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    if (request.params.name === 'forecast_ok') {
      const structuredContent = { temperature: 21, conditions: 'sunny' };
      return { content: [{ type: 'text', text: JSON.stringify(structuredContent) }], structuredContent };
    }
    if (request.params.name === 'forecast_wrong') {
      const structuredContent = { temperature: 'warm' };
      return { content: [{ type: 'text', text: JSON.stringify(structuredContent) }], structuredContent };
    }
    throw new McpError(ErrorCode.InvalidParams, `Tool ${request.params.name} not found`);
  });
  return server;
}
