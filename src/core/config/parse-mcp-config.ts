import type { Node as JsonNode } from 'jsonc-parser';
import { getNodeValue } from 'jsonc-parser';
import { checkServerUrl } from './check-server-url';
import type {
  ConfigInput,
  McpConfig,
  McpConfigDialect,
  ParseResult,
  ServerConfig,
  ServerStatus,
  ServerTransport,
  SourceRange,
} from './config-types';
import validateMcpConfig from './generated/validate-mcp-config';
import type { JsonProperty } from './json-tree';
import { lastPropertiesOf, propertiesOf } from './json-tree';
import { suggestServerKey } from './key-typos';
import { mapSchemaErrors } from './map-schema-errors';
import { parseJsonText } from './parse-json-text';
import { findPlaceholders, parsePlaceholder } from './placeholders';
import { ProblemList } from './problem-list';
import { recogniseRemoteWrapper } from './remote-wrappers';
import { TextPositions } from './text-positions';

/** The keys that hold a server's address, in the order Glassbox prefers them when several are given. */
const URL_KEYS = ['url', 'httpUrl', 'serverUrl', 'endpoint'] as const;
/** The keys that name a server's transport, in order of preference. */
const TRANSPORT_KEYS = ['type', 'transport', 'transportType'] as const;
/** Keys of a bare map that are not servers. */
const BARE_MAP_RESERVED_KEYS = new Set(['$schema', 'inputs']);

// Header names a page may not set (Fetch standard "forbidden request-header names"): the browser drops them.
const FORBIDDEN_HEADERS = new Set([
  'accept-charset',
  'accept-encoding',
  'access-control-request-headers',
  'access-control-request-method',
  'connection',
  'content-length',
  'cookie',
  'cookie2',
  'date',
  'dnt',
  'expect',
  'host',
  'keep-alive',
  'origin',
  'referer',
  'set-cookie',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'via',
]);
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * Parses an mcp.json in any of the dialects people paste (Claude Desktop, Cursor, Windsurf, Gemini CLI,
 * VS Code, a bare map) into normalised servers plus every problem found, each located by line and
 * column. Never throws. A broken entry is kept as `invalid` and does not hide the others; the config
 * is null only when the text is not JSON or not an object.
 */
export function parseMcpConfig(text: string): ParseResult {
  const problems = new ProblemList(text);
  const positions = new TextPositions(text);
  const { root, hasSyntaxErrors } = parseJsonText(text, problems);
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

  if (!validateMcpConfig(getNodeValue(root))) {
    for (const draft of mapSchemaErrors(validateMcpConfig.errors ?? [], root)) problems.add(draft);
  }

  const rootProperties = lastPropertiesOf(root);
  const { dialect, mapNode, mapKeyNode } = findServerMap(root, rootProperties, problems);
  reportDuplicateKeys(root, mapNode, problems, positions);
  const inputs = readInputs(rootProperties.get('inputs')?.valueNode);
  const inputIds = new Set(inputs.map((input) => input.id));

  const allEntries = mapNode?.type === 'object' ? propertiesOf(mapNode).filter((entry) => dialect !== 'bare' || !BARE_MAP_RESERVED_KEYS.has(entry.key)) : [];
  // For a duplicated name the last definition is the one JSON.parse keeps, so it is the one we read.
  const entries = allEntries.filter((entry, index) => !allEntries.slice(index + 1).some((later) => later.key === entry.key));

  const servers: ServerConfig[] = [];
  const misspelledWrappers = new Set<string>();
  for (const entry of entries) {
    if (dialect === 'bare' && reportMisspelledWrapper(entry, problems)) {
      misspelledWrappers.add(entry.key);
      continue;
    }
    servers.push(readServer(entry, { problems, positions, inputIds }));
  }

  if (mapNode?.type === 'object' && servers.length === 0 && misspelledWrappers.size === 0) {
    const at = mapKeyNode ?? { offset: root.offset, length: 1 };
    problems.add({
      code: 'no-servers',
      severity: 'warning',
      offset: at.offset,
      length: at.length,
      reason:
        dialect === 'servers'
          ? 'No servers found: add them under "servers", like {"servers": {"weather": {"type": "http", "url": "https://example.com/mcp"}}}'
          : 'No servers found: add them under "mcpServers", like {"mcpServers": {"weather": {"url": "https://example.com/mcp"}}}',
    });
  }

  const config: McpConfig = { dialect, servers, inputs };
  const serverAt = (offset: number): string | undefined =>
    allEntries.find((entry) => !misspelledWrappers.has(entry.key) && offset >= entry.propertyNode.offset && offset < entry.propertyNode.offset + entry.propertyNode.length)?.key;
  return { config, problems: problems.toProblems(serverAt) };
}

