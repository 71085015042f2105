/**
 * CORS probes: the browser reports "host down" and "CORS refused" as the same TypeError, so
 * plain (unrecorded) requests find out which it is, and which header or method the server's
 * preflight refuses.
 */
import type { Diagnosis } from './diagnosis';

/** The CORS response headers a browser-ready MCP server sends (see README: "Make a server browser-ready"). */
export const RECOMMENDED_CORS_HEADERS: readonly string[] = [
  'Access-Control-Allow-Origin: *',
  'Access-Control-Allow-Methods: GET, POST, DELETE, OPTIONS',
  'Access-Control-Allow-Headers: content-type, authorization, mcp-session-id, mcp-protocol-version, last-event-id, mcp-method, mcp-name, accept',
  'Access-Control-Expose-Headers: mcp-session-id, mcp-protocol-version, www-authenticate',
];

/** What a diagnosis probes and recommends for one kind of server (an MCP server by default; a trace collector). */
export interface CorsProfile {
  /** Request headers the client may send that need the preflight to allow them, with a sample value. */
  preflight: ReadonlyArray<readonly [string, string]>;
  /** The CORS response headers that server should send: Allow-Origin, Allow-Methods, Allow-Headers, then any others. */
  recommended: readonly string[];
  /** Who sends those headers, for the message ("MCP clients"). */
  clients: string;
}

/** Request headers the SDK may send that need the server's preflight to allow them. */
const PREFLIGHT_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['content-type', 'application/json'],
  ['mcp-protocol-version', '2025-11-25'],
  ['mcp-session-id', 'glassbox-probe'],
  ['mcp-method', 'ping'],
  ['mcp-name', 'glassbox-probe'],
  ['last-event-id', '0'],
  ['authorization', 'Bearer glassbox-probe'],
];

/** What an MCP server's preflight must allow, and the headers a browser-ready MCP server sends. */
const MCP_CORS: CorsProfile = { preflight: PREFLIGHT_HEADERS, recommended: RECOMMENDED_CORS_HEADERS, clients: 'MCP clients' };

/** A simple CORS request (no preflight): it gets through when the server sends Access-Control-Allow-Origin. */
const SIMPLE_CORS: RequestInit = { method: 'POST', mode: 'cors', headers: { 'content-type': 'text/plain' }, body: '' };

/** Whether a probe got any answer the page may see (fetch rejects when the browser blocks it). */
function answers(probeFetch: typeof fetch, url: string, init: RequestInit): Promise<boolean> {
  return probeFetch(url, init).then(
    () => true,
    () => false,
  );
}

/**
 * The browser reports both "host down" and "CORS refused" as the same TypeError.
 * Tell them apart: a `no-cors` request succeeds whenever the server answers at all;
 * a simple CORS request succeeds when Access-Control-Allow-Origin is present;
 * then each non-simple header is tried alone to find the one the preflight refuses.
 */
export async function diagnoseNetworkFailure(
  url: string,
  probeFetch: typeof fetch,
  extraHeaders: readonly string[] = [],
  profile: CorsProfile = MCP_CORS,
): Promise<Diagnosis> {
  const reachable = await answers(probeFetch, url, { method: 'POST', mode: 'no-cors', body: '' });
  if (!reachable) {
    return {
      code: 'unreachable',
      title: 'The server could not be reached',
      detail: `Nothing answered at ${url}: the server is down, the address or port is wrong, or the network blocks it. (A no-cors probe failed too, so this is not a CORS problem.)`,
    };
  }
  const simpleCorsOk = await answers(probeFetch, url, SIMPLE_CORS);
  if (!simpleCorsOk) {
    return {
      code: 'cors-missing',
      title: 'Blocked by CORS: the server sends no CORS headers',
      detail:
        'The server is up (a no-cors probe got an answer) but its responses carry no Access-Control-Allow-Origin, so the browser hides them from this page. Add these response headers (and answer OPTIONS with 204):',
      headersToAdd: [...profile.recommended],
    };
  }
  const refused: string[] = [];
  // The request's own extra headers too (a tool's Mcp-Param-* headers, SEP-2243).
  const probed = [...profile.preflight, ...extraHeaders.map((name) => [name.toLowerCase(), 'glassbox-probe'] as const)];
  for (const [name, value] of probed) {
    const headers = name === 'content-type' ? { [name]: value } : { 'content-type': 'text/plain', [name]: value };
    const ok = await answers(probeFetch, url, { method: 'POST', mode: 'cors', headers, body: '' });
    if (!ok) refused.push(name);
  }
  const params = refused.filter((name) => name.startsWith('mcp-param-'));
  if (params.length > 0 && params.length === refused.length) {
    return {
      code: 'cors-header-not-allowed',
      title: `Blocked by CORS: the preflight does not allow ${params.join(', ')}`,
      detail: `This tool's inputSchema marks arguments with x-mcp-header, so the call also carries ${params.join(', ')} (SEP-2243), but the server's OPTIONS reply does not allow ${params.length > 1 ? 'them' : 'it'}. Add ${params.length > 1 ? 'them' : 'it'} to the allowed headers:`,
      headersToAdd: [`${profile.recommended[2]!}, ${params.join(', ')}`],
    };
  }
  if (refused.length > 0) {
    return {
      code: 'cors-header-not-allowed',
      title: `Blocked by CORS: the preflight does not allow ${refused.join(', ')}`,
      detail: `The server answers with Access-Control-Allow-Origin, but its OPTIONS reply does not allow the request header${refused.length > 1 ? 's' : ''} ${refused.join(', ')}, which ${profile.clients} send. Allow all of these:`,
      headersToAdd: [profile.recommended[2]!],
    };
  }
  return {
    code: 'cors-unknown',
    title: 'The browser refused the request',
    detail:
      'The server is up and its CORS allows the usual headers, yet the request failed. Check the browser console for the exact CORS message, and compare with these headers:',
    headersToAdd: [...profile.recommended],
  };
}

/** The Access-Control-Allow-Methods line a browser-ready MCP server sends. */
export const ALLOW_METHODS_LINE = RECOMMENDED_CORS_HEADERS[1]!;

/**
 * Whether the browser refuses a request method at this URL because of CORS: a simple request
 * gets through, the same URL with this method does not (its preflight fails). A DELETE probe
 * without a session id is harmless: a server answers it 400 or 405.
 */
export async function isMethodBlockedByCors(url: string, method: string, probeFetch: typeof fetch): Promise<boolean> {
  if (!(await answers(probeFetch, url, SIMPLE_CORS))) return false;
  return !(await answers(probeFetch, url, { method, mode: 'cors' }));
}
