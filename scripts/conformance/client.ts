/**
 * The MCP client under test for `npm run conformance`: the conformance runner starts it once per
 * scenario with the scenario server's URL as the last argument (and MCP_CONFORMANCE_SCENARIO set).
 * It does what Glassbox does with a server: connect declaring its capabilities, list the tools,
 * call each one, and answer the server's requests (elicitation through core/elicitation's form
 * model, with the person's part played by "accept the defaults").
 *
 * TEMPORARY: the connection is the SDK v2 Client used directly. Once the MCP-layer reshape
 * (issue 13) lands, swap `connect()` for Glassbox's own core connection (ServerConnection and
 * its inbox of server-initiated requests) so the conformance suite tests Glassbox, not the SDK.
 *
 * Run by scripts/conformance/run.mjs with Node 22 (type stripping + ts-resolve-hook.mjs).
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { Tool } from '@modelcontextprotocol/client';
import { buildAcceptResult, initialValues, readElicitationForm } from '../../src/core/elicitation';

/** Arguments for a tool the person would fill by hand: each property's default, else a plain sample. */
function sampleArguments(tool: Tool): Record<string, unknown> {
  const properties = (tool.inputSchema.properties ?? {}) as Record<string, { type?: unknown; default?: unknown; enum?: unknown[] }>;
  const samples: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(properties)) {
    if (property.default !== undefined) samples[name] = property.default;
    else if (Array.isArray(property.enum) && property.enum.length > 0) samples[name] = property.enum[0];
    else if (property.type === 'number' || property.type === 'integer') samples[name] = Object.keys(samples).length + 1;
    else if (property.type === 'boolean') samples[name] = true;
    else if (property.type === 'string') samples[name] = 'test';
  }
  return samples;
}

/** Connects to `url` as Glassbox would: its name, and the capabilities issue 14 declares. */
async function connect(url: string): Promise<Client> {
  const client = new Client(
    { name: 'glassbox', version: '0.1.0' },
    { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: 'auto' } },
  );
  client.setRequestHandler('elicitation/create', async (request) => {
    const params = request.params;
    if (!('requestedSchema' in params)) return { action: 'decline' };
    const read = readElicitationForm(params.requestedSchema);
    // A form Glassbox cannot render is declined, as the card would offer only decline and cancel.
    return read.ok ? buildAcceptResult(read.form, initialValues(read.form)) : { action: 'decline' };
  });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

const url = process.argv.at(-1);
if (url === undefined || !/^https?:\/\//.test(url)) {
  console.error('usage: client.ts <server-url>');
  process.exit(2);
}
const client = await connect(url);
try {
  const { tools } = await client.listTools();
  for (const tool of tools) {
    const result = await client.callTool({ name: tool.name, arguments: sampleArguments(tool) });
    console.log(`${tool.name}: ${JSON.stringify(result.content).slice(0, 200)}`);
  }
} finally {
  await client.close();
}
