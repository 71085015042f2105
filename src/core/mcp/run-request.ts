/**
 * One request of a connection on its current session: a 404 on a 2025 session id means the server
 * forgot the session, so the connection initializes again (new client, same recording) and the
 * request is retried once. Any other failure the connection can explain becomes the card's last
 * problem and an McpError; a JSON-RPC error the server sent is its answer and passes through.
 */
import type { Client } from '@modelcontextprotocol/client';
import type { McpCall } from './call-registry';
import type { CapabilityRequest } from './capabilities/capability';
import type { Diagnosis } from './diagnosis';
import { explainCallFailure } from './explain-call';
import { isExpiredSession } from './mcp-session';
import type { Session } from './mcp-session';
import { SESSION_RENEWED_NOTE } from './server-connection-options';

/** What a request needs of its connection. */
export interface RequestDeps {
  url: string;
  probeFetch?: typeof fetch;
  /** The server's timeout, for a request that gives none. */
  timeoutMs: number;
  /** Notes an exchange in the trace. */
  note(exchangeId: number | undefined, note: string): void;
  /** Initializes again after the server forgot the session (concurrent callers share one renewal). */
  renew(old: Session, method: string): Promise<Session>;
  /** Records a failure as the card's last problem; returns the error a caller sees. */
  fail(method: string, error: unknown, diagnosis: Diagnosis): unknown;
}

/** Runs `run` on `session` as one call (see the module comment). */
export async function runRequest<T>(
  session: Session,
  spec: CapabilityRequest,
  run: (client: Client, call: McpCall) => Promise<T>,
  deps: RequestDeps,
): Promise<T> {
  const method = spec.methods[0] ?? 'request';
  const timeoutMs = spec.timeoutMs ?? deps.timeoutMs;
  for (let renewed = false; ; renewed = true) {
    const call = session.calls.begin({
      methods: spec.methods,
      ...(spec.arguments ? { arguments: spec.arguments } : {}),
      ...(spec.toolCallId ? { context: { toolCallId: spec.toolCallId } } : {}),
      ...(spec.signal ? { signal: spec.signal } : {}),
    });
    try {
      return await run(session.client, call);
    } catch (thrown) {
      const error = call.failure ?? thrown;
      const request = call.requests.at(-1);
      if (spec.signal?.aborted) {
        // Stopped by the person: close the stream too (the SDK only sends notifications/cancelled).
        if (request) session.tap.close(request.id);
        throw error;
      }
      if (isExpiredSession(error, session)) {
        if (!renewed) {
          deps.note(request ? session.tap.exchangeFor(request.id) : undefined, SESSION_RENEWED_NOTE);
          session = await deps.renew(session, method);
          continue;
        }
        throw deps.fail(method, error, {
          code: 'session-expired',
          status: 404,
          title: 'The session expired again right after it was renewed (404)',
          detail: `The server answered 404 to the session it had just created, so ${method} failed. It may be losing sessions (several instances behind a load balancer without shared sessions, or restarting).`,
        });
      }
      const diagnosis = await explainCallFailure(error, {
        method,
        request,
        timeoutMs,
        url: deps.url,
        probeFetch: deps.probeFetch,
        ...(spec.extraHeaders && { extraHeaders: spec.extraHeaders }),
      });
      if (diagnosis?.code === 'timeout' && request) {
        deps.note(session.tap.exchangeFor(request.id), diagnosis.title);
        session.tap.close(request.id);
      }
      // A JSON-RPC error the server sent (unknown tool, bad params) is its answer, not a misbehaviour.
      throw diagnosis ? deps.fail(method, error, diagnosis) : error;
    } finally {
      session.calls.end(call);
    }
  }
}
