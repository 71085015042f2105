/**
 * The MCP client under test for `npm run conformance`: the conformance runner starts it once per
 * scenario with the scenario server's URL as the last argument (and MCP_CONFORMANCE_SCENARIO set).
 * It is Glassbox's own core, as the page runs it: a ServerConnection (era negotiation, session,
 * wire tap, capability modules) connects, lists the tools and calls each one, and the server's
 * requests are answered by an injected capability module: elicitation through core/elicitation's
 * form model, the person's part played by "accept the defaults" (the page's inbox asks the person).
 *
 * Run by scripts/conformance/run.mjs with Node 22 (--experimental-transform-types + ts-resolve-hook.mjs).
 */
import type { Client } from '@modelcontextprotocol/client';
import { buildAcceptResult, initialValues, readElicitationForm } from '../../src/core/elicitation';
import { ServerConnection } from '../../src/core/mcp';
import type { CapabilityModule, McpToolInfo } from '../../src/core/mcp';
import { SecretRegistry, TrafficLog } from '../../src/core/traffic';

/** Arguments for a tool the person would fill by hand: each property's default, else a plain sample. */
function sampleArguments(tool: McpToolInfo): Record<string, unknown> {
  const properties = (tool.inputSchema['properties'] ?? {}) as Record<string, { type?: unknown; default?: unknown; enum?: unknown[] }>;
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

/** Answers `elicitation/create` with the form's defaults (a form Glassbox cannot render is declined, as its card would offer only decline and cancel). */
const acceptDefaults: CapabilityModule = {
  name: 'elicitation',
  clientOptions: () => ({ capabilities: { elicitation: { form: {} } } }),
  register(client: Client) {
    client.setRequestHandler('elicitation/create', async (request) => {
      const params = request.params;
      if (!('requestedSchema' in params)) return { action: 'decline' };
      const read = readElicitationForm(params.requestedSchema);
      return read.ok ? buildAcceptResult(read.form, initialValues(read.form)) : { action: 'decline' };
    });
  },
};

const url = process.argv.at(-1);
if (url === undefined || !/^https?:\/\//.test(url)) {
  console.error('usage: client.ts <server-url>');
  process.exit(2);
}
const connection = new ServerConnection({
  name: 'conformance',
  url,
  headers: {},
  log: new TrafficLog(),
  secrets: new SecretRegistry(),
  fetch: globalThis.fetch.bind(globalThis),
  capabilities: () => [acceptDefaults],
});
await connection.connect();
const state = connection.getState();
if (state.status !== 'connected') {
  console.error(`Not connected: ${state.diagnosis?.title ?? state.status}. ${state.diagnosis?.detail ?? ''}`);
  process.exit(1);
}
try {
  for (const tool of state.tools) {
    const result = await connection.callTool(tool.name, sampleArguments(tool));
    console.log(`${tool.name}: ${JSON.stringify(result.content).slice(0, 200)}`);
  }
} finally {
  await connection.disconnect();
}
