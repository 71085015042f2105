import type { Node as JsonNode } from 'jsonc-parser';
import { checkServerUrl } from './check-server-url';
import type { ConfigInput, ServerConfig, ServerStatus, ServerTransport } from './config-types';
import type { JsonProperty } from './json-tree';
import { propertiesOf } from './json-tree';
import { applyPlaceholderDefaults } from './placeholders';
import type { ProblemList } from './problem-list';
import { recogniseRemoteWrapper } from './remote-wrappers';
import { redactUrl } from '../secrets';
import {
  fieldsOf,
  readCommand,
  readHeaders,
  readOAuth,
  readTimeout,
  reportLikelyTypos,
  reportNotApplied,
  TRANSPORT_KEYS,
  URL_KEYS,
} from './server-fields';
import type { PlaceholderSource } from './server-placeholders';
import { collectPlaceholders } from './server-placeholders';

/** What reading a server needs to know about the file it is in. */
export interface ReadContext {
  problems: ProblemList;
  inputIds: ReadonlySet<string>;
  /** The client whose files read a plain `url` without a type as the 2024 SSE transport (Gemini CLI), when the file is one of them. */
  urlMeansSseIn?: string;
  /** Keys this dialect reads besides the common ones (Opencode's `enabled`, `environment`): not typos here. */
  dialectKeys: ReadonlySet<string>;
}

/** One read server, and the `${VAR:-default}` variables it uses (offered as inputs). */
export interface ReadServer {
  server: ServerConfig;
  defaults: ConfigInput[];
}

