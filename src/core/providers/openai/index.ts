/** The OpenAI Chat Completions wire format. */
export type * from './openai-api';
export { OPENAI_FINISH_REASONS } from './openai-api';
export { parseOpenAIError } from './openai-error';
export { openAIProvider } from './openai-provider';
export { DEFAULT_OPENAI_BASE_URL, buildOpenAIRequest, usesMaxCompletionTokens } from './build-openai-request';
export { mapOpenAIFinishReason } from './map-openai-finish-reason';
export { openAIStopReason, parseOpenAIResponse, readOpenAIUsage, toNeutralToolCall } from './parse-openai-response';
export { OpenAIStreamParser, createOpenAIStreamParser } from './parse-openai-stream';