function findServerMap(
  root: JsonNode,
  rootProperties: Map<string, JsonProperty>,
  problems: ProblemList,
): { dialect: McpConfigDialect; mapNode: JsonNode | undefined; mapKeyNode: JsonNode | undefined } {
  const mcpServers = rootProperties.get('mcpServers');
  const servers = rootProperties.get('servers');
  if (mcpServers !== undefined) {
    if (servers !== undefined) {
      problems.addAtNode('ignored-key', 'warning', servers.keyNode, '"servers" is ignored because "mcpServers" is also present: keep one of them');
    }
    return { dialect: 'mcpServers', mapNode: mcpServers.valueNode, mapKeyNode: mcpServers.keyNode };
  }
  if (servers !== undefined) return { dialect: 'servers', mapNode: servers.valueNode, mapKeyNode: servers.keyNode };
  return { dialect: 'bare', mapNode: root, mapKeyNode: undefined };
}

/** In a bare map, an entry that is really a misnamed group of servers (`"mcpservers": {…}`) gets one clear error instead of "missing url". */
function reportMisspelledWrapper(entry: JsonProperty, problems: ProblemList): boolean {
  const value = entry.valueNode;
  if (value?.type !== 'object') return false;
  const fields = lastPropertiesOf(value);
  const serverKeys = [...URL_KEYS, ...TRANSPORT_KEYS, 'command'];
  if (serverKeys.some((key) => fields.has(key))) return false;
  const normalised = entry.key.toLowerCase().replace(/[-_\s]/g, '');
  const childrenAreObjects = fields.size > 0 && [...fields.values()].every((field) => field.valueNode?.type === 'object');

  let reason: string | undefined;
  if (normalised === 'mcpservers' || normalised === 'mcpserver') {
    reason = `"${entry.key}" is not a key Glassbox reads: did you mean "mcpServers"?`;
  } else if (normalised === 'servers' || normalised === 'server') {
    reason = `"${entry.key}" is not a key Glassbox reads: did you mean "servers"?`;
  } else if (normalised === 'contextservers') {
    reason = `"${entry.key}" is Zed's key: rename it to "mcpServers"`;
  } else if (normalised === 'mcp' && fields.has('servers')) {
    reason = '"mcp" looks like the "mcp" section of VS Code\'s settings.json: paste what is inside it, {"servers": {…}}';
  } else if (childrenAreObjects) {
    reason = `"${entry.key}" looks like a group of servers, not a server: put the servers under "mcpServers"`;
  }
  if (reason === undefined) return false;
  problems.addAtNode('misspelled-wrapper-key', 'error', entry.keyNode, reason);
  return true;
}

