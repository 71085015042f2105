import type { Node as JsonNode } from 'jsonc-parser';
import { getNodeValue } from 'jsonc-parser';
import type { ConfigInput, McpConfig, ParseResult, ServerConfig } from './config-types';
import type { SchemaValidators } from './schema-validators';
import { textToParse } from './fragment';
import { lastPropertiesOf, propertiesOf } from './json-tree';
import { locateServers } from './locate-servers';
import { mapSchemaErrors, mapServerSchemaErrors } from './map-schema-errors';
import { parseJsonText } from './parse-json-text';
import { ProblemList } from './problem-list';
import { readServer } from './read-server';

// Top-level keys only Gemini CLI's settings.json has: in such a file a plain "url" means the 2024 SSE transport.
const GEMINI_SETTINGS_KEYS = [
  'context',
  'contextFileName',
  'selectedAuthType',
  'coreTools',
  'allowMCPServers',
  'excludeMCPServers',
  'checkpointing',
  'preferredEditor',
  'telemetry',
];
// Server keys only Gemini CLI reads.
const GEMINI_SERVER_KEYS = ['httpUrl', 'trust', 'includeTools', 'excludeTools'];

/**
 * Reads an mcp.json in any of the dialects people paste (Claude Desktop, Cursor, Windsurf, Gemini CLI,
 * Cline, VS Code and its user settings, Zed, Continue, Opencode, a bare map, a fragment without its
 * outer braces, one unnamed server) into normalised servers plus every problem found, each located by
 * line and column. Never throws. A broken entry is kept as `invalid` and does not hide the others;
 * the config is null only when the text is not JSON or not an object. The schema's checks run when
 * `schema` is given (`parseMcpConfig` always gives it; the config store gets it once loaded).
 */
export function readMcpConfig(text: string, schema: SchemaValidators | undefined): ParseResult {
  // A fragment ("mcpServers": {…}) is read as if wrapped in braces; offsets are shifted back for the markers.
  const { parsedText, shift, fragment } = textToParse(text);
  const problems = new ProblemList(text, shift);
  const { root, hasSyntaxErrors } = parseJsonText(parsedText, problems);
  if (root === undefined || hasSyntaxErrors) return { config: null, problems: problems.toProblems() };

  if (root.type !== 'object') {
    problems.add({
      code: 'not-an-object',
      severity: 'error',
      offset: root.offset,
      length: root.type === 'array' ? 1 : root.length,
      reason: 'The text must be a JSON object, like {"mcpServers": {"weather": {"url": "https://example.com/mcp"}}}',
    });
    return { config: null, problems: problems.toProblems() };
  }
  const firstKey = propertiesOf(root)[0]?.keyNode;
  if (fragment && firstKey !== undefined) {
    problems.addAtNode(
      'wrapped-fragment',
      'info',
      firstKey,
      'The text has no outer { and }: Glassbox reads it as if it were wrapped in them',
    );
  }

  const located = locateServers(root, problems);
  if (schema === undefined) {
    // Not loaded yet: only the prerendered first frame reads a config without it.
  } else if (located.validation === 'document') {
    if (!schema.document(getNodeValue(root))) for (const draft of mapSchemaErrors(schema.document.errors ?? [], root)) problems.add(draft);
  } else {
    for (const entry of located.entries) {
      const value = entry.valueNode === undefined ? undefined : getNodeValue(entry.valueNode);
      if (!schema.server(value)) for (const draft of mapServerSchemaErrors(schema.server.errors ?? [], entry)) problems.add(draft);
    }
  }
  reportDuplicateKeys(root, located.mapNode, problems);
  const inputs = readInputs(located.inputsNode);
  const inputIds = new Set(inputs.map((input) => input.id));
  const urlMeansSseIn =
    located.dialect === 'mcpServers' &&
    isGeminiSettings(
      root,
      located.entries.map((entry) => entry.valueNode),
    )
      ? 'Gemini CLI'
      : undefined;

  const servers: ServerConfig[] = [];
  for (const entry of located.entries) {
    const read = readServer(entry, {
      problems,
      inputIds,
      dialectKeys: located.dialectKeys,
      ...(urlMeansSseIn === undefined ? {} : { urlMeansSseIn }),
    });
    servers.push(read.server);
    for (const input of read.defaults) {
      if (!inputs.some((known) => known.id === input.id)) inputs.push(input);
    }
  }

  const noServersAt = located.noServersAt ?? (located.mapNode === root ? { offset: root.offset, length: 1 } : undefined);
  if (servers.length === 0 && noServersAt !== undefined && located.dialect !== 'none') {
    problems.add({
      code: 'no-servers',
      severity: 'warning',
      offset: noServersAt.offset,
      length: noServersAt.length,
      reason:
        located.dialect === 'servers' || located.dialect === 'vscode-settings'
          ? 'No servers found: add them under "servers", like {"servers": {"weather": {"type": "http", "url": "https://example.com/mcp"}}}'
          : 'No servers found: add them under "mcpServers", like {"mcpServers": {"weather": {"url": "https://example.com/mcp"}}}',
    });
  }

  const config: McpConfig = { dialect: located.dialect, servers, inputs };
  const serverAt = (offset: number): string | undefined =>
    located.entries.find((entry) => offset >= entry.propertyNode.offset && offset < entry.propertyNode.offset + entry.propertyNode.length)
      ?.key;
  return { config, problems: problems.toProblems(serverAt) };
}

