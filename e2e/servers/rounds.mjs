/**
 * A 2026-07-28-era MCP server ("rounds") whose tools need the client's input mid-call: they answer
 * `tools/call` with an `input_required` result (multi-round-trip requests) carrying an embedded
 * elicitation, sampling or roots request, and finish when the client retries with `inputResponses`.
 * v2 SDK `createMcpHandler` (stateless) behind node:http, at /mcp, like calendar.mjs.
 *
 * 2026-07-28 only: a 2025 client reaches the stateless fallback, where these tools cannot ask.
 * The 2026 tasks extension (`io.modelcontextprotocol/tasks`) is not here: @modelcontextprotocol/server
 * 2.x ships no runtime for it (its task types are 2025-11-25 wire vocabulary only).
 *
 * Run: node e2e/servers/rounds.mjs --port 3106
 */
import { toNodeHandler } from '@modelcontextprotocol/node';
import { acceptedContent, createMcpHandler, inputRequired, inputResponse, McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { isMain, runCli, serveMcpEndpoint } from './http-kit.mjs';

/** Server name and version reported in serverInfo. */
export const ROUNDS_SERVER_INFO = { name: 'rounds', version: '1.0.0' };

/** The form `book_table` asks for: every kind of field a client's elicitation form must render. */
export const BOOKING_SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name', minLength: 2 },
    email: { type: 'string', title: 'Email', format: 'email' },
    seats: { type: 'integer', title: 'Seats', minimum: 1, maximum: 8, default: 2 },
    terrace: { type: 'boolean', title: 'Terrace', default: false },
    time: { type: 'string', title: 'Time', enum: ['18:00', '19:30', '21:00'] },
  },
  required: ['name', 'seats'],
};

/** The system prompt of `summarize`'s sampling request. */
export const SUMMARY_SYSTEM_PROMPT = 'Summarize the text in one sentence.';

/**
 * The text of a sampling result's content (a block or an array of blocks).
 * @param {unknown} content
 */
function sampledText(content) {
  const blocks = Array.isArray(content) ? content : [content];
  return blocks.flatMap((block) => (block?.type === 'text' ? [block.text] : [])).join('');
}

/** Builds one rounds McpServer (createMcpHandler asks for one per request). */
function createRoundsServer() {
  const server = new McpServer(ROUNDS_SERVER_INFO, {
    instructions: 'Tools that ask the person (elicitation), the client model (sampling) or the roots before they finish.',
  });

  server.registerTool(
    'book_table',
    {
      title: 'Book a table',
      description: 'Asks for the booking details with a form, then books.',
      inputSchema: z.object({ restaurant: z.string().describe('Restaurant name') }),
    },
    async ({ restaurant }, ctx) => {
      const answer = inputResponse(ctx.mcpReq.inputResponses, 'booking');
      if (answer.kind !== 'elicit') {
        return inputRequired({
          inputRequests: {
            booking: inputRequired.elicit({ message: `Booking details for ${restaurant}`, requestedSchema: BOOKING_SCHEMA }),
          },
        });
      }
      if (answer.action !== 'accept')
        return { content: [{ type: 'text', text: answer.action === 'decline' ? 'Booking declined.' : 'Booking cancelled.' }] };
      const booking = acceptedContent(ctx.mcpReq.inputResponses, 'booking') ?? {};
      return {
        content: [{ type: 'text', text: `Booked ${restaurant} for ${booking.name}, ${booking.seats} seats.` }],
        structuredContent: { restaurant, booking },
      };
    },
  );

  server.registerTool(
    'summarize',
    {
      title: 'Summarize',
      description: "Asks the client's model to summarize a text.",
      inputSchema: z.object({ text: z.string() }),
    },
    async ({ text }, ctx) => {
      const answer = inputResponse(ctx.mcpReq.inputResponses, 'summary');
      if (answer.kind !== 'sampling') {
        return inputRequired({
          inputRequests: {
            summary: inputRequired.createMessage({
              messages: [{ role: 'user', content: { type: 'text', text } }],
              systemPrompt: SUMMARY_SYSTEM_PROMPT,
              maxTokens: 100,
              modelPreferences: { hints: [{ name: 'small' }], speedPriority: 0.8 },
            }),
          },
        });
      }
      return { content: [{ type: 'text', text: `Summary (${answer.result.model}): ${sampledText(answer.result.content)}` }] };
    },
  );

  server.registerTool(
    'plan_trip',
    {
      title: 'Plan a trip',
      description: 'Two rounds: asks where to (a form), then asks the model for a plan; the first answer rides in requestState.',
      inputSchema: z.object({}),
    },
    async (_args, ctx) => {
      // A test server's state: plain JSON. A real server must integrity-protect it (it comes back from the client).
      const state = /** @type {string | undefined} */ (ctx.mcpReq.requestState());
      const where = acceptedContent(ctx.mcpReq.inputResponses, 'where');
      if (state === undefined) {
        if (where === undefined) {
          return inputRequired({
            inputRequests: {
              where: inputRequired.elicit({
                message: 'Where to?',
                requestedSchema: { type: 'object', properties: { city: { type: 'string', title: 'City' } }, required: ['city'] },
              }),
            },
          });
        }
        const city = String(where.city);
        return inputRequired({
          requestState: JSON.stringify({ city }),
          inputRequests: {
            plan: inputRequired.createMessage({
              messages: [{ role: 'user', content: { type: 'text', text: `Plan a day in ${city}.` } }],
              maxTokens: 200,
            }),
          },
        });
      }
      const { city } = JSON.parse(state);
      const plan = inputResponse(ctx.mcpReq.inputResponses, 'plan');
      const text = plan.kind === 'sampling' ? sampledText(plan.result.content) : '(no plan)';
      return { content: [{ type: 'text', text: `Trip to ${city}: ${text}` }] };
    },
  );

  server.registerTool(
    'show_roots',
    { title: 'Show roots', description: "Asks for the client's roots and lists them.", inputSchema: z.object({}) },
    async (_args, ctx) => {
      const answer = inputResponse(ctx.mcpReq.inputResponses, 'roots');
      if (answer.kind !== 'roots') return inputRequired({ inputRequests: { roots: inputRequired.listRoots() } });
      const lines = answer.roots.map((root) => `${root.name ?? '(unnamed)'}: ${root.uri}`);
      return { content: [{ type: 'text', text: lines.length === 0 ? 'No roots.' : lines.join('\n') }] };
    },
  );

  return server;
}

/**
 * Starts the rounds server. Port 0 picks a free port; `url` is the real endpoint URL.
 * @param {{ host?: string, port?: number, cors?: import('./cors.mjs').CorsOptions }} [options]
 * @returns {Promise<{ url: string, close(): Promise<void> }>}
 */
export async function start({ host = '127.0.0.1', port = 0, cors = {} } = {}) {
  const handler = createMcpHandler(() => createRoundsServer(), {
    onerror: (error) => {
      if (process.env.MCP_SERVER_DEBUG) console.error('rounds:', error.message);
    },
  });
  return serveMcpEndpoint({ name: 'rounds', handle: toNodeHandler(handler), close: () => handler.close(), host, port, cors });
}

if (isMain(import.meta.url)) await runCli(start, { name: 'rounds', port: 3106 });
