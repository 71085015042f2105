/**
 * How an HTTP exchange on the MCP wire looks in the trace: failed or not, its status
 * label, its short path, and which teaching topics explain it.
 */
import type { TeachingTopic, HttpExchange } from '../../core/traffic';
import { isEventStream, isExchangeFailed } from '../../ui/exchange-outcome';

export { exchangeStatusLabel, isEventStream, isExchangeFailed, shortPath } from '../../ui/exchange-outcome';

/** How a row's HTTP outcome is coloured: still going, fine, failed, or a failure that is expected (it has a note). */
export type ExchangeTone = 'pending' | 'ok' | 'failed' | 'expected';

/** The tone of an exchange; a failure with a note (e.g. the era probe's 400) is `expected`, not `failed`. */
export function exchangeTone(exchange: HttpExchange): ExchangeTone {
  if (isExchangeFailed(exchange)) return exchange.note !== undefined ? 'expected' : 'failed';
  if (exchange.state === 'pending' || exchange.state === 'streaming') return 'pending';
  return 'ok';
}

/** The label of an exchange row's method: `HTTP GET`, `HTTP DELETE`… */
export function httpMethodLabel(exchange: HttpExchange): string {
  return `HTTP ${exchange.method.toUpperCase()}`;
}

/** The first JSON-RPC method in a request body, if any (the era probe is a `server/discover`). */
function requestMethod(body: string | undefined): string | undefined {
  if (body === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(body);
    const first: unknown = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'object' && first !== null && typeof (first as { method?: unknown }).method === 'string') {
      return (first as { method: string }).method;
    }
  } catch {
    // Not JSON: no method.
  }
  return undefined;
}

/** The teaching topics that explain what an exchange shows (headers, the era probe, HTTP behaviour). */
export function teachingTopicsFor(exchange: HttpExchange): TeachingTopic[] {
  const topics: TeachingTopic[] = [];
  const method = exchange.method.toUpperCase();
  if (requestMethod(exchange.requestBody) === 'server/discover' && isExchangeFailed(exchange)) topics.push('era-probe');
  if (method === 'GET' && (isEventStream(exchange.responseContentType) || exchange.status === undefined || exchange.status === 405)) {
    topics.push('get-stream');
  }
  if (method === 'DELETE') topics.push('delete-session');
  if (exchange.status === 202) topics.push('accepted-202');
  if (method === 'POST' && isEventStream(exchange.responseContentType)) topics.push('sse-response');
  if (exchange.responseHeaders?.['mcp-session-id'] !== undefined || exchange.requestHeaders['mcp-session-id'] !== undefined) {
    if (!topics.includes('delete-session')) topics.push('session-id');
  }
  if (exchange.requestHeaders['mcp-protocol-version'] !== undefined) topics.push('protocol-version-header');
  if (exchange.requestHeaders['mcp-method'] !== undefined) topics.push('method-headers');
  if (Object.keys(exchange.requestHeaders).some((name) => name.toLowerCase().startsWith('mcp-param-'))) topics.push('param-headers');
  if (exchange.requestHeaders['dpop'] !== undefined) topics.push('dpop-proof');
  return topics;
}
