/**
 * The connection's diagnoses that need more than the error: a failed call that may be a CORS
 * block (probed), the era probe the browser blocked, and a DELETE that could not end the session.
 */
import type { HttpExchange, RequestRef } from '../traffic';
import type { ProtocolEra } from '../traffic';
import type { Diagnosis } from './diagnosis';
import { ALLOW_METHODS_LINE, diagnoseNetworkFailure, isMethodBlockedByCors } from './cors-probes';
import { errorText } from './diagnose-connection';
import { explainRequestError } from './explain-failure';

/** Writes a note on an exchange. */
type Note = (exchangeId: number, note: string) => void;

/** True for a network-level failure (fetch threw): down, or blocked by CORS. fetch rejects with a TypeError. */
function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError || (error instanceof Error && 'cause' in error && error.cause instanceof TypeError);
}

/** What a failed call is known by. */
export interface FailedCall {
  method: string;
  request?: RequestRef;
  timeoutMs: number;
  url: string;
  probeFetch?: typeof fetch;
  /** Request headers the call carried beyond the protocol's own (a tool's Mcp-Param-*): probed too. */
  extraHeaders?: readonly string[];
}

/** The diagnosis of a failed call, probing CORS for a network failure; undefined for a server's own JSON-RPC error. */
export async function explainCallFailure(error: unknown, call: FailedCall): Promise<Diagnosis | undefined> {
  const diagnosis = explainRequestError(error, { request: call.request ?? { id: '?', method: call.method }, timeoutMs: call.timeoutMs });
  if (diagnosis || !isNetworkError(error)) return diagnosis;
  return call.probeFetch
    ? diagnoseNetworkFailure(call.url, call.probeFetch, call.extraHeaders)
    : { code: 'unreachable', title: 'The server could not be reached', detail: errorText(error) };
}

/**
 * After a 2025-era connection: if the browser blocked the era probe (CORS), find the header the
 * preflight refused, note it on the probe, and return the warning (a 2026-era connection would need it).
 */
export async function eraProbeWarning(
  blocked: HttpExchange | undefined,
  era: ProtocolEra | undefined,
  url: string,
  probeFetch: typeof fetch | undefined,
  note: Note,
): Promise<string | undefined> {
  if (!blocked || era !== 'legacy') return undefined;
  const diagnosis = probeFetch ? await diagnoseNetworkFailure(url, probeFetch) : undefined;
  if (diagnosis?.code !== 'cors-header-not-allowed') {
    note(blocked.id, 'Era probe blocked by the browser: the client fell back to initialize (2025 era).');
    return undefined;
  }
  note(
    blocked.id,
    `Era probe blocked by CORS (${diagnosis.title.replace(/^Blocked by CORS: /, '')}): the client fell back to the 2025 era.`,
  );
  return `${diagnosis.title}. The 2026-era probe (server/discover) failed, so this connection fell back to the 2025 era; a 2026-era server would be unusable. The server should send: ${diagnosis.headersToAdd?.join(' ') ?? ''}`;
}

/** The warning for a DELETE that could not end the session (noted on its exchange when CORS blocked it). */
export async function endSessionWarning(
  error: unknown,
  deleteExchange: number | undefined,
  url: string,
  probeFetch: typeof fetch | undefined,
  note: Note,
): Promise<string> {
  const blocked = probeFetch && isNetworkError(error) ? await isMethodBlockedByCors(url, 'DELETE', probeFetch) : false;
  if (!blocked)
    return `Ending the session with DELETE failed (${errorText(error)}). If the browser blocked it, the server should allow the method: ${ALLOW_METHODS_LINE}`;
  if (deleteExchange !== undefined)
    note(deleteExchange, 'DELETE blocked by CORS: Access-Control-Allow-Methods does not list DELETE, so the session was not ended.');
  return `The browser blocked DELETE (CORS), so the session was not ended on the server. The server should allow the method: ${ALLOW_METHODS_LINE}`;
}
