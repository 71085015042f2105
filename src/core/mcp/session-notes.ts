/**
 * What a connection writes on its own exchanges as they end: the era probe a 2025 server
 * refused, the probe the browser blocked, the DELETE that ended a session. Facts the wire tap
 * handed over at the time, kept per session (the log is never read back).
 */
import type { HttpExchange, RequestRef } from '../traffic';
import { isBlockedEraProbe, isEraProbe } from './diagnose-connection';

/** Note on an era probe that a 2025 server refused. */
export const ERA_PROBE_NOTE =
  'Era probe: this 2025-era server does not know server/discover, so the client falls back to initialize. Not a failure.';

/** Longest list of exchanges a session keeps for a diagnosis. */
const MAX_KEPT = 200;

/** The exchanges of one session, as they ended. */
export class SessionExchanges {
  /** Every exchange of the current attempt (the handshake), for a diagnosis, oldest first. */
  readonly ended: HttpExchange[] = [];
  /** The era probe the browser blocked, if it did. */
  blockedProbe?: HttpExchange;
  /** The latest DELETE, if any. */
  deleted?: HttpExchange;

  constructor(private readonly note: (exchangeId: number, note: string) => void) {}

  /** Takes an exchange as it ends. */
  add(exchange: HttpExchange, requests: readonly RequestRef[]): void {
    if (this.ended.length >= MAX_KEPT) this.ended.shift();
    const probe = requests[0]?.method === 'server/discover';
    const kept = probe && isEraProbe(exchange) && exchange.note === undefined ? { ...exchange, note: ERA_PROBE_NOTE } : exchange;
    if (kept !== exchange) this.note(exchange.id, ERA_PROBE_NOTE);
    this.ended.push(kept);
    if (probe && isBlockedEraProbe(exchange)) this.blockedProbe = exchange;
    if (exchange.method === 'DELETE') this.deleted = exchange;
  }
}
