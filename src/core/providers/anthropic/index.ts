/** The Anthropic Messages wire format. */
export type {
  AnthropicAssistantContent,
  AnthropicErrorBody,
  AnthropicImageBlock,
  AnthropicMessage,
  AnthropicMessagesRequest,
  AnthropicMessagesResponse,
  AnthropicResponseContentBlock,
  AnthropicStopReason,
  AnthropicStreamEvent,
  AnthropicTextBlock,
  AnthropicTool,
  AnthropicToolResultBlock,
  AnthropicToolUseBlock,
  AnthropicUsage,
  AnthropicUserContent,
} from './anthropic-api';
export { ANTHROPIC_STOP_REASONS } from './anthropic-api';
export { parseAnthropicError } from './anthropic-error';
export { anthropicProvider } from './anthropic-provider';
export { anthropicSchemaRules } from './anthropic-schema-rules';
export { anthropicSummary } from './summarize-anthropic-reply';
export { ANTHROPIC_VERSION, DEFAULT_ANTHROPIC_BASE_URL, buildAnthropicRequest } from './build-anthropic-request';
export { mapAnthropicStopReason } from './map-anthropic-stop-reason';
export { parseAnthropicResponse, readAnthropicUsage } from './parse-anthropic-response';
export { AnthropicStreamParser, createAnthropicStreamParser } from './parse-anthropic-stream';
