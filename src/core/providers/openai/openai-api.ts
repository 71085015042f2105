/**
 * OpenAI Chat Completions wire shapes (`POST {base}/chat/completions`), as far as Glassbox sends
 * or reads them. OpenAI-compatible servers (OpenRouter, Ollama, LM Studio) speak the same.
 * snake_case lives here and nowhere else.
 */

/** A part of a user message's content array. */
export type OpenAIUserContentPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

/** An assistant's tool call; `arguments` is a JSON object as a string. */
export interface OpenAIToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

/** One message of the conversation. Tool messages carry text only. */
export type OpenAIChatMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string | OpenAIUserContentPart[] }
  | { role: 'assistant'; content: string | null; tool_calls?: OpenAIToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

/** A tool definition. */
export interface OpenAIChatTool {
  type: 'function';
  function: { name: string; description?: string; parameters: Record<string, unknown> };
}

/**
 * The request body. Glassbox sends `max_tokens`, which OpenAI-compatible servers understand,
 * except for OpenAI reasoning models (o-series, gpt-5), which only take `max_completion_tokens`.
 */
export interface OpenAIChatRequest {
  model: string;
  messages: OpenAIChatMessage[];
  tools?: OpenAIChatTool[];
  max_tokens?: number;
  max_completion_tokens?: number;
  stream?: true;
  stream_options?: { include_usage: boolean };
}

/** Every finish reason the API documents (`function_call` is the deprecated pre-tools form). */
export const OPENAI_FINISH_REASONS = ['stop', 'length', 'tool_calls', 'content_filter', 'function_call'] as const;

/** A documented finish reason. */
export type OpenAIFinishReason = (typeof OPENAI_FINISH_REASONS)[number];
