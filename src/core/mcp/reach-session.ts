/**
 * The order a connect tries transports and eras in. First the era remembered for the URL, when
 * there is one (no `server/discover` probe); when that fails with an answer from the server, the
 * verdict is forgotten, the failed request says so, and the connect probes again at once. Then,
 * when the server is not a streamable HTTP endpoint (a 4xx to `initialize`), the 2024 HTTP+SSE
 * transport, as the spec's backwards compatibility says.
 */
import type { ServerState } from './connection-state';
import { errorText } from './diagnose-connection';
import type { Diagnosis } from './diagnosis';
import { probesAfterFailure } from './era-memory';
import type { EraMemory, EraPrior } from './era-memory';
import type { Session } from './mcp-session';
import { SSE_FALLBACK_NOTE, triesSseNext } from './open-transport';
import type { TransportKind } from './open-transport';
import { REMEMBERED_ERA_FAILED_NOTE } from './server-connection-options';

/** What reaching a server needs from its connection. */
export interface ReachSteps {
  url: string;
  eras: EraMemory | undefined;
  /** Opens a new session and makes it the connection's current one. */
  open(transport: TransportKind, prior?: EraPrior): Session;
  /** The handshake of a session and the loads of the capabilities; throws when it fails. */
  establish(session: Session): Promise<Partial<ServerState>>;
  /** False once a later connect or a disconnect took over. */
  current(): boolean;
  /** Adds a note to a recorded exchange. */
  note(exchangeId: number | undefined, note: string): void;
}

/** A session that connected and what it loaded, or the first session's failure (and the SSE fallback's, when it was tried). */
export type Reached = { session: Session; loaded: Partial<ServerState> } | { session: Session; error: unknown; sseFailure?: unknown };

/** Reaches the server (see the file comment); undefined when a later connect or a disconnect took over meanwhile. */
export async function reachSession(transport: TransportKind, steps: ReachSteps): Promise<Reached | undefined> {
  const first = await establishFirst(transport, steps);
  if (!('error' in first)) return first;
  if (!steps.current() || !triesSseNext(first.error, first.session)) return steps.current() ? first : undefined;
  const initialize = first.session.failedCall?.requests.at(-1);
  steps.note(initialize ? first.session.tap.exchangeFor(initialize.id) : undefined, SSE_FALLBACK_NOTE);
  await first.session.client.close().catch(() => undefined);
  const sse = steps.open('sse');
  try {
    return { session: sse, loaded: await steps.establish(sse) };
  } catch (sseFailure) {
    await sse.client.close().catch(() => undefined);
    return steps.current() ? { ...first, sseFailure } : undefined;
  }
}

/** The first session of a connect, in the remembered era when there is one, probing again once when that fails. */
async function establishFirst(transport: TransportKind, steps: ReachSteps): Promise<Reached> {
  const prior = steps.eras?.prior(steps.url, transport);
  const session = steps.open(transport, prior);
  try {
    return { session, loaded: await steps.establish(session) };
  } catch (error) {
    if (prior === undefined || !steps.current() || !probesAfterFailure(error)) return { session, error };
    steps.eras?.forget(steps.url);
    const initialize = session.failedCall?.requests.at(-1);
    steps.note(initialize ? session.tap.exchangeFor(initialize.id) : undefined, REMEMBERED_ERA_FAILED_NOTE);
    await session.client.close().catch(() => undefined);
    if (!steps.current()) return { session, error };
    return establishFirst(transport, steps);
  }
}

/**
 * What the card shows of a server not reached: the first session's diagnosis, with the SSE
 * fallback's failure when it was tried. A 401 nobody could answer without a window offers
 * "Sign in" when the page can sign in (the diagnosis says what the server asked).
 */
export function unreachedState(diagnosis: Diagnosis, sseFailure: unknown, canSignIn: boolean): Pick<ServerState, 'status' | 'diagnosis'> {
  const detail =
    sseFailure === undefined
      ? diagnosis.detail
      : `${diagnosis.detail} Glassbox then tried the 2024 HTTP+SSE transport (GET) at this address, which failed too: ${errorText(sseFailure)}.`;
  return { status: canSignIn && diagnosis.code === 'auth-required' ? 'needs-sign-in' : 'failed', diagnosis: { ...diagnosis, detail } };
}
