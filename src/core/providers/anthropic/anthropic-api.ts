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
export interface AnthropicToolUseBlock {
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

/** Token counts. */
export interface AnthropicUsage {
  input_tokens?: number;
  output_tokens?: number;
  cache_creation_input_tokens?: number | null;
  cache_read_input_tokens?: number | null;
}

/** A content block in a reply. Other types (thinking, server tools) exist and are skipped with a warning. */
export type AnthropicResponseContentBlock = AnthropicTextBlock | AnthropicToolUseBlock | { type: string; [key: string]: unknown };

/** The reply body of a non-streamed request. */
export interface AnthropicMessagesResponse {
  id: string;
  type: 'message';
  role: 'assistant';
  model: string;
  content: AnthropicResponseContentBlock[];
  stop_reason: string | null;
  stop_sequence: string | null;
  usage: AnthropicUsage;
}

/** The body of an error reply, and the payload of a stream `error` event. */
export interface AnthropicErrorBody {
  type: 'error';
  error: { type: string; message: string };
  request_id?: string;
}

/** Every event of a streamed reply (`data:` payloads; the SSE `event:` name repeats `type`). */
export type AnthropicStreamEvent =
  | { type: 'message_start'; message: Omit<AnthropicMessagesResponse, 'content'> & { content: [] } }
  | { type: 'content_block_start'; index: number; content_block: AnthropicResponseContentBlock }
  | {
      type: 'content_block_delta';
      index: number;
      delta:
        | { type: 'text_delta'; text: string }
        | { type: 'input_json_delta'; partial_json: string }
        | { type: string; [key: string]: unknown };
    }
  | { type: 'content_block_stop'; index: number }
  | {
      type: 'message_delta';
      delta: { stop_reason: string | null; stop_sequence?: string | null };
      usage?: AnthropicUsage;
    }
  | { type: 'message_stop' }
  | { type: 'ping' }
  | AnthropicErrorBody;
