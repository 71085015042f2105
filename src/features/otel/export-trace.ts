/** Downloads the OTLP/JSON trace of a turn or of the whole session (the OpenTelemetry SDK loads on this first use). */
import type { TraceSource } from '../../core/trace';
import { downloadText } from '../../ui/download';

/** The file name of a trace export: `glassbox-trace[-turn-N]-<date>.json`. */
export function traceFileName(turn: number | undefined, now: number): string {
  const stamp = new Date(now).toISOString().replace(/[:.]/g, '-');
  return `glassbox-trace${turn === undefined ? '' : `-turn-${turn}`}-${stamp}.json`;
}

/** Downloads the trace; returns what to tell the person. Rejects with a clear message when there is nothing to export. */
export async function exportTraceFile(source: TraceSource, turn?: number, now = Date.now()): Promise<string> {
  const turns = source.conversation.timelines.filter((timeline) => turn === undefined || timeline.turn === turn);
  if (turns.length === 0)
    throw new Error(turn === undefined ? 'There is no turn to trace yet: send a message first.' : `Turn ${turn} is not in this session.`);
  const { otlpJson } = await import('../../core/trace/otlp');
  const { json, spanCount } = otlpJson(source, turn);
  const fileName = traceFileName(turn, now);
  downloadText(fileName, json, 'application/json');
  return `Exported ${fileName} (${spanCount} spans, OTLP/JSON)`;
}
