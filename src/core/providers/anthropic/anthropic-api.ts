/**
 * Anthropic Messages API wire shapes (`POST /v1/messages`), as far as Glassbox sends or reads
 * them. snake_case lives here and nowhere else.
 */

/** An inline base64 image. */
export interface AnthropicImageBlock {
  type: 'image';
  source: { type: 'base64'; media_type: string; data: string };
}

/** A text block. */
export interface AnthropicTextBlock {
  type: 'text';
  text: string;
}

/** The model asking for a tool call. */
interface AnthropicToolUseBlock {
  type: 'tool_use';
  id: string;
  name: string;
  input: Record<string, unknown>;
}

/** The answer to one tool call; must open the user message that follows the call. */
export interface AnthropicToolResultBlock {
  type: 'tool_result';
  tool_use_id: string;
  content: Array<AnthropicTextBlock | AnthropicImageBlock>;
  is_error: boolean;
}

/** Content a user message may carry. */
export type AnthropicUserContent = AnthropicTextBlock | AnthropicImageBlock | AnthropicToolResultBlock;

/** Content an assistant message may carry (in requests). */
export type AnthropicAssistantContent = AnthropicTextBlock | AnthropicToolUseBlock;

/** One message of the conversation; roles must alternate. */
export type AnthropicMessage =
  { role: 'user'; content: AnthropicUserContent[] } | { role: 'assistant'; content: AnthropicAssistantContent[] };

/** A tool definition. */
export interface AnthropicTool {
  name: string;
  description?: string;
  input_schema: Record<string, unknown>;
}

/** The request body. */
export interface AnthropicMessagesRequest {
  model: string;
  max_tokens: number;
  system?: string;
  messages: AnthropicMessage[];
  tools?: AnthropicTool[];
  stream?: true;
}

/** Every stop reason the API documents. */
export const ANTHROPIC_STOP_REASONS = [
  'end_turn',
  'max_tokens',
  'stop_sequence',
  'tool_use',
  'pause_turn',
  'refusal',
  'model_context_window_exceeded',
] as const;

/** A documented stop reason. */
export type AnthropicStopReason = (typeof ANTHROPIC_STOP_REASONS)[number];
