/**
 * Two steps of a connection's handshake kept out of ServerConnection: holding a new session's
 * server→client stream until its capabilities are loaded, and diagnosing a handshake that failed.
 */
import type { Diagnosis } from './diagnosis';
import { diagnoseConnection } from './diagnose-connection';
import { explainRequestError, explainResponseFailure } from './explain-failure';
import type { Session } from './mcp-session';
import { sessionIdOf } from './open-transport';

/** Runs `load` with the session's handshake open (its GET stream waits for it), and closes it after. */
export async function holdStreamWhile<T>(session: Session, load: () => Promise<T>): Promise<T> {
  let finishHandshake!: () => void;
  const done = new Promise<void>((resolve) => (finishHandshake = resolve));
  session.handshake = { done, finish: () => ((session.handshake = undefined), finishHandshake()) };
  try {
    return await load();
  } finally {
    session.handshake?.finish();
  }
}

/** What diagnosing a failed handshake needs from its connection. */
export interface DiagnoseContext {
  url: string;
  timeoutMs: number;
  probeFetch?: typeof fetch;
  /** Adds a note to a recorded exchange. */
  note(exchangeId: number | undefined, note: string): void;
}

/** The diagnosis of a failed handshake: from the exchanges it made, what the tap found, or the SDK's error. */
export async function diagnoseSession(session: Session, error: unknown, context: DiagnoseContext): Promise<Diagnosis> {
  const problem = session.connectProblems[0];
  const request = session.failedCall?.requests.at(-1);
  const explained = problem
    ? explainResponseFailure(problem.failure, problem.request)
    : explainRequestError(error, { ...(request ? { request } : {}), timeoutMs: context.timeoutMs });
  if (explained?.code === 'timeout') {
    // The requests still open will never be answered: each is noted and its stream closed.
    for (const pending of session.failedCall?.requests ?? []) {
      context.note(session.tap.exchangeFor(pending.id), explained.title);
      session.tap.close(pending.id);
    }
  }
  return diagnoseConnection({
    url: context.url,
    error,
    exchanges: session.exchanges.ended,
    sessionId: sessionIdOf(session.transport),
    ...(context.probeFetch ? { probeFetch: context.probeFetch } : {}),
    ...(explained ? { explained } : {}),
  });
}
