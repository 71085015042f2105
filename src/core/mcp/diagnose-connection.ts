import type { HttpExchange } from '../traffic/types';
import type { Diagnosis } from './connection-state';
import { describeChallenge, parseChallenge } from './explain-failure';

/** The CORS response headers a browser-ready MCP server sends (see README: "Make a server browser-ready"). */
export const RECOMMENDED_CORS_HEADERS: readonly string[] = [
  'Access-Control-Allow-Origin: *',
  'Access-Control-Allow-Methods: GET, POST, DELETE, OPTIONS',
  'Access-Control-Allow-Headers: content-type, authorization, mcp-session-id, mcp-protocol-version, last-event-id, mcp-method, mcp-name, accept',
  'Access-Control-Expose-Headers: mcp-session-id, mcp-protocol-version, www-authenticate',
];

/** Request headers the SDK may send that need the server's preflight to allow them. */
export const PREFLIGHT_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['content-type', 'application/json'],
  ['mcp-protocol-version', '2025-11-25'],
  ['mcp-session-id', 'glassbox-probe'],
  ['mcp-method', 'ping'],
  ['mcp-name', 'glassbox-probe'],
  ['last-event-id', '0'],
  ['authorization', 'Bearer glassbox-probe'],
];

/** Inputs for a diagnosis: what failed, what went over the wire meanwhile, and a fetch for probes. */
export interface DiagnoseInput {
  url: string;
  error: unknown;
  /** The exchanges recorded for this server during the failed attempt, oldest first. */
  exchanges: readonly HttpExchange[];
  /** Whether the transport ended up with a readable session id. */
  sessionId?: string;
  /** A plain fetch (not recorded) for the CORS probes; omit to skip probing. */
  probeFetch?: typeof fetch;
  /**
   * What is already known about the failed request (a timeout, an unusable answer found by the
   * response watch): used when the recorded exchanges show no clearer cause (401, HTTP error).
   */
  explained?: Diagnosis;
}

/** Turn a failed connection attempt into a plain explanation, probing CORS when the browser hid the cause. */
export async function diagnoseConnection(input: DiagnoseInput): Promise<Diagnosis> {
  const message = errorText(input.error);
  const real = input.exchanges.filter((e) => !isEraProbe(e));

  const unauthorized = real.find((e) => e.status === 401);
  if (unauthorized) {
    const challenge = unauthorized.responseHeaders?.['www-authenticate'];
    return {
      code: 'auth-required',
      status: 401,
      title: 'The server needs authorization (401)',
      detail: challenge
        ? `It answered 401 with WWW-Authenticate: ${challenge}. ${describeChallenge(parseChallenge(challenge))} Add a token in "headers" (Authorization: Bearer …) or sign in with OAuth.`
        : 'It answered 401 Unauthorized. If it sent WWW-Authenticate, the browser could not read it: add www-authenticate to Access-Control-Expose-Headers. Add a token in "headers" (Authorization: Bearer …).',
      serverText: unauthorized.responseBody?.slice(0, 2000),
      headersToAdd: challenge ? undefined : ['Access-Control-Expose-Headers: mcp-session-id, mcp-protocol-version, www-authenticate'],
    };
  }

  const initializeOk = real.find((e) => requestMethod(e) === 'initialize' && e.status !== undefined && e.status < 300);
  if (initializeOk && !input.sessionId) {
    const sessionComplaint = real.find(
      (e) => e !== initializeOk && (e.status === 400 || e.status === 404) && /session/i.test(e.responseBody ?? ''),
    );
    if (sessionComplaint) {
      return {
        code: 'session-id-not-exposed',
        status: sessionComplaint.status,
        title: 'Mcp-Session-Id is not exposed to the browser',
        detail:
          'initialize succeeded, but the page could not read the Mcp-Session-Id response header, so the next request went without it and the server refused it. The server must list the header in Access-Control-Expose-Headers.',
        serverText: sessionComplaint.responseBody?.slice(0, 2000),
        headersToAdd: ['Access-Control-Expose-Headers: mcp-session-id, mcp-protocol-version, www-authenticate'],
      };
    }
  }

  // The watch and the SDK's error name a protocol failure or a timeout more precisely than the exchanges do.
  if (input.explained && (input.explained.code === 'protocol-error' || input.explained.code === 'timeout')) return input.explained;

  // A GET answered 405 only says the server offers no GET stream, which the spec allows.
  const httpError = real.find((e) => e.status !== undefined && e.status >= 400 && !(e.method === 'GET' && e.status === 405));
  if (httpError) {
    const text = (httpError.responseBody ?? '').trim();
    return {
      code: 'http-error',
      status: httpError.status,
      title: `The server answered HTTP ${httpError.status}${httpError.statusText ? ` ${httpError.statusText}` : ''}`,
      detail: text ? `Its reply: ${text.slice(0, 300)}` : 'Its reply had no text.',
      serverText: text.slice(0, 2000) || undefined,
    };
  }

  if (input.explained) return input.explained;
  if (/timed? ?out|timeout/i.test(message)) {
    return { code: 'timeout', title: 'The server did not answer in time', detail: message };
  }

  const networkFailure = real.some((e) => e.state === 'failed' && e.error) || /fetch|network|load failed/i.test(message);
  if (networkFailure && input.probeFetch) return diagnoseNetworkFailure(input.url, input.probeFetch);
  if (networkFailure) {
    return { code: 'unreachable', title: 'The server could not be reached', detail: message };
  }

  const okButNotMcp = real.find((e) => e.status !== undefined && e.status < 300 && e.responseBody !== undefined);
  return {
    code: 'protocol-error',
    title: 'The server did not answer in MCP',
    detail: okButNotMcp?.responseBody
      ? `${message}. It replied (${okButNotMcp.responseContentType ?? 'no content type'}): ${okButNotMcp.responseBody.slice(0, 200)}`
      : message,
    serverText: okButNotMcp?.responseBody?.slice(0, 2000),
  };
}

