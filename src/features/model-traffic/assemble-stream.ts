/**
 * Rebuilds the reply a streamed model response carried by feeding its recorded events through
 * the provider's own stream parser, the same one the agent loop used. A stream that did not
 * end properly says why (cut before its end marker, an error event, data that is not JSON),
 * with what had arrived so far.
 */
import type { ConversionWarning, NeutralResponse } from '../../core/conversation';
import { PROVIDERS } from '../../core/providers';
import type { ProviderId } from '../../core/providers';
import type { SseEventRecord } from '../../core/traffic';

/** Why a recorded stream could not be assembled into a complete reply. */
type AssemblyFailureCode = 'stream-cut' | 'provider-stream-error' | 'malformed' | 'unknown';

/** The outcome of assembling a recorded stream. */
export type AssembledStream =
  | { ok: true; response: NeutralResponse; warnings: ConversionWarning[] }
  | {
      ok: false;
      code: AssemblyFailureCode;
      /** Plain words on what went wrong. */
      reason: string;
      /** What had arrived before the failure, assembled as far as possible. */
      partial?: NeutralResponse;
      /** The 0-based index of the event the parser rejected, for `malformed`. */
      eventIndex?: number;
      warnings: ConversionWarning[];
    };

/** Reads the stable `code` of a parser error, if it has one we know. */
function failureCode(error: unknown): AssemblyFailureCode {
  const code = typeof error === 'object' && error !== null && 'code' in error ? (error as { code: unknown }).code : undefined;
  return code === 'stream-cut' || code === 'provider-stream-error' || code === 'malformed' ? code : 'unknown';
}

/** The partial reply a parser error carries, if any. */
function partialOf(error: unknown): NeutralResponse | undefined {
  if (typeof error !== 'object' || error === null || !('partial' in error)) return undefined;
  return (error as { partial: NeutralResponse }).partial;
}

/** The message of an unknown thrown value. */
function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Feeds recorded events through `PROVIDERS[provider].createStreamParser()` and finishes it.
 * Tool calls that arrived without an id get stable made-up ids (`call_unnamed_1`, …) so the
 * display does not change from one render to the next.
 */
export function assembleStream(provider: ProviderId, events: readonly SseEventRecord[]): AssembledStream {
  let made = 0;
  const parser = PROVIDERS[provider].createStreamParser({ generateId: () => `call_unnamed_${++made}` });
  for (const [index, record] of events.entries()) {
    try {
      parser.push(record.event === undefined ? { data: record.data } : { event: record.event, data: record.data });
    } catch (error) {
      const code = failureCode(error);
      let partial: NeutralResponse | undefined;
      try {
        partial = parser.finish();
      } catch (finishError) {
        partial = partialOf(finishError);
      }
      const failure: AssembledStream = {
        ok: false,
        code,
        reason: `Event #${index + 1} could not be read: ${messageOf(error)}`,
        eventIndex: index,
        warnings: [...parser.warnings],
      };
      if (partial !== undefined) failure.partial = partial;
      return failure;
    }
  }
  try {
    const response = parser.finish();
    return { ok: true, response, warnings: [...parser.warnings] };
  } catch (error) {
    const partial = partialOf(error);
    const failure: AssembledStream = { ok: false, code: failureCode(error), reason: messageOf(error), warnings: [...parser.warnings] };
    if (partial !== undefined) failure.partial = partial;
    return failure;
  }
}
