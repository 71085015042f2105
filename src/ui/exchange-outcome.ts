/** An HTTP exchange's outcome as both wire panels show it: failed or not, a short status label, its path, whether it streams. */
import type { HttpExchange } from '../core/traffic';

/** True when the exchange failed at HTTP level: a network error, a failed state, or a status of 400 or more. */
export function isExchangeFailed(exchange: HttpExchange): boolean {
  return exchange.state === 'failed' || exchange.error !== undefined || (exchange.status !== undefined && exchange.status >= 400);
}

/** A short status label: the status code (`200`, `404`), or the state when there is none (`failed` for a network error, `pending`…). */
export function exchangeStatusLabel(exchange: HttpExchange): string {
  if (exchange.status !== undefined) return String(exchange.status);
  switch (exchange.state) {
    case 'failed':
      return 'failed';
    case 'aborted':
      return 'aborted';
    case 'pending':
      return 'pending';
    case 'streaming':
      return 'streaming';
    case 'done':
      return exchange.error !== undefined ? 'failed' : 'done';
    default: {
      const unknownState: never = exchange.state;
      return String(unknownState);
    }
  }
}

/** The path and query of a URL (what a row has room for); the URL itself when it cannot be parsed. */
export function shortPath(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return url;
  }
}

/** True when a content type is an event stream. */
export function isEventStream(contentType: string | undefined): boolean {
  return (contentType?.split(';')[0]?.trim().toLowerCase() ?? '') === 'text/event-stream';
}
