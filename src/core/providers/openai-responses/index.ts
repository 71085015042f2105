/** The OpenAI Responses wire format. */
export type {
  ResponsesFunctionCall,
  ResponsesFunctionTool,
  ResponsesInputContent,
  ResponsesInputItem,
  ResponsesOutputItem,
  ResponsesRequest,
  ResponsesResponse,
  ResponsesStatus,
  ResponsesStreamEvent,
  ResponsesUsage,
} from './openai-responses-api';
export { OPENAI_RESPONSES_STATUSES } from './openai-responses-api';
export { parseOpenAIResponsesError, readResponsesStreamError } from './openai-responses-error';
export { openAIResponsesProvider } from './openai-responses-provider';
export { buildOpenAIResponsesRequest, DEFAULT_OPENAI_RESPONSES_BASE_URL } from './build-openai-responses-request';
export { mapOpenAIResponsesStatus, rawResponsesStopReason } from './map-openai-responses-status';
export { assembleResponsesReply, parseOpenAIResponsesResponse, readOpenAIResponsesUsage } from './parse-openai-responses-response';
export { createOpenAIResponsesStreamParser, OpenAIResponsesStreamParser } from './parse-openai-responses-stream';
export { openAIResponsesSummary } from './summarize-openai-responses-reply';
