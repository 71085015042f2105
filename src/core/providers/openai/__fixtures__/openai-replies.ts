/** Chat Completions reply bodies built in code, for tests that need a small variation of a recorded one (tests only). */

/** One function call as the model asks for it: its id, tool name and arguments text (not necessarily valid JSON). */
export interface FunctionCallSpec {
  id: string;
  name: string;
  arguments: string;
}

/** A non-streamed chat completion whose one choice only calls tools; `extra` adds top-level fields (id, model, usage). */
export function toolCallsCompletion(calls: FunctionCallSpec[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  const toolCalls = calls.map((call) => ({ id: call.id, type: 'function', function: { name: call.name, arguments: call.arguments } }));
  return {
    ...extra,
    choices: [{ index: 0, message: { role: 'assistant', content: null, tool_calls: toolCalls }, finish_reason: 'tool_calls' }],
  };
}
