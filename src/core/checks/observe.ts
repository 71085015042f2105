/**
 * The probes a check run sends, in order, and what they saw: the handshake of the era the server
 * speaks, the lists walked page by page and listed again, the few requests that must fail in a
 * named way, and (Node only) the requests a browser may not send. Nothing here judges: the
 * checks (one pure function per category) read the observation afterwards.
 */
import { Prober, rpcResult, CHECK_CLIENT_INFO, type ProbeAnswer } from './probe';
import type { CheckEra, CheckOptions, RawHttp } from './types';

/** The lists a server may serve, with the capability that declares each and the key of its items. */
export const LISTS = [
  { kind: 'tools', method: 'tools/list', capability: 'tools', field: 'tools', key: 'name' },
  { kind: 'prompts', method: 'prompts/list', capability: 'prompts', field: 'prompts', key: 'name' },
  { kind: 'resources', method: 'resources/list', capability: 'resources', field: 'resources', key: 'uri' },
  { kind: 'templates', method: 'resources/templates/list', capability: 'resources', field: 'resourceTemplates', key: 'uriTemplate' },
] as const;

type ListKind = (typeof LISTS)[number]['kind'];
type ListSpec = (typeof LISTS)[number];

/** A list walked to its end by the check itself. */
export interface ListWalk {
  pages: ProbeAnswer[];
  items: Record<string, unknown>[];
  /** A cursor the server handed out a second time (the walk stopped there). */
  loopCursor?: string;
  /** Item keys seen on more than one page. */
  repeated: string[];
  /** The walk stopped at the page limit. */
  truncated: boolean;
  /** The page that failed (an error or no result). */
  failed?: ProbeAnswer;
}

/** The answer of a raw request (Node only). */
export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  error?: string;
}

/** Everything a run saw. */
export interface Observation {
  era?: CheckEra;
  /** The 2026 `server/discover` probe (sent first unless the era was fixed to 2025). */
  discover?: ProbeAnswer;
  /** The 2025 `initialize`. */
  initialize?: ProbeAnswer;
  /** The 2025 `notifications/initialized`. */
  initialized?: ProbeAnswer;
  capabilities?: Record<string, unknown>;
  serverInfo?: { name?: string; version?: string };
  sessionId?: string;
  /** In a page: the server wants a session id the page cannot read (not exposed); probing stopped there. */
  sessionUnreadable?: true;
  ping?: ProbeAnswer;
  unknownMethod?: ProbeAnswer;
  unknownTool?: ProbeAnswer;
  invalidCursor?: ProbeAnswer;
  /** Declared lists, walked. */
  lists: Partial<Record<ListKind, ListWalk>>;
  /** The same lists walked again (`repeats` − 1 more times). */
  again: Partial<Record<ListKind, ListWalk[]>>;
  /** A list of a capability the server did not declare. */
  undeclared: Partial<Record<ListKind, ProbeAnswer>>;
  /** 2026: a request whose Mcp-Method header disagrees with its body, and a tools/call without Mcp-Name. */
  headerMismatch?: ProbeAnswer;
  missingName?: ProbeAnswer;
  /** The tools the person chose to call, and their answers. */
  calls: Array<{ name: string; answer: ProbeAnswer }>;
  /** 2025 with a session: the DELETE that ends it and a request with the ended session. */
  sessionDelete?: ProbeAnswer;
  afterDelete?: ProbeAnswer;
  /** Node only: a CORS preflight as a browser would send it, and the Origin it carried. */
  preflight?: RawAnswer;
  /** Node only: the handshake again with the Origin a page would send, to read the CORS headers of a real answer. */
  corsRequest?: RawAnswer;
  /** Node only: the handshake again with a foreign Host and Origin (loopback servers only). */
  rebinding?: RawAnswer;
  /** A protected server (the handshake got 401): its OAuth metadata as the page can fetch it. */
  auth?: AuthObservation;
  /** Every answer of the run, in order (the JSON-RPC shape check reads them all). */
  answers: ProbeAnswer[];
}

