/** Small neutral-request builders that the request-builder tests of every provider share (tests only). */
import type { NeutralMessage, NeutralRequest } from '../../conversation';

/** The exact JSON text sent on the wire (key order included), indented to be readable. */
export const wire = (value: unknown): string => JSON.stringify(value, null, 2);

/** A request maker for one model: an empty, non-streamed request with a small token budget, plus overrides. */
export function requestFor(model: string): (overrides: Partial<NeutralRequest>) => NeutralRequest {
  return (overrides) => ({ model, messages: [], tools: [], maxTokens: 256, stream: false, ...overrides });
}

/** A user message of one text part. */
export function userText(text: string): NeutralMessage {
  return { role: 'user', parts: [{ type: 'text', text }] };
}

/** An assistant message that only calls one tool; `rawArguments` is the text that did not parse, when given. */
export function toolCallMessage(toolCallId: string, toolName: string, input: unknown, rawArguments?: string): NeutralMessage {
  const call = { type: 'tool-call' as const, toolCallId, toolName, input };
  return { role: 'assistant', parts: [rawArguments === undefined ? call : { ...call, rawArguments }] };
}

/** A tool message answering one call with one text part. */
export function textResultMessage(toolCallId: string, toolName: string, text: string, isError: boolean): NeutralMessage {
  return { role: 'tool', parts: [{ type: 'tool-result', toolCallId, toolName, result: { parts: [{ type: 'text', text }], isError } }] };
}

/** A forecast call whose arguments did not parse, answered with an error (the agent's answer to bad arguments). */
export function unparsedArgumentsMessages(toolCallId: string, errorText: string): NeutralMessage[] {
  return [
    userText('go'),
    toolCallMessage(toolCallId, 'weather_get_forecast', undefined, '{"city": '),
    textResultMessage(toolCallId, 'weather_get_forecast', errorText, true),
  ];
}

/** A call the user cut short: the assistant calls clock_now and the user speaks again before any result. */
export function unansweredCallMessages(toolCallId: string): NeutralMessage[] {
  return [userText('go'), toolCallMessage(toolCallId, 'clock_now', {}), userText('stop')];
}
