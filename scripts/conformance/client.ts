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
import type { AppOAuthUrls, OAuthServerConfig, OpenAuthorization } from '../../src/core/auth';
import { ServerConnection } from '../../src/core/mcp';
import type { CapabilityModule, McpToolInfo, SignInSetup } from '../../src/core/mcp';
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

/**
 * The "popup": the conformance authorization servers approve at once and redirect to the
 * callback, so following the authorize URL with fetch gives the callback's query, as a person
 * signing in would. What it sends and checks is core's.
 */
const followRedirect: OpenAuthorization = async (authorizationUrl) => {
  const response = await fetch(authorizationUrl, { redirect: 'manual' });
  const location = response.headers.get('location');
  if (location === null) throw new Error(`The authorization endpoint answered ${response.status} without a redirect.`);
  return new URL(location, authorizationUrl).searchParams;
};

/**
 * The app's OAuth URLs as the suite expects them: its client metadata document URL (the one its
 * CIMD scenario accepts as client id) and a loopback callback nothing needs to serve.
 */
const app: AppOAuthUrls = {
  origin: 'http://localhost:3000',
  redirectUri: 'http://localhost:3000/callback',
  clientMetadataDocumentUrl: 'https://conformance-test.local/client-metadata.json',
};

/** What the scenario passes in MCP_CONFORMANCE_CONTEXT: a pre-registered client, or the tool calls to make. */
interface ScenarioContext {
  client_id?: string;
  client_secret?: string;
  toolCalls?: Array<{ name: string; arguments: Record<string, unknown> }>;
}
const context = JSON.parse(process.env['MCP_CONFORMANCE_CONTEXT'] ?? '{}') as ScenarioContext;

/**
 * The calls the person makes: the scenario's own when it names them; in the schema-preservation
 * scenario, the echo tool given the focal tool's inputSchema as Glassbox shows it (the person
 * copying it from the tool's card); otherwise each tool once with sample arguments.
 */
function plannedCalls(tools: readonly McpToolInfo[]): Array<{ name: string; arguments: Record<string, unknown> }> {
  if (context.toolCalls !== undefined) return context.toolCalls;
  const focal = tools.find((tool) => tool.name === 'json_schema_2020_12_tool');
  if (process.env['MCP_CONFORMANCE_SCENARIO'] === 'json-schema-2020-12-preservation' && focal !== undefined) {
    return [{ name: 'json_schema_echo', arguments: { schema: focal.inputSchema } }];
  }
  return tools.map((tool) => ({ name: tool.name, arguments: sampleArguments(tool) }));
}

/** A pre-registered client, when the scenario gives one (MCP_CONFORMANCE_CONTEXT), as a server entry's "oauth" config would. */
function oauthConfig(): OAuthServerConfig | undefined {
  if (context.client_id === undefined) return undefined;
  return { clientId: context.client_id, ...(context.client_secret !== undefined && { clientSecret: context.client_secret }) };
}

const url = process.argv.at(-1);
if (url === undefined || !/^https?:\/\//.test(url)) {
  console.error('usage: client.ts <server-url>');
  process.exit(2);
}
const oauth = oauthConfig();
const connection = new ServerConnection({
  name: 'conformance',
  url,
  headers: {},
  log: new TrafficLog(),
  secrets: new SecretRegistry(),
  fetch: globalThis.fetch.bind(globalThis),
  capabilities: () => [acceptDefaults],
  signIn: { app, openAuthorization: followRedirect } satisfies SignInSetup,
  ...(oauth && { oauth }),
});
await connection.connect();
// As the card's "Sign in" does: the automatic connect never opens a window by itself. A person
// presses it again when the connection stops there again (the authorization server changed, SEP-2352).
for (let press = 0; press < 2 && connection.getState().status === 'needs-sign-in'; press++) await connection.signIn();
const state = connection.getState();
if (state.status !== 'connected') {
  const signInError = state.auth?.error ? ` Sign-in: ${state.auth.error.code}: ${state.auth.error.message}` : '';
  console.error(`Not connected: ${state.diagnosis?.title ?? state.status}. ${state.diagnosis?.detail ?? ''}${signInError}`);
  process.exit(1);
}
try {
  // Skills (SEP-2640): the connection listed them; nothing of a skill is read until the person
  // opens one. The verify scenarios play the person opening each listed skill (the Skills tab's
  // click), which reads and verifies it through the core and is refused on a mismatch; the
  // no-prefetch scenario only lists, as a person who opens no skill.
  if (process.env['MCP_CONFORMANCE_SCENARIO']?.startsWith('sep-2640-client-verify-')) {
    for (const skill of state.skills ?? []) {
      const opened = await connection.skills.open(skill.uri).then(
        (loaded) => `loaded, ${loaded.files.length} file(s) verified`,
        (error: unknown) => `refused: ${error instanceof Error ? error.message : String(error)}`,
      );
      console.log(`skill ${skill.name}: ${opened}`);
    }
  }
  for (const call of plannedCalls(state.tools)) {
    const result = await connection.callTool(call.name, call.arguments);
    console.log(`${call.name}: ${JSON.stringify(result.content).slice(0, 200)}`);
  }
} finally {
  await connection.disconnect();
}