function reportDuplicateKeys(node: JsonNode, mapNode: JsonNode | undefined, problems: ProblemList, positions: TextPositions): void {
  if (node.type === 'object') {
    const firstLine = new Map<string, number>();
    for (const property of propertiesOf(node)) {
      const line = positions.positionAt(property.keyNode.offset).line;
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
  for (const child of node.children ?? []) reportDuplicateKeys(child, mapNode, problems, positions);
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
    inputs.push({
      id: id.value,
      ...(description?.type === 'string' ? { description: String(description.value) } : {}),
      password: password?.type === 'boolean' && password.value === true,
    });
  }
  return inputs;
}

interface ReadContext {
  problems: ProblemList;
  positions: TextPositions;
  inputIds: ReadonlySet<string>;
}

function readServer(entry: JsonProperty, context: ReadContext): ServerConfig {
  const { problems } = context;
  const name = entry.key;
  const start = context.positions.positionAt(entry.keyNode.offset);
  const range: SourceRange = { line: start.line, column: start.column, offset: entry.keyNode.offset, length: entry.keyNode.length };
  const value = entry.valueNode;
  if (value?.type !== 'object') {
    // The schema has already reported that the entry is not an object.
    return { name, transport: 'streamable-http', headers: {}, disabled: false, status: 'invalid', placeholders: [], range };
  }

  const fields = lastPropertiesOf(value);
  const stringAt = (key: string): string | undefined => {
    const node = fields.get(key)?.valueNode;
    return node?.type === 'string' && typeof node.value === 'string' ? node.value : undefined;
  };

  // The address: the first of url/httpUrl/serverUrl/endpoint; another one that differs is ignored, and said so.
  const urlKeys = URL_KEYS.filter((key) => fields.has(key));
  const urlKey = urlKeys[0];
  const url = urlKey === undefined ? undefined : stringAt(urlKey);
  for (const other of urlKeys.slice(1)) {
    const otherField = fields.get(other);
    if (otherField !== undefined && stringAt(other) !== url) {
      problems.addAtNode('multiple-urls', 'warning', otherField.keyNode, `"${other}" is ignored: "${urlKey}" is also given and Glassbox uses that`);
    }
  }

  // The declared transport, if any (an unknown value was reported by the schema).
  const transportKeys = TRANSPORT_KEYS.filter((key) => fields.has(key));
  const declaredKey = transportKeys[0];
  const declaredNode = declaredKey === undefined ? undefined : fields.get(declaredKey)?.valueNode;
  const declared = declaredKey === undefined ? undefined : normaliseTransport(stringAt(declaredKey));
  for (const other of transportKeys.slice(1)) {
    const otherTransport = normaliseTransport(stringAt(other));
    const otherNode = fields.get(other)?.valueNode;
    if (declared !== undefined && otherTransport !== undefined && otherTransport !== declared && otherNode !== undefined) {
      problems.addAtNode('conflicting-transport', 'warning', otherNode, `"${other}" disagrees with "${declaredKey}": Glassbox uses "${declaredKey}"`);
    }
  }

  const commandField = fields.get('command');
  const command = stringAt('command');
  const hasCommand = commandField !== undefined;
  const transport: ServerTransport = declared ?? (urlKey !== undefined ? 'streamable-http' : hasCommand ? 'stdio' : 'streamable-http');

  // What must be there for the transport.
  if (urlKey === undefined && !hasCommand) {
    problems.addAtNode(
      'missing-url-and-command',
      'error',
      entry.keyNode,
      `Server "${name}" has no "url" (for a remote server, like "https://example.com/mcp") and no "command" (for a local one)`,
    );
  } else if (transport === 'stdio' && !hasCommand && declaredNode !== undefined) {
    problems.addAtNode(
      'missing-command',
      'error',
      declaredNode,
      `"${declaredKey}" is "stdio" but the server has no "command": to connect to its "${urlKey}", write "${declaredKey}": "http"`,
    );
  } else if (transport !== 'stdio' && urlKey === undefined && declaredNode !== undefined) {
    problems.addAtNode(
      'missing-url',
      'error',
      declaredNode,
      `"${declaredKey}" is ${JSON.stringify(stringAt(declaredKey ?? ''))} but the server has no "url": give its address, like "https://example.com/mcp"`,
    );
  } else if (declared === undefined && urlKey !== undefined && commandField !== undefined) {
    problems.addAtNode('url-and-command', 'warning', commandField.keyNode, `Server "${name}" has both "${urlKey}" and "command": Glassbox connects to the ${urlKey} and ignores the command`);
  }
  if (command !== undefined && command.trim() === '' && commandField?.valueNode !== undefined) {
    problems.addAtNode('missing-command', 'error', commandField.valueNode, '"command" is empty: name the program that starts the server, like "npx"');
  }

  const urlNode = urlKey === undefined ? undefined : fields.get(urlKey)?.valueNode;
  if (url !== undefined && urlNode !== undefined && transport !== 'stdio') {
    for (const finding of checkServerUrl(url, urlKey)) problems.addAtNode(finding.code, finding.severity, urlNode, finding.reason);
  }
  if (transport === 'sse' && declaredNode !== undefined) {
    problems.addAtNode(
      'legacy-sse',
      'warning',
      declaredNode,
      '"sse" is the legacy HTTP+SSE transport: Glassbox connects with streamable HTTP, which most servers also offer (often at /mcp instead of /sse)',
    );
  }

  const headers = readHeaders(fields.get('headers')?.valueNode, problems);
  const timeoutMs = readTimeout(fields.get('timeout')?.valueNode, problems);
  const disabledNode = fields.get('disabled')?.valueNode;
  const disabled = disabledNode?.type === 'boolean' && disabledNode.value === true;
  reportLikelyTypos(value, problems);

  // Local processes, and the wrappers that are really remote servers.
  const argsNode = fields.get('args')?.valueNode;
  const argNodes = argsNode?.type === 'array' ? (argsNode.children ?? []).filter((item) => item.type === 'string') : [];
  const args = argsNode?.type === 'array' ? argNodes.map((item) => String(item.value)) : undefined;
  let suggestedUrl: string | undefined;
  let suggestedHeaders: Record<string, string> | undefined;
  let suggestedUrlNode: JsonNode | undefined;
  if (transport === 'stdio' && command !== undefined && command.trim() !== '' && commandField !== undefined) {
    const wrapper = recogniseRemoteWrapper(command, args ?? []);
    if (wrapper !== undefined) {
      suggestedUrl = wrapper.url;
      suggestedHeaders = Object.keys(wrapper.headers).length > 0 ? wrapper.headers : undefined;
      suggestedUrlNode = argNodes.find((item) => item.value === wrapper.url) ?? commandField.keyNode;
      problems.addAtNode(
        'remote-wrapper',
        'info',
        suggestedUrlNode,
        `Server "${name}" runs ${wrapper.tool}, a local bridge to ${wrapper.url}: a browser cannot start it, but Glassbox can connect to that URL directly`,
      );
    } else {
      problems.addAtNode(
        'needs-local-process',
        'warning',
        commandField.keyNode,
        `Server "${name}" needs a local process — a browser cannot start it; expose it over HTTP with a stdio-to-HTTP gateway (such as supergateway or mcp-proxy) and use its "url"`,
      );
    }
  }

  // Placeholders must be asked for, never sent literally.
  const placeholderSources: Array<{ text: string; node: JsonNode | undefined }> = [];
  if (url !== undefined) placeholderSources.push({ text: url, node: urlNode });
  const headersNode = fields.get('headers')?.valueNode;
  for (const header of headersNode?.type === 'object' ? propertiesOf(headersNode) : []) {
    placeholderSources.push({ text: header.key, node: header.keyNode });
    if (header.valueNode?.type === 'string') placeholderSources.push({ text: String(header.valueNode.value), node: header.valueNode });
  }
  if (suggestedUrl !== undefined) placeholderSources.push({ text: suggestedUrl, node: suggestedUrlNode });
  for (const [headerName, headerValue] of Object.entries(suggestedHeaders ?? {})) {
    placeholderSources.push({ text: `${headerName}: ${headerValue}`, node: argNodes.find((item) => String(item.value).includes(headerValue)) });
  }
  const placeholders: string[] = [];
  for (const source of placeholderSources) {
    for (const raw of findPlaceholders(source.text)) {
      if (!placeholders.includes(raw)) placeholders.push(raw);
      const placeholder = parsePlaceholder(raw);
      if (placeholder.kind === 'input' && !context.inputIds.has(placeholder.name) && source.node !== undefined) {
        problems.addAtNode(
          'unknown-input',
          'warning',
          source.node,
          `${raw} refers to an input "${placeholder.name}" that "inputs" does not declare: Glassbox will still ask for it`,
        );
      }
    }
  }

  const end = entry.propertyNode.offset + entry.propertyNode.length;
  const status: ServerStatus = problems.hasErrorWithin(entry.propertyNode.offset, end)
    ? 'invalid'
    : transport === 'stdio'
      ? 'needs-local-process'
      : disabled
        ? 'disabled'
        : 'ok';

  return {
    name,
    ...(url === undefined ? {} : { url }),
    transport,
    headers,
    disabled,
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
    status,
    ...(command === undefined ? {} : { command }),
    ...(args === undefined ? {} : { args }),
    ...(suggestedUrl === undefined ? {} : { suggestedUrl }),
    ...(suggestedHeaders === undefined ? {} : { suggestedHeaders }),
    placeholders,
    range,
  };
}

function normaliseTransport(value: string | undefined): ServerTransport | undefined {
  switch (value) {
    case 'http':
    case 'streamable-http':
    case 'streamableHttp':
      return 'streamable-http';
    case 'sse':
      return 'sse';
    case 'stdio':
      return 'stdio';
    default:
      return undefined;
  }
}

function readHeaders(node: JsonNode | undefined, problems: ProblemList): Record<string, string> {
  const headers: Record<string, string> = {};
  if (node?.type !== 'object') return headers;
  for (const header of propertiesOf(node)) {
    const lower = header.key.toLowerCase();
    if (!HEADER_NAME.test(header.key)) {
      problems.addAtNode(
        'bad-headers',
        'error',
        header.keyNode,
        `Header name "${header.key}" is not valid: use letters, digits and "-" only, like "Authorization" or "X-Api-Key"`,
      );
    } else if (FORBIDDEN_HEADERS.has(lower) || lower.startsWith('proxy-') || lower.startsWith('sec-')) {
      problems.addAtNode('forbidden-header', 'warning', header.keyNode, `A browser does not let a page set the "${header.key}" header: it will not be sent`);
    }
    const valueNode = header.valueNode;
    if (valueNode?.type !== 'string' || typeof valueNode.value !== 'string') continue; // the schema reported it
    const value = valueNode.value;
    if (/[\r\n\0]/.test(value)) {
      problems.addAtNode('bad-headers', 'error', valueNode, `Header "${header.key}" contains a line break, which a browser refuses to send`);
    } else if ([...value].some((character) => (character.codePointAt(0) ?? 0) > 0xff)) {
      problems.addAtNode(
        'bad-headers',
        'error',
        valueNode,
        `Header "${header.key}" contains a character a browser cannot send in a header (outside Latin-1, like a curly quote or "…"): retype it`,
      );
    }
    headers[header.key] = value;
  }
  return headers;
}

function readTimeout(node: JsonNode | undefined, problems: ProblemList): number | undefined {
  if (node?.type !== 'number' || typeof node.value !== 'number') return undefined;
  const value = node.value;
  if (!Number.isInteger(value) || value <= 0) return undefined; // the schema reported it
  if (value < 1000) {
    problems.addAtNode(
      'small-timeout',
      'warning',
      node,
      `"timeout" is in milliseconds: ${value} means ${value / 1000} seconds. For ${value} seconds write ${value * 1000}`,
    );
  }
  return value;
}

function reportLikelyTypos(serverNode: JsonNode, problems: ProblemList): void {
  for (const field of propertiesOf(serverNode)) {
    const suggestion = suggestServerKey(field.key);
    if (suggestion === undefined) continue;
    const reason =
      field.key.toLowerCase() === 'enabled'
        ? '"enabled" is not a key Glassbox reads: to turn a server off write "disabled": true'
        : `"${field.key}" is not a key Glassbox reads: did you mean "${suggestion}"?`;
    problems.addAtNode('possible-typo', 'warning', field.keyNode, reason);
  }
}
