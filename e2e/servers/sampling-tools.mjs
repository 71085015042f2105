/**
 * A 2025-era MCP server (v1 SDK, sessions) that runs its own agent loop through the client's model
 * with sampling tools (`sampling.tools`, 2025-11-25): `plan_trip` asks the client to sample with
 * `lookup_weather` offered; when the reply holds tool uses, the server runs them and samples again
 * with their results. Its result says which tools it ran and what the model said last, so a test
 * can see what the client's tool gate let through. `lookup_weather` is also a listed tool, so the
 * person's tool policy for it is the one the gate applies.
 *
 * Run: node e2e/servers/sampling-tools.mjs --port 3108
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { isMain, runCli, serveMcpEndpoint } from './http-kit.mjs';
import { createSessionEndpoint } from './session-endpoint.mjs';

/** The weather the server's own tool reports for a city. */
export function weatherIn(city) {
  return `Sunny, 21 °C in ${city}`;
}

const LOOKUP_WEATHER = {
  name: 'lookup_weather',
  description: 'The weather in a city today.',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};

/** The content blocks of a sampling reply (one block or a list). */
function blocksOf(result) {
  return Array.isArray(result.content) ? result.content : [result.content];
}

/** One server per session. */
function createSamplingToolsServer() {
  const server = new McpServer({ name: 'sampling-tools', version: '1.0.0' });
  server.registerTool(LOOKUP_WEATHER.name, { description: LOOKUP_WEATHER.description, inputSchema: { city: z.string() } }, ({ city }) => ({
    content: [{ type: 'text', text: weatherIn(city) }],
  }));
  server.registerTool(
    'plan_trip',
    { description: 'Plans a day out with your model, which may look up the weather.', inputSchema: { city: z.string() } },
    async ({ city }) => {
      const messages = [{ role: 'user', content: { type: 'text', text: `Plan a day in ${city}. Check the weather first.` } }];
      const ran = [];
      let reply;
      // At most three rounds: the model asks for tools, the server runs them and asks again.
      for (let round = 0; round < 3; round++) {
        reply = await server.server.createMessage({ messages, maxTokens: 200, tools: [LOOKUP_WEATHER], toolChoice: { mode: 'auto' } });
        const uses = blocksOf(reply).filter((block) => block.type === 'tool_use');
        if (reply.stopReason !== 'toolUse' || uses.length === 0) break;
        messages.push({ role: 'assistant', content: blocksOf(reply) });
        messages.push({
          role: 'user',
          content: uses.map((use) => {
            ran.push(`${use.name}(${JSON.stringify(use.input)})`);
            const known = use.name === LOOKUP_WEATHER.name;
            return {
              type: 'tool_result',
              toolUseId: use.id,
              content: [{ type: 'text', text: known ? weatherIn(String(use.input.city)) : `No tool ${use.name}` }],
              isError: !known,
            };
          }),
        });
      }
      const said = blocksOf(reply)
        .map((block) => (block.type === 'text' ? block.text : `[${block.type}]`))
        .join(' ');
      return { content: [{ type: 'text', text: `Ran: ${ran.length > 0 ? ran.join(', ') : 'no tool'}\nThe model said: ${said}` }] };
    },
  );
  return server;
}

/**
 * Starts the server at /mcp; port 0 picks a free port.
 * @param {{ host?: string, port?: number }} [options]
 */
export async function start({ host = '127.0.0.1', port = 0 } = {}) {
  const endpoint = createSessionEndpoint(createSamplingToolsServer);
  return serveMcpEndpoint({ name: 'sampling-tools', handle: endpoint.handle, close: endpoint.close, host, port });
}

if (isMain(import.meta.url)) await runCli(start, { name: 'sampling-tools', port: 3108 });