/** Reads one server entry of any dialect into a normalised `ServerConfig`, reporting what is wrong with it. */
export function readServer(entry: JsonProperty, context: ReadContext): ReadServer {
  const { problems } = context;
  const name = entry.key;
  const range = problems.rangeOf(entry.keyNode.offset, entry.keyNode.length);
  const value = entry.valueNode;
  if (value?.type !== 'object') {
    // The schema has already reported that the entry is not an object.
    return {
      server: { name, transport: 'streamable-http', headers: {}, disabled: false, status: 'invalid', placeholders: [], range },
      defaults: [],
    };
  }

  const fields = fieldsOf(value);
  const stringAt = (key: string): string | undefined => {
    const node = fields.get(key)?.valueNode;
    return node?.type === 'string' && typeof node.value === 'string' ? node.value : undefined;
  };

  // The address: the first of url/httpUrl/serverUrl/endpoint; another one that differs is ignored, and said so.
  const urlKeys = URL_KEYS.filter((key) => fields.has(key));
  const urlKey = urlKeys[0];
  const rawUrl = urlKey === undefined ? undefined : stringAt(urlKey);
  for (const other of urlKeys.slice(1)) {
    const otherField = fields.get(other);
    if (otherField !== undefined && stringAt(other) !== rawUrl) {
      problems.addAtNode(
        'multiple-urls',
        'warning',
        otherField.keyNode,
        `"${other}" is ignored: "${urlKey}" is also given and Glassbox uses that`,
      );
    }
  }
  const url = rawUrl === undefined ? undefined : applyPlaceholderDefaults(rawUrl);

  // The declared transport, if any (an unknown value was reported by the schema).
  const transportKeys = TRANSPORT_KEYS.filter((key) => fields.has(key));
  const declaredKey = transportKeys[0];
  const declaredNode = declaredKey === undefined ? undefined : fields.get(declaredKey)?.valueNode;
  const declared = declaredKey === undefined ? undefined : normaliseTransport(stringAt(declaredKey));
  for (const other of transportKeys.slice(1)) {
    const otherTransport = normaliseTransport(stringAt(other));
    const otherNode = fields.get(other)?.valueNode;
    if (declared !== undefined && otherTransport !== undefined && otherTransport !== declared && otherNode !== undefined) {
      problems.addAtNode(
        'conflicting-transport',
        'warning',
        otherNode,
        `"${other}" disagrees with "${declaredKey}": Glassbox uses "${declaredKey}"`,
      );
    }
  }

  const local = readCommand(fields);
  const { command } = local;
  const hasCommand = local.anchor !== undefined;
  const cline = isClineEntry(fields);
  const urlMeansSseIn = urlKey === 'url' ? (cline ? 'Cline' : context.urlMeansSseIn) : undefined;
  const transport: ServerTransport =
    declared ??
    (urlKey !== undefined ? (urlMeansSseIn !== undefined ? 'sse' : 'streamable-http') : hasCommand ? 'stdio' : 'streamable-http');
  reportTransportProblems(
    name,
    { urlKey, declaredKey, declaredNode, declared, transport, hasCommand, anchor: local.anchor },
    entry,
    context,
  );
  if (command !== undefined && command.trim() === '' && local.commandNode !== undefined) {
    problems.addAtNode(
      'missing-command',
      'error',
      local.commandNode,
      '"command" is empty: name the program that starts the server, like "npx"',
    );
  }

  const urlNode = urlKey === undefined ? undefined : fields.get(urlKey)?.valueNode;
  if (url !== undefined && urlNode !== undefined && transport !== 'stdio') {
    for (const finding of checkServerUrl(url, urlKey)) problems.addAtNode(finding.code, finding.severity, urlNode, finding.reason);
  }
  if (transport === 'sse') {
    const why =
      declaredNode === undefined && urlMeansSseIn !== undefined && urlKey !== undefined
        ? `${urlMeansSseIn} reads a plain "url" without "type" as "sse"${urlMeansSseIn === 'Cline' ? ' (write "type": "streamableHttp" for streamable HTTP)' : ' ("httpUrl" is streamable HTTP)'}. `
        : '';
    problems.addAtNode(
      'legacy-sse',
      'info',
      declaredNode ?? fields.get(urlKey ?? '')?.keyNode ?? entry.keyNode,
      `${why}"sse" is the 2024 HTTP+SSE transport: Glassbox opens its GET event stream at this address and posts to the endpoint it names (if the server also offers streamable HTTP, often at /mcp, "type": "http" there is the newer transport)`,
    );
  }

  if (
    transport === 'streamable-http' &&
    declared === undefined &&
    url !== undefined &&
    urlNode !== undefined &&
    /\/sse\/?([?#]|$)/.test(url)
  ) {
    problems.addAtNode(
      'sse-path',
      'info',
      urlNode,
      'The address ends in /sse, the usual path of the 2024 HTTP+SSE transport: Glassbox tries streamable HTTP here first and falls back to the SSE transport if the server refuses it ("type": "sse" goes straight to it)',
    );
  }

  const headersNode = fields.get('headers')?.valueNode;
  const writtenHeaders = readHeaders(headersNode, problems);
  const headers = Object.fromEntries(Object.entries(writtenHeaders).map(([header, text]) => [header, applyPlaceholderDefaults(text)]));
  const timeoutMs = readTimeout(fields.get('timeout')?.valueNode, problems, cline);
  const oauth = readOAuth(fields.get('oauth')?.valueNode);
  const disabledNode = fields.get('disabled')?.valueNode;
  const enabledNode = context.dialectKeys.has('enabled') ? fields.get('enabled')?.valueNode : undefined;
  const disabled =
    (disabledNode?.type === 'boolean' && disabledNode.value === true) || (enabledNode?.type === 'boolean' && enabledNode.value === false);
  reportLikelyTypos(value, problems, context.dialectKeys);
  reportNotApplied(fields, problems);

  // Local processes, and the wrappers that are really remote servers.
  const { args, argNodes } = local;
  const envNode = fields.get('env')?.valueNode;
  const envProperties = envNode?.type === 'object' ? propertiesOf(envNode) : [];
  let suggestedUrl: string | undefined;
  let suggestedHeaders: Record<string, string> | undefined;
  let suggestedUrlNode: JsonNode | undefined;
  if (transport === 'stdio' && command !== undefined && command.trim() !== '' && local.anchor !== undefined) {
    const wrapper = recogniseRemoteWrapper(
      command,
      args ?? [],
      envProperties.map((property) => property.key),
    );
    if (wrapper !== undefined) {
      suggestedUrl = wrapper.url;
      suggestedHeaders = Object.keys(wrapper.headers).length > 0 ? wrapper.headers : undefined;
      suggestedUrlNode = argNodes.find((item) => item.value === wrapper.url) ?? local.anchor;
      problems.addAtNode(
        'remote-wrapper',
        'info',
        suggestedUrlNode,
        `Server "${name}" runs ${wrapper.tool}, a local bridge to ${redactUrl(wrapper.url)}: a browser cannot start it, but Glassbox can connect to that URL directly`,
      );
    } else {
      problems.addAtNode(
        'needs-local-process',
        'warning',
        local.anchor,
        `Server "${name}" needs a local process — a browser cannot start it; run this file through glassbox-bridge (npx glassbox-bridge <file> --app <this page>) and open the link it prints, or expose it over HTTP with a stdio-to-HTTP gateway (such as supergateway or mcp-proxy) and use its "url"`,
      );
    }
  }

  // Placeholders must be asked for, never sent literally.
  const sources: PlaceholderSource[] = [];
  if (rawUrl !== undefined) sources.push({ text: rawUrl, node: urlNode });
  for (const header of headersNode?.type === 'object' ? propertiesOf(headersNode) : []) {
    sources.push({ text: header.key, node: header.keyNode });
    if (header.valueNode?.type === 'string') sources.push({ text: String(header.valueNode.value), node: header.valueNode });
  }
  if (suggestedUrl !== undefined) sources.push({ text: suggestedUrl, node: suggestedUrlNode });
  for (const [headerName, headerValue] of Object.entries(suggestedHeaders ?? {})) {
    // A header from an argument is marked there; one the wrapper builds from `env` at that variable.
    const argument = argNodes.find((item) => String(item.value).includes(headerValue));
    const variable = envProperties.find((property) => headerValue.includes(`\${${property.key}}`));
    sources.push({ text: `${headerName}: ${headerValue}`, node: argument ?? variable?.keyNode });
  }
  const { placeholders, defaults } = collectPlaceholders(sources, context.inputIds, problems);

  const end = entry.propertyNode.offset + entry.propertyNode.length;
  const status: ServerStatus = problems.hasErrorWithin(entry.propertyNode.offset, end)
    ? 'invalid'
    : transport === 'stdio'
      ? 'needs-local-process'
      : disabled
        ? 'disabled'
        : 'ok';

  const server: ServerConfig = {
    name,
    ...(url === undefined ? {} : { url }),
    transport,
    headers,
    disabled,
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
    ...(oauth === undefined ? {} : { oauth }),
    status,
    ...(command === undefined ? {} : { command }),
    ...(args === undefined ? {} : { args }),
    ...(suggestedUrl === undefined ? {} : { suggestedUrl }),
    ...(suggestedHeaders === undefined ? {} : { suggestedHeaders }),
    placeholders,
    range,
  };
  return { server, defaults };
}

/** Cline's entries carry `autoApprove`/`alwaysAllow`, `transportType` or `"type": "streamableHttp"`; Cline reads `timeout` in seconds and a bare `url` as SSE. */
function isClineEntry(fields: ReadonlyMap<string, JsonProperty>): boolean {
  const type = fields.get('type')?.valueNode?.value;
  return fields.has('autoApprove') || fields.has('alwaysAllow') || fields.has('transportType') || type === 'streamableHttp';
}

interface TransportFacts {
  urlKey: string | undefined;
  declaredKey: string | undefined;
  declaredNode: JsonNode | undefined;
  declared: ServerTransport | undefined;
  transport: ServerTransport;
  hasCommand: boolean;
  anchor: JsonNode | undefined;
}

/** Checks that what must be there for the transport is there. */
function reportTransportProblems(name: string, facts: TransportFacts, entry: JsonProperty, context: ReadContext): void {
  const { urlKey, declaredKey, declaredNode, declared, transport, hasCommand, anchor } = facts;
  const { problems } = context;
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
      `"${declaredKey}" is ${JSON.stringify(declaredNode.value)} but the server has no "url": give its address, like "https://example.com/mcp"`,
    );
  } else if (declared === undefined && urlKey !== undefined && anchor !== undefined) {
    problems.addAtNode(
      'url-and-command',
      'warning',
      anchor,
      `Server "${name}" has both "${urlKey}" and "command": Glassbox connects to the ${urlKey} and ignores the command`,
    );
  }
}

/** The transport a `type`/`transport` value names, in any client's spelling (Opencode's `remote`/`local` included). */
function normaliseTransport(value: string | undefined): ServerTransport | undefined {
  switch (value) {
    case 'http':
    case 'streamable-http':
    case 'streamableHttp':
    case 'remote':
      return 'streamable-http';
    case 'sse':
      return 'sse';
    case 'stdio':
    case 'local':
      return 'stdio';
    default:
      return undefined;
  }
}