/**
 * The browser reports both "host down" and "CORS refused" as the same TypeError.
 * Tell them apart: a `no-cors` request succeeds whenever the server answers at all;
 * a simple CORS request succeeds when Access-Control-Allow-Origin is present;
 * then each non-simple header is tried alone to find the one the preflight refuses.
 */
export async function diagnoseNetworkFailure(url: string, probeFetch: typeof fetch): Promise<Diagnosis> {
  const reachable = await probeFetch(url, { method: 'POST', mode: 'no-cors', body: '' }).then(
    () => true,
    () => false,
  );
  if (!reachable) {
    return {
      code: 'unreachable',
      title: 'The server could not be reached',
      detail: `Nothing answered at ${url}: the server is down, the address or port is wrong, or the network blocks it. (A no-cors probe failed too, so this is not a CORS problem.)`,
    };
  }
  const simpleCorsOk = await probeFetch(url, { method: 'POST', mode: 'cors', headers: { 'content-type': 'text/plain' }, body: '' }).then(
    () => true,
    () => false,
  );
  if (!simpleCorsOk) {
    return {
      code: 'cors-missing',
      title: 'Blocked by CORS: the server sends no CORS headers',
      detail:
        'The server is up (a no-cors probe got an answer) but its responses carry no Access-Control-Allow-Origin, so the browser hides them from this page. Add these response headers (and answer OPTIONS with 204):',
      headersToAdd: [...RECOMMENDED_CORS_HEADERS],
    };
  }
  const refused: string[] = [];
  for (const [name, value] of PREFLIGHT_HEADERS) {
    const headers = name === 'content-type' ? { [name]: value } : { 'content-type': 'text/plain', [name]: value };
    const ok = await probeFetch(url, { method: 'POST', mode: 'cors', headers, body: '' }).then(
      () => true,
      () => false,
    );
    if (!ok) refused.push(name);
  }
  if (refused.length > 0) {
    return {
      code: 'cors-header-not-allowed',
      title: `Blocked by CORS: the preflight does not allow ${refused.join(', ')}`,
      detail: `The server answers with Access-Control-Allow-Origin, but its OPTIONS reply does not allow the request header${refused.length > 1 ? 's' : ''} ${refused.join(', ')}, which MCP clients send. Allow all of these:`,
      headersToAdd: [RECOMMENDED_CORS_HEADERS[2]!],
    };
  }
  return {
    code: 'cors-unknown',
    title: 'The browser refused the request',
    detail:
      'The server is up and its CORS allows the usual headers, yet the request failed. Check the browser console for the exact CORS message, and compare with these headers:',
    headersToAdd: [...RECOMMENDED_CORS_HEADERS],
  };
}

/**
 * A `server/discover` that a 2025 server refused: the era probe, not a failure. A 401 or 403 is
 * not a refusal of the era but of the client: authorization is needed whatever the era.
 */
export function isEraProbe(exchange: HttpExchange): boolean {
  return (
    requestMethod(exchange) === 'server/discover' &&
    exchange.status !== undefined &&
    exchange.status >= 400 &&
    exchange.status < 500 &&
    exchange.status !== 401 &&
    exchange.status !== 403
  );
}

/** A `server/discover` that never got an HTTP answer (the browser blocked it, most often by CORS). */
export function isBlockedEraProbe(exchange: HttpExchange): boolean {
  return requestMethod(exchange) === 'server/discover' && exchange.status === undefined && exchange.state === 'failed';
}

/** The Access-Control-Allow-Methods line a browser-ready MCP server sends. */
export const ALLOW_METHODS_LINE = RECOMMENDED_CORS_HEADERS[1]!;

/**
 * Whether the browser refuses a request method at this URL because of CORS: a simple request
 * gets through, the same URL with this method does not (its preflight fails). A DELETE probe
 * without a session id is harmless: a server answers it 400 or 405.
 */
export async function isMethodBlockedByCors(url: string, method: string, probeFetch: typeof fetch): Promise<boolean> {
  const simple = await probeFetch(url, { method: 'POST', mode: 'cors', headers: { 'content-type': 'text/plain' }, body: '' }).then(
    () => true,
    () => false,
  );
  if (!simple) return false;
  return probeFetch(url, { method, mode: 'cors' }).then(
    () => false,
    () => true,
  );
}

/** The JSON-RPC method of an exchange's request body, if it has one. */
export function requestMethod(exchange: HttpExchange): string | undefined {
  if (!exchange.requestBody) return undefined;
  try {
    const body = JSON.parse(exchange.requestBody) as { method?: unknown };
    return typeof body.method === 'string' ? body.method : undefined;
  } catch {
    return undefined;
  }
}

/** The message of anything thrown, including the SDK's wrapped causes. */
export function errorText(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: unknown }).cause;
    return cause instanceof Error && !error.message.includes(cause.message) ? `${error.message} (${cause.message})` : error.message;
  }
  return String(error);
}
