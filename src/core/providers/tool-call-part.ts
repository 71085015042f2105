/** A tool call read from a wire that sends arguments as JSON text (both OpenAI formats) → a neutral part. */
import type { ConversionWarning, NeutralPart } from '../conversation';
import { isPlainObject } from '../shared/json';
import { parseToolArguments } from './parse-tool-arguments';
import { safeStringify } from './safe-stringify';

/**
 * One tool call from the wire → a neutral tool-call part. Missing ids are made up; arguments
 * may be a string (the standard) or an object (some compatible servers).
 */
export function toNeutralToolCall(
  id: string,
  toolName: string,
  args: unknown,
  generateId: () => string,
  warnings: ConversionWarning[],
): Extract<NeutralPart, { type: 'tool-call' }> {
  let toolCallId = id;
  if (toolCallId === '') {
    toolCallId = generateId();
    warnings.push({ type: 'other', message: `A tool call had no id; gave it ${toolCallId}.`, subject: toolCallId });
  }
  if (toolName === '') {
    warnings.push({ type: 'other', message: `Tool call ${toolCallId} has no function name.`, subject: toolCallId });
  }
  if (isPlainObject(args)) return { type: 'tool-call', toolCallId, toolName, input: args };
  const parsed = parseToolArguments(typeof args === 'string' ? args : args == null ? '' : safeStringify(args));
  if (parsed.ok) return { type: 'tool-call', toolCallId, toolName, input: parsed.input };
  warnings.push({
    type: 'other',
    message: `The arguments of tool call ${toolCallId} (${toolName}) are ${parsed.reason}.`,
    subject: toolCallId,
  });
  return { type: 'tool-call', toolCallId, toolName, input: undefined, rawArguments: parsed.rawArguments };
}

/**
 * The arguments text of a call, for wires that send arguments as JSON text. A call whose
 * arguments did not parse is sent with "{}": compatible servers (Ollama among them) reject a
 * history whose arguments are not JSON. The error result the loop sends for it is where the
 * model learns what went wrong.
 */
export function argumentsText(part: Extract<NeutralPart, { type: 'tool-call' }>, warnings: ConversionWarning[]): string {
  if (isPlainObject(part.input)) return JSON.stringify(part.input);
  warnings.push({
    type: 'other',
    message: `Tool call ${part.toolCallId} (${part.toolName}) had no valid object arguments; sent "{}" as its arguments.`,
    subject: part.toolCallId,
  });
  return '{}';
}
