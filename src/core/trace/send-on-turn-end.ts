/**
 * Sends each turn's trace to the person's collector as the turn ends (when an endpoint is set).
 * The OpenTelemetry SDK loads with the first send.
 */
import type { AgentSession } from '../agent';
import type { TrafficLog } from '../traffic';
import type { OtelSettingsStore } from './otel-settings';
import type { TraceSource } from './span-tree';

/** The recording as the span tree reads it: the conversation now, and the log's records so far. */
export function traceSourceOf(session: Pick<AgentSession, 'exportData'>, log: Pick<TrafficLog, 'getSnapshot'>): TraceSource {
  const traffic = log.getSnapshot();
  return {
    conversation: session.exportData(),
    exchanges: traffic.exchanges.slice(0, traffic.exchangeCount),
    messages: traffic.messages.slice(0, traffic.messageCount),
  };
}

/** Follows the session: each time a turn ends, its trace goes to the endpoint set then. Returns the unsubscribe function. */
export function sendTracesAsTurnsEnd(options: {
  session: Pick<AgentSession, 'exportData' | 'getSnapshot' | 'subscribe'>;
  log: Pick<TrafficLog, 'getSnapshot'>;
  settings: OtelSettingsStore;
  fetch: typeof fetch;
  probeFetch?: typeof fetch;
  origin?: string;
}): () => void {
  const { session, settings } = options;
  let running = session.getSnapshot().running;
  return session.subscribe(() => {
    const snapshot = session.getSnapshot();
    const ended = running && !snapshot.running;
    running = snapshot.running;
    const url = settings.tracesUrl();
    if (!ended || url === undefined || snapshot.turn === 0) return;
    void sendTurn(options, url, snapshot.turn);
  });
}

async function sendTurn(options: Parameters<typeof sendTracesAsTurnsEnd>[0], url: string, turn: number): Promise<void> {
  const { settings } = options;
  settings.reportSend({ state: 'sending', turn, message: `Sending the trace of turn ${turn}…` });
  try {
    const { sendOtlp } = await import('./otlp');
    const result = await sendOtlp({
      url,
      headers: settings.headers(),
      source: traceSourceOf(options.session, options.log),
      turn,
      fetch: options.fetch,
      ...(options.probeFetch && { probeFetch: options.probeFetch }),
      ...(options.origin && { origin: options.origin }),
    });
    settings.reportSend(
      result.ok
        ? { state: 'sent', turn, message: result.message }
        : {
            state: 'failed',
            turn,
            message: result.diagnosis ? `${result.message} ${result.diagnosis.detail}` : result.message,
            ...(result.diagnosis?.headersToAdd && { headersToAdd: result.diagnosis.headersToAdd }),
          },
    );
  } catch (error) {
    settings.reportSend({
      state: 'failed',
      turn,
      message: `The trace of turn ${turn} could not be sent: ${error instanceof Error ? error.message : String(error)}`,
    });
  }
}
