/** Parses a non-streamed OpenAI Chat Completions reply into the neutral reply. */
import type { ConversionWarning, NeutralPart, NeutralStopReason, NeutralUsage } from '../../conversation';
import { defaultGenerateId } from '../default-id';
import { isPlainObject } from '../../shared/json';
import { toNeutralToolCall } from '../tool-call-part';
import type { ParseOptions, ParsedResponse } from '../provider';
import { MalformedResponseError } from '../provider-errors';
import { safeStringify } from '../safe-stringify';
import { mapOpenAIFinishReason } from './map-openai-finish-reason';
import { readUsage } from '../read-usage';

/**
 * An OpenAI reply body → neutral reply (the first choice). Text comes first, then tool calls.
 * Arguments that are not a JSON object are kept as `rawArguments` with `input` undefined and
 * a warning, so the loop can tell the model. Throws `MalformedResponseError` without `choices`.
 */
export function parseOpenAIResponse(body: unknown, options: ParseOptions = {}): ParsedResponse {
  const choices = isPlainObject(body) ? body['choices'] : undefined;
  const choice: unknown = Array.isArray(choices) ? choices[0] : undefined;
  if (!isPlainObject(body) || !isPlainObject(choice) || !isPlainObject(choice['message'])) {
    throw new MalformedResponseError(
      'openai',
      'The reply is not an OpenAI chat completion: it has no choices[0].message.',
      safeStringify(body),
    );
  }
  const generateId = options.generateId ?? defaultGenerateId;
  const warnings: ConversionWarning[] = [];
  const message = choice['message'];
  const parts: NeutralPart[] = [];

  if (typeof message['content'] === 'string' && message['content'] !== '') {
    parts.push({ type: 'text', text: message['content'] });
  }
  const refusal = typeof message['refusal'] === 'string' && message['refusal'] !== '' ? message['refusal'] : undefined;
  if (refusal !== undefined) parts.push({ type: 'text', text: refusal });
  for (const key of ['reasoning', 'reasoning_content']) {
    if (typeof message[key] === 'string' && message[key] !== '') {
      warnings.push({ type: 'unsupported', message: `Skipped the reply's "${key}" text: Glassbox does not keep reasoning.` });
    }
  }

  const toolCalls = Array.isArray(message['tool_calls']) ? (message['tool_calls'] as unknown[]) : [];
  for (const call of toolCalls) {
    if (!isPlainObject(call)) continue;
    const fn = isPlainObject(call['function']) ? call['function'] : {};
    parts.push(
      toNeutralToolCall(
        typeof call['id'] === 'string' ? call['id'] : '',
        typeof fn['name'] === 'string' ? fn['name'] : '',
        fn['arguments'],
        generateId,
        warnings,
      ),
    );
  }

  const rawStopReason = typeof choice['finish_reason'] === 'string' ? choice['finish_reason'] : undefined;
  return {
    response: {
      ...(typeof body['id'] === 'string' ? { id: body['id'] } : {}),
      ...(typeof body['model'] === 'string' ? { model: body['model'] } : {}),
      parts,
      stopReason: openAIStopReason(rawStopReason, refusal !== undefined, parts),
      ...(rawStopReason !== undefined ? { rawStopReason } : {}),
      usage: readOpenAIUsage(body['usage']),
    },
    warnings,
  };
}

/**
 * The neutral stop reason: a refusal wins; and tool calls under `finish_reason: "stop"` (sent by
 * some compatible servers) count as `tool-calls`, since the loop must answer them.
 */
export function openAIStopReason(rawStopReason: string | undefined, refused: boolean, parts: NeutralPart[]): NeutralStopReason {
  if (refused) return 'refusal';
  const mapped = mapOpenAIFinishReason(rawStopReason);
  if (mapped === 'end-turn' && parts.some((part) => part.type === 'tool-call')) return 'tool-calls';
  return mapped;
}

/** OpenAI `usage` → neutral usage. */
export function readOpenAIUsage(usage: unknown): NeutralUsage {
  return readUsage(usage, 'prompt_tokens', 'completion_tokens');
}
