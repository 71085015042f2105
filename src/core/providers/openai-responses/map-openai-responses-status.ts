/**
 * Maps a Responses API reply's `status` (and `incomplete_details.reason`) to the neutral stop
 * reason. The API has no finish reason: a completed reply with function calls asks for tools.
 */
import type { NeutralStopReason } from '../../conversation';
import { OPENAI_RESPONSES_STATUSES, type ResponsesStatus } from './openai-responses-api';

/** `status` + incomplete reason → `NeutralStopReason`; undocumented statuses become `unknown`. */
export function mapOpenAIResponsesStatus(
  status: string | undefined,
  incompleteReason: string | undefined,
  hasToolCalls: boolean,
): NeutralStopReason {
  if (!isResponsesStatus(status)) return 'unknown';
  switch (status) {
    case 'completed':
      return hasToolCalls ? 'tool-calls' : 'end-turn';
    case 'incomplete':
      if (incompleteReason === 'max_output_tokens') return 'max-tokens';
      if (incompleteReason === 'content_filter') return 'content-filter';
      return 'unknown';
    case 'failed':
    case 'in_progress':
    case 'queued':
    case 'cancelled':
      return 'unknown';
    default: {
      const unhandled: never = status;
      return unhandled;
    }
  }
}

/** The raw stop value kept for display: the incomplete reason when there is one, else the status. */
export function rawResponsesStopReason(status: string | undefined, incompleteReason: string | undefined): string | undefined {
  return status === 'incomplete' && incompleteReason !== undefined ? incompleteReason : status;
}

function isResponsesStatus(status: string | undefined): status is ResponsesStatus {
  return typeof status === 'string' && (OPENAI_RESPONSES_STATUSES as readonly string[]).includes(status);
}