/** What a protected server publishes for signing in. */
export interface AuthObservation {
  challenge: ProbeAnswer;
  /** The protected resource metadata (RFC 9728) and its URL. */
  resourceMetadataUrl: string;
  resourceMetadata?: ProbeAnswer;
  /** The authorization server metadata (RFC 8414, else OpenID discovery) and its URL. */
  serverMetadataUrl?: string;
  serverMetadata?: ProbeAnswer;
  /** Node only: the two metadata documents fetched with an Origin, for their CORS headers. */
  resourceMetadataCors?: RawAnswer;
  serverMetadataCors?: RawAnswer;
}

/** The JSON object of an answer's body, if it is one. */
export function bodyJson(answer: ProbeAnswer | undefined): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(answer?.body ?? '');
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The well-known URL of a metadata document for `base` (RFC 8414 §3.1 / RFC 9728 §3.1: the path goes after the suffix). */
const wellKnown = (base: string, suffix: string): string => {
  const url = new URL(base);
  const path = url.pathname === '/' ? '' : url.pathname.replace(/\/$/, '');
  return `${url.origin}/.well-known/${suffix}${path}`;
};

/** Follows a 401's challenge to the resource and authorization server metadata. */
async function observeAuth(prober: Prober, options: CheckOptions, challenge: ProbeAnswer): Promise<AuthObservation> {
  const header = challenge.headers['www-authenticate'] ?? '';
  const named = /resource_metadata="([^"]+)"/i.exec(header)?.[1];
  const auth: AuthObservation = { challenge, resourceMetadataUrl: named ?? wellKnown(options.url, 'oauth-protected-resource') };
  auth.resourceMetadata = await prober.get('protected resource metadata', auth.resourceMetadataUrl);
  const servers = bodyJson(auth.resourceMetadata)?.authorization_servers;
  const issuer = Array.isArray(servers) && typeof servers[0] === 'string' ? servers[0] : undefined;
  if (issuer !== undefined && URL.canParse(issuer)) {
    auth.serverMetadataUrl = wellKnown(issuer, 'oauth-authorization-server');
    auth.serverMetadata = await prober.get('authorization server metadata', auth.serverMetadataUrl);
    if (!bodyJson(auth.serverMetadata)) {
      auth.serverMetadataUrl = wellKnown(issuer, 'openid-configuration');
      auth.serverMetadata = await prober.get('authorization server metadata', auth.serverMetadataUrl);
    }
  }
  if (options.rawHttp) {
    const get = (url: string) =>
      options.rawHttp!(url, { method: 'GET', headers: { origin: PROBE_ORIGIN, accept: 'application/json' } }).catch(
        (error: unknown): RawAnswer => ({
          status: 0,
          headers: {},
          body: '',
          error: error instanceof Error ? error.message : String(error),
        }),
      );
    auth.resourceMetadataCors = await get(auth.resourceMetadataUrl);
    if (auth.serverMetadataUrl) auth.serverMetadataCors = await get(auth.serverMetadataUrl);
  }
  return auth;
}

/** The headers a page's requests carry that a preflight must allow. */
export const REQUEST_HEADERS_TO_ALLOW = [
  'content-type',
  'mcp-protocol-version',
  'mcp-session-id',
  'mcp-method',
  'mcp-name',
  'last-event-id',
];

/** The Origin the Node preflight says it comes from. */
export const PROBE_ORIGIN = 'https://glassbox.invalid';

const MAX_PAGES = 64;

/** Walks one list page by page, following `nextCursor` until it ends, loops or fails. */
async function walk(prober: Prober, spec: ListSpec): Promise<ListWalk> {
  const result: ListWalk = { pages: [], items: [], repeated: [], truncated: false };
  const cursors = new Set<string>();
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer = await prober.request(spec.method, cursor !== undefined ? { cursor } : {});
    result.pages.push(answer);
    const body = rpcResult(answer);
    const items = body?.[spec.field];
    if (!body || !Array.isArray(items)) {
      result.failed = answer;
      return result;
    }
    for (const item of items) {
      if (item === null || typeof item !== 'object') continue;
      const record = item as Record<string, unknown>;
      const key = String(record[spec.key]);
      if (seen.has(key)) result.repeated.push(key);
      seen.add(key);
      result.items.push(record);
    }
    const next = body.nextCursor;
    if (typeof next !== 'string') return result;
    if (cursors.has(next) || next === cursor) {
      result.loopCursor = next;
      return result;
    }
    cursors.add(next);
    cursor = next;
  }
  result.truncated = true;
  return result;
}

