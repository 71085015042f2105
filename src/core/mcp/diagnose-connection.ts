import type { HttpExchange } from '../traffic/types';
import type { Diagnosis } from './connection-state';
import { diagnoseNetworkFailure } from './cors-probes';
import { describeChallenge, parseChallenge } from './explain-failure';

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

  // What the exchanges say first; the error's text only when it carries no code (a bare TypeError from fetch).
  const networkFailure =
    real.some((e) => e.state === 'failed' && e.error) || (codeOf(input.error) === undefined && /fetch|network|load failed/i.test(message));
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

/** The JSON-RPC method of an exchange's request body, if it has one. */
function requestMethod(exchange: HttpExchange): string | undefined {
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

/** The code an error carries (the SDK's errors have one), if any. */
function codeOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
}
