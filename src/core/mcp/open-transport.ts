/**
 * How a session reaches its server: streamable HTTP (both protocol eras), or the 2024-11-05
 * HTTP+SSE transport (a GET event stream whose `endpoint` event names the URL messages are POSTed
 * to). Both are the SDK's own transports, given the tapped fetch, so their traffic is recorded alike.
 */
import type { FetchLike, SSEClientTransport, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { httpStatusOf } from './explain-failure';
import type { ClientSdk } from './load-client-sdk';

/** Which transport a session speaks: `sse` is the 2024 HTTP+SSE transport. */
export type TransportKind = 'streamable-http' | 'sse';

/** A session's transport. */
export type McpTransport = StreamableHTTPClientTransport | SSEClientTransport;

/** HTTP statuses to `initialize` on which the spec's backwards-compatibility section falls back to GET-SSE. */
const SSE_FALLBACK_STATUSES: ReadonlySet<number> = new Set([400, 404, 405]);

/** Note on the exchange whose 4xx made the connection fall back to the 2024 HTTP+SSE transport. */
export const SSE_FALLBACK_NOTE = 'Not a streamable HTTP endpoint (4xx to initialize): trying the 2024 HTTP+SSE transport (GET) next';

/** The SDK transport of a kind, its fetch the tapped one, the config's headers on every request. */
export function createTransport(
  sdk: ClientSdk,
  kind: TransportKind,
  url: string,
  fetch: FetchLike,
  headers: Record<string, string>,
): McpTransport {
  const options = { fetch, requestInit: { headers } };
  return kind === 'sse' ? new sdk.SSEClientTransport(new URL(url), options) : new sdk.StreamableHTTPClientTransport(new URL(url), options);
}

/** The 2025 session id of a streamable HTTP transport (the 2024 transport keeps its id in the POST URL, not a header). */
export function sessionIdOf(transport: McpTransport): string | undefined {
  return 'sessionId' in transport ? transport.sessionId : undefined;
}

/** Ends a 2025 session with DELETE; the 2024 transport has no such request (closing the stream ends it). */
export async function terminateSession(transport: McpTransport): Promise<void> {
  if ('terminateSession' in transport) await transport.terminateSession();
}

/**
 * Whether a failed streamable HTTP handshake means "try the 2024 transport": its initialize (not
 * the 2026 era probe) was answered 400, 404 or 405.
 */
export function triesSseNext(error: unknown, session: { failedCall?: { requests: readonly { method: string }[] } }): boolean {
  const status = httpStatusOf(error);
  return status !== undefined && SSE_FALLBACK_STATUSES.has(status) && session.failedCall?.requests.at(-1)?.method === 'initialize';
}
