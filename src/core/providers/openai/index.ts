/** The OpenAI Chat Completions wire format. */
export type {
  OpenAIChatChunk,
  OpenAIChatMessage,
  OpenAIChatRequest,
  OpenAIChatResponse,
  OpenAIChatTool,
  OpenAIErrorBody,
  OpenAIFinishReason,
  OpenAIToolCall,
  OpenAIToolCallDelta,
  OpenAIUsage,
  OpenAIUserContentPart,
} from './openai-api';
export { OPENAI_FINISH_REASONS } from './openai-api';
export { OPENAI_CORS_ADVICE, parseOpenAIError } from './openai-error';
export { OPENAI_MAX_NESTING, OPENAI_MAX_PROPERTIES, OPENAI_SUPPORTED_FORMATS, openAISchemaRules } from './openai-schema-rules';
export { openAISummary } from './summarize-openai-reply';
export { openAIProvider } from './openai-provider';
export { DEFAULT_OPENAI_BASE_URL, buildOpenAIRequest, usesMaxCompletionTokens } from './build-openai-request';
export { mapOpenAIFinishReason } from './map-openai-finish-reason';
export { openAIStopReason, parseOpenAIResponse, readOpenAIUsage } from './parse-openai-response';
export { OpenAIStreamParser, createOpenAIStreamParser } from './parse-openai-stream';