const isLoopback = (url: string): boolean => {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127\./.test(host);
};

/** The handshake as a raw request with the given extra headers (Node only). */
async function rawHandshake(
  rawHttp: RawHttp,
  options: CheckOptions,
  era: CheckEra | undefined,
  headers: Record<string, string>,
): Promise<RawAnswer> {
  const modern = era === '2026-07-28';
  const version = era ?? '2025-11-25';
  const message = modern
    ? {
        jsonrpc: '2.0',
        id: 1,
        method: 'server/discover',
        params: {
          _meta: {
            'io.modelcontextprotocol/protocolVersion': version,
            'io.modelcontextprotocol/clientInfo': CHECK_CLIENT_INFO,
            'io.modelcontextprotocol/clientCapabilities': {},
          },
        },
      }
    : {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: version, capabilities: {}, clientInfo: CHECK_CLIENT_INFO },
      };
  try {
    return await rawHttp(options.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': version,
        ...(modern ? { 'mcp-method': 'server/discover' } : {}),
        ...options.headers,
        ...headers,
      },
      body: JSON.stringify(message),
    });
  } catch (error) {
    return { status: 0, headers: {}, body: '', error: error instanceof Error ? error.message : String(error) };
  }
}

/** Ends a session a raw handshake opened (so the check leaves none behind). */
async function endRawSession(rawHttp: RawHttp, options: CheckOptions, answer: RawAnswer): Promise<void> {
  const session = answer.headers['mcp-session-id'];
  if (session === undefined) return;
  await rawHttp(options.url, {
    method: 'DELETE',
    headers: { ...options.headers, 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' },
  }).catch(() => undefined);
}

/** Runs the probes. Throws only when the run is cancelled. */
export async function observe(options: CheckOptions, runId: string): Promise<Observation> {
  const prober = new Prober({
    server: options.server,
    url: options.url,
    headers: options.headers ?? {},
    fetch: options.fetch,
    log: options.log,
    secrets: options.secrets,
    runId,
    timeoutMs: options.timeoutMs ?? 10_000,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.auth ? { auth: options.auth } : {}),
  });
  const seen: Observation = { lists: {}, again: {}, undeclared: {}, calls: [], answers: prober.answers };
  const wanted = options.era ?? 'auto';

  // The handshake: server/discover (2026-07-28), else initialize (2025-11-25).
  if (wanted !== '2025-11-25') {
    prober.era = '2026-07-28';
    seen.discover = await prober.request('server/discover', {});
    const result = rpcResult(seen.discover);
    const versions = result?.supportedVersions;
    if (Array.isArray(versions) && versions.includes('2026-07-28')) {
      seen.era = '2026-07-28';
      seen.capabilities = (result?.capabilities as Record<string, unknown> | undefined) ?? {};
      const info = (result?._meta as Record<string, unknown> | undefined)?.['io.modelcontextprotocol/serverInfo'];
      if (info && typeof info === 'object') seen.serverInfo = info as { name?: string; version?: string };
    } else {
      prober.era = undefined;
    }
  }
  if (seen.era === undefined && wanted !== '2026-07-28') {
    seen.initialize = await prober.request('initialize', {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: CHECK_CLIENT_INFO,
    });
    const result = rpcResult(seen.initialize);
    if (result) {
      seen.era = '2025-11-25';
      prober.era = '2025-11-25';
      prober.protocolVersion = typeof result.protocolVersion === 'string' ? result.protocolVersion : '2025-11-25';
      seen.capabilities = (result.capabilities as Record<string, unknown> | undefined) ?? {};
      if (result.serverInfo && typeof result.serverInfo === 'object')
        seen.serverInfo = result.serverInfo as { name?: string; version?: string };
      const session = seen.initialize.headers['mcp-session-id'];
      if (session !== undefined) {
        seen.sessionId = session;
        prober.sessionId = session;
      }
      seen.initialized = await prober.notify('notifications/initialized');
    }
  }
  if (seen.era === undefined) {
    const challenge = [seen.discover, seen.initialize].find((answer) => answer?.status === 401);
    if (challenge) seen.auth = await observeAuth(prober, options, challenge);
    return seen;
  }
  const capabilities = seen.capabilities ?? {};

  if (seen.era === '2025-11-25') {
    seen.ping = await prober.request('ping');
    // In a page whose server does not expose Mcp-Session-Id: every later request would be refused the same way.
    if (seen.sessionId === undefined && seen.ping.status === 400 && !options.rawHttp) {
      seen.sessionUnreadable = true;
      return seen;
    }
  }
  seen.unknownMethod = await prober.request('glassbox/no-such-method', {});

  for (const spec of LISTS) {
    if (capabilities[spec.capability] !== undefined) seen.lists[spec.kind] = await walk(prober, spec);
    else if (spec.kind !== 'templates') seen.undeclared[spec.kind] = await prober.request(spec.method, {});
  }
  if (capabilities.tools !== undefined) {
    seen.invalidCursor = await prober.request('tools/list', { cursor: 'glassbox-check-invalid-cursor' });
    seen.unknownTool = await prober.request('tools/call', { name: 'glassbox_check_no_such_tool', arguments: {} });
  }
  const repeats = Math.max(1, options.repeats ?? 3);
  for (const spec of LISTS) {
    const first = seen.lists[spec.kind];
    if (!first || first.failed || spec.kind === 'templates') continue;
    const walks: ListWalk[] = [];
    for (let round = 1; round < repeats; round++) walks.push(await walk(prober, spec));
    seen.again[spec.kind] = walks;
  }
  if (seen.era === '2026-07-28' && capabilities.tools !== undefined) {
    seen.headerMismatch = await prober.request('tools/list', {}, { 'mcp-method': 'prompts/list' });
    seen.missingName = await prober.request('tools/call', { name: 'glassbox_check_no_such_tool', arguments: {} }, { 'mcp-name': '' });
  }

  for (const call of options.toolCalls ?? []) {
    seen.calls.push({ name: call.name, answer: await prober.request('tools/call', { name: call.name, arguments: call.arguments }) });
  }

  if (options.rawHttp) {
    try {
      const answer = await options.rawHttp(options.url, {
        method: 'OPTIONS',
        headers: {
          origin: PROBE_ORIGIN,
          'access-control-request-method': 'POST',
          'access-control-request-headers': [
            ...REQUEST_HEADERS_TO_ALLOW,
            ...(options.headers?.authorization ? ['authorization'] : []),
          ].join(', '),
        },
      });
      seen.preflight = answer;
    } catch (error) {
      seen.preflight = { status: 0, headers: {}, body: '', error: error instanceof Error ? error.message : String(error) };
    }
    seen.corsRequest = await rawHandshake(options.rawHttp, options, seen.era, { origin: PROBE_ORIGIN });
    await endRawSession(options.rawHttp, options, seen.corsRequest);
    if (isLoopback(options.url)) {
      seen.rebinding = await rawHandshake(options.rawHttp, options, seen.era, { host: 'evil.example', origin: 'http://evil.example' });
      await endRawSession(options.rawHttp, options, seen.rebinding);
    }
  }

  // Last: end the session, then check that it is gone.
  if (seen.sessionId !== undefined) {
    const version = prober.protocolVersion ?? '2025-11-25';
    seen.sessionDelete = await prober.send('DELETE session', {
      method: 'DELETE',
      headers: { ...options.headers, 'mcp-session-id': seen.sessionId, 'mcp-protocol-version': version },
    });
    if (seen.sessionDelete.status >= 200 && seen.sessionDelete.status < 300) seen.afterDelete = await prober.request('tools/list', {});
  }
  return seen;
}
