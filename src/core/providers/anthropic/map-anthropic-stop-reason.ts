/** Maps Anthropic's `stop_reason` to the neutral vocabulary. */
import type { NeutralStopReason } from '../../conversation';
import { ANTHROPIC_STOP_REASONS, type AnthropicStopReason } from './anthropic-api';

/** Anthropic `stop_reason` → `NeutralStopReason`; values the API does not document become `unknown`. */
export function mapAnthropicStopReason(reason: string | null | undefined): NeutralStopReason {
  if (!isAnthropicStopReason(reason)) return 'unknown';
  switch (reason) {
    case 'end_turn':
      return 'end-turn';
    case 'tool_use':
      return 'tool-calls';
    case 'max_tokens':
      return 'max-tokens';
    case 'stop_sequence':
      return 'stop-sequence';
    case 'pause_turn':
      return 'pause';
    case 'refusal':
      return 'refusal';
    case 'model_context_window_exceeded':
      return 'context-window';
    default: {
      const unhandled: never = reason;
      return unhandled;
    }
  }
}

function isAnthropicStopReason(reason: string | null | undefined): reason is AnthropicStopReason {
  return typeof reason === 'string' && (ANTHROPIC_STOP_REASONS as readonly string[]).includes(reason);
}
