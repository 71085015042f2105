/** An HTTP exchange's outcome as both wire panels show it: failed or not, and a short status label. */
import type { HttpExchange } from '../core/traffic/types';

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
