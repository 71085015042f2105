/** Parses a non-streamed OpenAI Responses reply (its `output` items) into the neutral reply. */
import type { ConversionWarning, NeutralPart, NeutralResponse, NeutralUsage } from '../../conversation';
import { defaultGenerateId } from '../default-id';
import { isPlainObject } from '../../shared/json';
import type { ParseOptions, ParsedResponse } from '../provider';
import { MalformedResponseError } from '../provider-errors';
import { safeStringify } from '../safe-stringify';
import { toNeutralToolCall } from '../tool-call-part';
import { mapOpenAIResponsesStatus, rawResponsesStopReason } from './map-openai-responses-status';
import { readUsage } from '../read-usage';

/**
 * A Responses reply body → neutral reply: message text (and refusals) and function calls in
 * output order. Arguments that are not a JSON object are kept as `rawArguments` with a warning.
 * Throws `MalformedResponseError` when the body has no `output` array.
 */
export function parseOpenAIResponsesResponse(body: unknown, options: ParseOptions = {}): ParsedResponse {
  if (!isPlainObject(body) || !Array.isArray(body['output'])) {
    throw new MalformedResponseError(
      'openai-responses',
      'The reply is not an OpenAI response: it has no output array.',
      safeStringify(body),
    );
  }
  const warnings: ConversionWarning[] = [];
  const generateId = options.generateId ?? defaultGenerateId;
  const parts: NeutralPart[] = [];
  let refused = false;
  for (const item of body['output'] as unknown[]) {
    if (!isPlainObject(item)) continue;
    switch (item['type']) {
      case 'message':
        for (const content of Array.isArray(item['content']) ? (item['content'] as unknown[]) : []) {
          if (!isPlainObject(content)) continue;
          if (content['type'] === 'output_text' && typeof content['text'] === 'string' && content['text'] !== '') {
            parts.push({ type: 'text', text: content['text'] });
          } else if (content['type'] === 'refusal' && typeof content['refusal'] === 'string' && content['refusal'] !== '') {
            refused = true;
            parts.push({ type: 'text', text: content['refusal'] });
          }
        }
        break;
      case 'function_call':
        parts.push(toNeutralToolCall(stringOf(item['call_id']), stringOf(item['name']), item['arguments'], generateId, warnings));
        break;
      case 'reasoning':
        warnings.push({ type: 'unsupported', message: 'Skipped a reasoning item: Glassbox does not keep reasoning.' });
        break;
      default:
        warnings.push({ type: 'unsupported', message: `Skipped an output item of type ${safeStringify(item['type'])}.` });
    }
  }
  return { response: assembleResponsesReply(body, parts, refused), warnings };
}

/** The neutral reply from a response object's id, model, status and usage, around parts already read. */
export function assembleResponsesReply(response: Record<string, unknown>, parts: NeutralPart[], refused: boolean): NeutralResponse {
  const status = typeof response['status'] === 'string' ? response['status'] : undefined;
  const details = isPlainObject(response['incomplete_details']) ? response['incomplete_details'] : {};
  const incompleteReason = typeof details['reason'] === 'string' ? details['reason'] : undefined;
  const rawStopReason = rawResponsesStopReason(status, incompleteReason);
  const hasToolCalls = parts.some((part) => part.type === 'tool-call');
  return {
    ...(typeof response['id'] === 'string' ? { id: response['id'] } : {}),
    ...(typeof response['model'] === 'string' ? { model: response['model'] } : {}),
    parts,
    stopReason: refused ? 'refusal' : mapOpenAIResponsesStatus(status, incompleteReason, hasToolCalls),
    ...(rawStopReason !== undefined ? { rawStopReason } : {}),
    usage: readOpenAIResponsesUsage(response['usage']),
  };
}

/** Responses `usage` (`input_tokens`, `output_tokens`) → neutral usage. */
export function readOpenAIResponsesUsage(usage: unknown): NeutralUsage {
  return readUsage(usage, 'input_tokens', 'output_tokens');
}

function stringOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
