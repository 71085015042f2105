/**
 * Makes every assistant tool call meet exactly one result, in the tool message right after it.
 * Both wire formats reject a history where a call has no result (or a result has no call),
 * which happens when a person stops a turn between the call and its result.
 */
import type { ConversionWarning, NeutralMessage, NeutralPart } from '../conversation';

type ToolResultPart = Extract<NeutralPart, { type: 'tool-result' }>;

/** The text of a result made up for a call that never got one. */
export const MISSING_RESULT_TEXT = 'The tool call was not completed, so there is no result.';

/**
 * Returns a history in which each assistant message with tool calls is followed by one `tool`
 * message holding one result per call, in call order. Consecutive tool messages are merged,
 * results without a matching call are dropped and missing results are made up as errors; each
 * change is reported as a warning.
 */
export function pairToolResults(messages: NeutralMessage[]): {
  messages: NeutralMessage[];
  warnings: ConversionWarning[];
} {
  const warnings: ConversionWarning[] = [];
  const out: NeutralMessage[] = [];
  let index = 0;

  while (index < messages.length) {
    const message = messages[index]!;
    index += 1;

    if (message.role === 'tool') {
      for (const part of message.parts) {
        warnings.push({
          type: 'other',
          message: `Dropped the result of tool call ${part.toolCallId}: no assistant tool call right before it.`,
          subject: part.toolCallId,
        });
      }
      continue;
    }

    out.push(message);
    if (message.role !== 'assistant') continue;

    const calls = message.parts.filter((part): part is Extract<NeutralPart, { type: 'tool-call' }> => part.type === 'tool-call');
    const results: ToolResultPart[] = [];
    while (index < messages.length && messages[index]!.role === 'tool') {
      results.push(...(messages[index] as Extract<NeutralMessage, { role: 'tool' }>).parts);
      index += 1;
    }
    if (calls.length === 0 && results.length === 0) continue;

    const resultById = new Map<string, ToolResultPart>();
    for (const result of results) {
      const known = calls.some((call) => call.toolCallId === result.toolCallId);
      if (!known || resultById.has(result.toolCallId)) {
        warnings.push({
          type: 'other',
          message: known
            ? `Dropped a second result for tool call ${result.toolCallId}.`
            : `Dropped the result of tool call ${result.toolCallId}: the assistant made no such call.`,
          subject: result.toolCallId,
        });
        continue;
      }
      resultById.set(result.toolCallId, result);
    }

    const paired: ToolResultPart[] = calls.map((call) => {
      const found = resultById.get(call.toolCallId);
      if (found) return found;
      warnings.push({
        type: 'other',
        message: `Tool call ${call.toolCallId} (${call.toolName}) had no result; sent an error result in its place.`,
        subject: call.toolCallId,
      });
      return {
        type: 'tool-result',
        toolCallId: call.toolCallId,
        toolName: call.toolName,
        result: { parts: [{ type: 'text', text: MISSING_RESULT_TEXT }], isError: true },
      };
    });
    if (paired.length > 0) out.push({ role: 'tool', parts: paired });
  }

  return { messages: out, warnings };
}
