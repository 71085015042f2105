/** Maps OpenAI's `finish_reason` to the neutral vocabulary. */
import type { NeutralStopReason } from '../../conversation';
import { OPENAI_FINISH_REASONS, type OpenAIFinishReason } from './openai-api';

/** OpenAI `finish_reason` → `NeutralStopReason`; values the API does not document become `unknown`. */
export function mapOpenAIFinishReason(reason: string | null | undefined): NeutralStopReason {
  if (!isOpenAIFinishReason(reason)) return 'unknown';
  switch (reason) {
    case 'stop':
      return 'end-turn';
    case 'tool_calls':
    case 'function_call':
      return 'tool-calls';
    case 'length':
      return 'max-tokens';
    case 'content_filter':
      return 'content-filter';
    default: {
      const unhandled: never = reason;
      return unhandled;
    }
  }
}

function isOpenAIFinishReason(reason: string | null | undefined): reason is OpenAIFinishReason {
  return typeof reason === 'string' && (OPENAI_FINISH_REASONS as readonly string[]).includes(reason);
}