/** Gemini CLI's settings: its own top-level keys, or servers written with keys only Gemini reads. */
function isGeminiSettings(root: JsonNode, servers: ReadonlyArray<JsonNode | undefined>): boolean {
  const top = lastPropertiesOf(root);
  if (GEMINI_SETTINGS_KEYS.some((key) => top.has(key))) return true;
  return servers.some((server) => server?.type === 'object' && GEMINI_SERVER_KEYS.some((key) => lastPropertiesOf(server).has(key)));
}

function reportDuplicateKeys(node: JsonNode, mapNode: JsonNode | undefined, problems: ProblemList): void {
  if (node.type === 'object') {
    const firstLine = new Map<string, number>();
    for (const property of propertiesOf(node)) {
      const line = problems.rangeOf(property.keyNode.offset, 0).line;
      const earlier = firstLine.get(property.key);
      if (earlier === undefined) {
        firstLine.set(property.key, line);
      } else if (node === mapNode) {
        problems.addAtNode(
          'duplicate-server',
          'warning',
          property.keyNode,
          `Server "${property.key}" is defined again here (first on line ${earlier}): only this later definition is used`,
        );
      } else {
        problems.addAtNode(
          'duplicate-key',
          'warning',
          property.keyNode,
          `"${property.key}" is given twice in this object (first on line ${earlier}): only this later value is used`,
        );
      }
    }
  }
  for (const child of node.children ?? []) reportDuplicateKeys(child, mapNode, problems);
}

function readInputs(node: JsonNode | undefined): ConfigInput[] {
  if (node?.type !== 'array') return [];
  const inputs: ConfigInput[] = [];
  for (const item of node.children ?? []) {
    if (item.type !== 'object') continue;
    const fields = lastPropertiesOf(item);
    const id = fields.get('id')?.valueNode;
    if (id?.type !== 'string' || typeof id.value !== 'string') continue;
    const description = fields.get('description')?.valueNode;
    const password = fields.get('password')?.valueNode;
    const fallback = fields.get('default')?.valueNode;
    inputs.push({
      id: id.value,
      ...(description?.type === 'string' ? { description: String(description.value) } : {}),
      password: password?.type === 'boolean' && password.value === true,
      ...(fallback?.type === 'string' ? { default: String(fallback.value) } : {}),
    });
  }
  return inputs;
}
