/** The OpenAI Responses adapter: the openai-responses/ folder's functions and words behind `ProviderAdapter`. */
import { OPENAI_CORS_ADVICE, openAISchemaRules } from '../openai';
import type { ProviderAdapter } from '../provider';
import { buildOpenAIResponsesRequest, DEFAULT_OPENAI_RESPONSES_BASE_URL } from './build-openai-responses-request';
import type { ResponsesRequest } from './openai-responses-api';
import { parseOpenAIResponsesError } from './openai-responses-error';
import { parseOpenAIResponsesResponse } from './parse-openai-responses-response';
import { createOpenAIResponsesStreamParser } from './parse-openai-responses-stream';
import { openAIResponsesSummary } from './summarize-openai-responses-reply';

/** OpenAI Responses (`POST {base}/v1/responses`), sent self-contained: `store: false`, no `previous_response_id`. */
export const openAIResponsesProvider: ProviderAdapter<ResponsesRequest, 'openai-responses'> = {
  id: 'openai-responses',
  label: 'OpenAI Responses',
  defaultBaseUrl: DEFAULT_OPENAI_RESPONSES_BASE_URL,
  presets: [
    {
      id: 'openai-responses',
      label: 'OpenAI',
      baseUrl: DEFAULT_OPENAI_RESPONSES_BASE_URL,
      needsKey: true,
      note: 'OpenAI does not document browser (CORS) access; if the request is blocked, use a proxy. The base URL has no /v1.',
    },
  ],
  modelSuggestions: ['gpt-4.1', 'gpt-4.1-mini', 'o4-mini', 'gpt-5'],
  buildRequest: buildOpenAIResponsesRequest,
  parseResponse: parseOpenAIResponsesResponse,
  createStreamParser: createOpenAIResponsesStreamParser,
  parseError: parseOpenAIResponsesError,
  // The Responses API reads function `parameters` by the same rules as Chat Completions.
  schema: { ...openAISchemaRules, label: 'OpenAI Responses parameters' },
  errors: {
    vendorHost: 'api.openai.com',
    vendorName: 'OpenAI',
    keyHint: 'an OpenAI key, sk-…',
    baseUrlHint: '(the Responses base URL has no /v1: https://api.openai.com).',
    endMarker: 'response.completed',
    authHeaders: 'authorization',
    corsAdvice: OPENAI_CORS_ADVICE,
  },
  summary: openAIResponsesSummary,
  notes: {
    request:
      'A Responses API request, built by Glassbox: model, instructions (the system prompt), input items (messages, function_call and function_call_output joined by call_id) and flat function tools. ' +
      'Sent with store: false and no previous_response_id, so the request is self-contained: the whole conversation every time.',
    response:
      'The reply: an output list of items (message with output_text, function_call with call_id, name and arguments as a JSON string), a status and usage. ' +
      'A function_call means: run it and answer with a function_call_output item carrying the same call_id.',
    stream:
      'A streamed reply of typed events: response.created, response.output_item.added per item, response.output_text.delta and response.function_call_arguments.delta, ' +
      'response.output_item.done, and response.completed with the whole response and usage.',
    error:
      'OpenAI refused the request; the JSON error body says why (401 bad key, 429 rate limit or quota, 400 malformed request). A browser-side failure with no status is usually CORS.',
  },
};
