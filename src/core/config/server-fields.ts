import type { Node as JsonNode } from 'jsonc-parser';
import type { JsonProperty } from './json-tree';
import { lastPropertiesOf, propertiesOf } from './json-tree';
import { suggestServerKey } from './key-typos';
import type { OAuthConfig } from './config-types';
import type { ProblemList } from './problem-list';

/** The keys that hold a server's address, in the order Glassbox prefers them when several are given. */
export const URL_KEYS = ['url', 'httpUrl', 'serverUrl', 'endpoint'] as const;
/** The keys that name a server's transport, in order of preference. */
export const TRANSPORT_KEYS = ['type', 'transport', 'transportType'] as const;

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

// Other clients' settings that Glassbox reads but does not act on: said once, so nobody relies on them.
const NOT_APPLIED: Record<string, string> = {
  includeTools: 'Glassbox lists every tool of the server: "includeTools" is not applied',
  excludeTools: 'Glassbox lists every tool of the server: "excludeTools" is not applied',
  autoApprove: 'Glassbox asks before every tool call: "autoApprove" is not applied',
  alwaysAllow: 'Glassbox asks before every tool call: "alwaysAllow" is not applied',
};

/** Whether a JSON node is an object with a key only a server has (an address, a command or a transport). */
export function looksLikeServer(node: JsonNode | undefined): boolean {
  if (node?.type !== 'object') return false;
  const fields = lastPropertiesOf(node);
  return [...URL_KEYS, ...TRANSPORT_KEYS, 'command'].some((key) => fields.has(key));
}

/**
 * The fields of a server entry by key. Continue's older entries keep the connection in a nested
 * `"transport": {"type", "command", "args", "url"}` object: its fields count as the entry's own.
 */
export function fieldsOf(serverNode: JsonNode): Map<string, JsonProperty> {
  const fields = lastPropertiesOf(serverNode);
  const nested = fields.get('transport')?.valueNode;
  if (nested?.type !== 'object') return fields;
  fields.delete('transport');
  for (const [key, field] of lastPropertiesOf(nested)) fields.set(key, field);
  return fields;
}

/** A server's local command, read from any of its shapes. */
export interface CommandFields {
  /** The program, when one is given as a string. */
  command?: string;
  /** The node to mark for problems about the command (its key). */
  anchor?: JsonNode;
  /** The node holding the program's name. */
  commandNode?: JsonNode;
  args?: string[];
  argNodes: JsonNode[];
}

/**
 * Reads `"command": "npx", "args": […]`, Opencode's `"command": ["npx", "-y", …]` and Zed's older
 * `"command": {"path", "args", "env"}` alike.
 */
export function readCommand(fields: Map<string, JsonProperty>): CommandFields {
  const field = fields.get('command');
  const value = field?.valueNode;
  if (field === undefined) return { argNodes: [] };
  const strings = (node: JsonNode | undefined): JsonNode[] | undefined =>
    node?.type === 'array' ? (node.children ?? []).filter((item) => item.type === 'string') : undefined;
  if (value?.type === 'array') {
    const [first, ...rest] = strings(value) ?? [];
    return {
      command: first === undefined ? '' : String(first.value),
      anchor: field.keyNode,
      commandNode: first ?? value,
      args: rest.map((item) => String(item.value)),
      argNodes: rest,
    };
  }
  const inner = value?.type === 'object' ? lastPropertiesOf(value) : undefined;
  const programNode = inner ? inner.get('path')?.valueNode : value;
  const argNodes = strings(inner ? inner.get('args')?.valueNode : fields.get('args')?.valueNode);
  return {
    ...(programNode?.type === 'string' ? { command: String(programNode.value) } : {}),
    anchor: field.keyNode,
    ...(programNode === undefined ? {} : { commandNode: programNode }),
    ...(argNodes === undefined ? {} : { args: argNodes.map((item) => String(item.value)) }),
    argNodes: argNodes ?? [],
  };
}

/** The headers of a server (string values only), reporting names and values a browser will not send. */
export function readHeaders(node: JsonNode | undefined, problems: ProblemList): Record<string, string> {
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
      problems.addAtNode(
        'forbidden-header',
        'warning',
        header.keyNode,
        `A browser does not let a page set the "${header.key}" header: it will not be sent`,
      );
    }
    const valueNode = header.valueNode;
    if (valueNode?.type !== 'string' || typeof valueNode.value !== 'string') continue; // the schema reported it
    const value = valueNode.value;
    if (/[\r\n\0]/.test(value)) {
      problems.addAtNode(
        'bad-headers',
        'error',
        valueNode,
        `Header "${header.key}" contains a line break, which a browser refuses to send`,
      );
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

/** The timeout in milliseconds; Cline writes seconds (`inSeconds`), every other client milliseconds. */
export function readTimeout(node: JsonNode | undefined, problems: ProblemList, inSeconds: boolean): number | undefined {
  if (node?.type !== 'number' || typeof node.value !== 'number') return undefined;
  const value = node.value;
  if (!Number.isInteger(value) || value <= 0) return undefined; // the schema reported it
  if (inSeconds) return value * 1000;
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

/** Warns about keys that look like misspelled known keys; `dialectKeys` are keys this dialect reads besides the common ones. */
export function reportLikelyTypos(serverNode: JsonNode, problems: ProblemList, dialectKeys: ReadonlySet<string>): void {
  for (const field of propertiesOf(serverNode)) {
    if (dialectKeys.has(field.key)) continue;
    const suggestion = suggestServerKey(field.key);
    if (suggestion === undefined) continue;
    const reason =
      field.key.toLowerCase() === 'enabled'
        ? '"enabled" is not a key Glassbox reads: to turn a server off write "disabled": true'
        : `"${field.key}" is not a key Glassbox reads: did you mean "${suggestion}"?`;
    problems.addAtNode('possible-typo', 'warning', field.keyNode, reason);
  }
}

/** Says once per key that another client's tool filter or auto-approval is not applied here. */
export function reportNotApplied(fields: Map<string, JsonProperty>, problems: ProblemList): void {
  for (const [key, reason] of Object.entries(NOT_APPLIED)) {
    const field = fields.get(key);
    if (field?.valueNode?.type === 'array' && (field.valueNode.children ?? []).length > 0)
      problems.addAtNode('not-applied', 'info', field.keyNode, reason);
  }
}

/**
 * The `oauth` settings of a server (`{"clientId", "clientSecret", "scopes"}`); wrongly typed
 * fields are left out (the schema reports them). Undefined when there is no usable field.
 */
export function readOAuth(node: JsonNode | undefined): OAuthConfig | undefined {
  if (node?.type !== 'object') return undefined;
  const fields = lastPropertiesOf(node);
  const text = (key: string): string | undefined => {
    const value = fields.get(key)?.valueNode;
    return value?.type === 'string' && typeof value.value === 'string' && value.value !== '' ? value.value : undefined;
  };
  const scopesNode = fields.get('scopes')?.valueNode;
  const scopes =
    scopesNode?.type === 'array'
      ? (scopesNode.children ?? []).flatMap((item) => (item.type === 'string' && item.value ? [String(item.value)] : []))
      : undefined;
  const clientId = text('clientId');
  const clientSecret = text('clientSecret');
  const oauth: OAuthConfig = { ...(clientId && { clientId }), ...(clientSecret && { clientSecret }), ...(scopes?.length && { scopes }) };
  return Object.keys(oauth).length > 0 ? oauth : undefined;
}
