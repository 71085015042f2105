/**
 * "Show in another format": rebuilds a recorded model request in any other wire format from
 * the neutral request the agent kept for it, so the two can be compared side by side
 * (`input_schema` vs `function.parameters`, `tool_result` blocks vs `function_call_output` items).
 */
import type { AgentSession } from '../../core/agent';
import type { ConversionWarning } from '../../core/conversation';
import { PROVIDERS, WIRE_FORMAT_IDS, type ProviderId } from '../../core/providers';
import { redactHeaders } from '../../core/traffic';
import type { HeaderMap, HttpExchange } from '../../core/traffic';

/**
 * What the panel needs from the agent session: `requestFor(turn, step)`, the neutral request
 * behind each model request (undefined when it is not known, e.g. an imported session).
 */
export type ModelRequestSource = Pick<AgentSession, 'requestFor'>;

/** Every wire format of its own but this one, in registry order (not the demo, which borrows one): the targets of "Show in another format". */
export function otherProviders(provider: ProviderId): ProviderId[] {
  return WIRE_FORMAT_IDS.filter((id) => id !== provider);
}

/** A request rebuilt in the other format, or why it cannot be. */
export type RebuiltRequest =
  | {
      ok: true;
      provider: ProviderId;
      /** The format's human name, e.g. "OpenAI Chat Completions". */
      label: string;
      /** The URL at the provider's default base URL. */
      url: string;
      /** Headers with credentials redacted. */
      headers: HeaderMap;
      body: object;
      warnings: ConversionWarning[];
    }
  | { ok: false; provider: ProviderId; label: string; reason: string };

/** The placeholder key given to the builder; its header is redacted before display anyway. */
const PLACEHOLDER_KEY = 'REDACTED';

/**
 * Rebuilds the request of `exchange` in `target`'s format from `source.requestFor(turn, step)`
 * via `PROVIDERS[target].buildRequest(neutral, { baseUrl: '', apiKey: 'REDACTED' })`.
 */
export function rebuildRequest(
  exchange: Pick<HttpExchange, 'turn' | 'step'>,
  target: ProviderId,
  source: ModelRequestSource | undefined,
): RebuiltRequest {
  const adapter = PROVIDERS[target];
  const base = { provider: target, label: adapter.label };
  if (exchange.turn === undefined || exchange.step === undefined) {
    return { ...base, ok: false, reason: 'This request carries no turn and step, so the conversation behind it is not known.' };
  }
  const neutral = source?.requestFor(exchange.turn, exchange.step);
  if (neutral === undefined) {
    return {
      ...base,
      ok: false,
      reason: `The conversation behind turn ${exchange.turn}, step ${exchange.step} is not in this session (an imported trace keeps only the recorded JSON), so it cannot be rebuilt in another format.`,
    };
  }
  try {
    const built = adapter.buildRequest(neutral, { baseUrl: '', apiKey: PLACEHOLDER_KEY });
    return { ...base, ok: true, url: built.url, headers: redactHeaders(built.headers), body: built.body, warnings: built.warnings };
  } catch (error) {
    return { ...base, ok: false, reason: `Building the request failed: ${error instanceof Error ? error.message : String(error)}` };
  }
}
