/** Parses a non-streamed Anthropic Messages reply into the neutral reply. */
import type { ConversionWarning, NeutralPart, NeutralUsage } from '../../conversation';
import { defaultGenerateId } from '../default-id';
import { MalformedResponseError } from '../provider-errors';
import type { ParseOptions, ParsedResponse } from '../provider';
import { isPlainObject } from '../../shared/json';
import { safeStringify } from '../safe-stringify';
import { mapAnthropicStopReason } from './map-anthropic-stop-reason';
import { readUsage } from '../read-usage';

/**
 * An Anthropic reply body → neutral reply. Text and tool_use blocks keep their order; other
 * blocks (thinking, server tools) are skipped with a warning. Throws `MalformedResponseError`
 * when the body has no `content` array.
 */
export function parseAnthropicResponse(body: unknown, options: ParseOptions = {}): ParsedResponse {
  if (!isPlainObject(body) || !Array.isArray(body['content'])) {
    throw new MalformedResponseError('anthropic', 'The reply is not an Anthropic message: it has no content array.', safeStringify(body));
  }
  const generateId = options.generateId ?? defaultGenerateId;
  const warnings: ConversionWarning[] = [];
  const parts: NeutralPart[] = [];

  for (const block of body['content'] as unknown[]) {
    if (!isPlainObject(block)) continue;
    if (block['type'] === 'text' && typeof block['text'] === 'string') {
      if (block['text'] !== '') parts.push({ type: 'text', text: block['text'] });
    } else if (block['type'] === 'tool_use') {
      let toolCallId = typeof block['id'] === 'string' ? block['id'] : '';
      const toolName = typeof block['name'] === 'string' ? block['name'] : '';
      if (toolCallId === '') {
        toolCallId = generateId();
        warnings.push({ type: 'other', message: `A tool_use block had no id; gave it ${toolCallId}.`, subject: toolCallId });
      }
      const input = block['input'];
      if (isPlainObject(input)) {
        parts.push({ type: 'tool-call', toolCallId, toolName, input });
      } else {
        warnings.push({
          type: 'other',
          message: `The input of tool call ${toolCallId} (${toolName}) is not an object.`,
          subject: toolCallId,
        });
        parts.push({ type: 'tool-call', toolCallId, toolName, input: undefined, rawArguments: safeStringify(input) });
      }
    } else {
      warnings.push({
        type: 'unsupported',
        message: `Skipped a "${String(block['type'])}" content block: Glassbox does not keep this kind.`,
      });
    }
  }

  const rawStopReason = typeof body['stop_reason'] === 'string' ? body['stop_reason'] : undefined;
  return {
    response: {
      ...(typeof body['id'] === 'string' ? { id: body['id'] } : {}),
      ...(typeof body['model'] === 'string' ? { model: body['model'] } : {}),
      parts,
      stopReason: mapAnthropicStopReason(rawStopReason),
      ...(rawStopReason !== undefined ? { rawStopReason } : {}),
      usage: readAnthropicUsage(body['usage']),
    },
    warnings,
  };
}

/** Anthropic `usage` → neutral usage (`input_tokens` as reported, without cache counts). */
export function readAnthropicUsage(usage: unknown): NeutralUsage {
  return readUsage(usage, 'input_tokens', 'output_tokens');
}
