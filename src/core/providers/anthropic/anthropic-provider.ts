/** The Anthropic Messages adapter: the anthropic/ folder's functions and words behind `ProviderAdapter`. */
import type { ProviderAdapter } from '../provider';
import type { AnthropicMessagesRequest } from './anthropic-api';
import { parseAnthropicError } from './anthropic-error';
import { anthropicSchemaRules } from './anthropic-schema-rules';
import { buildAnthropicRequest, DEFAULT_ANTHROPIC_BASE_URL } from './build-anthropic-request';
import { parseAnthropicResponse } from './parse-anthropic-response';
import { createAnthropicStreamParser } from './parse-anthropic-stream';
import { anthropicSummary } from './summarize-anthropic-reply';

/** Anthropic Messages (`POST {base}/v1/messages`). */
export const anthropicProvider: ProviderAdapter<AnthropicMessagesRequest, 'anthropic'> = {
  id: 'anthropic',
  label: 'Anthropic Messages',
  defaultBaseUrl: DEFAULT_ANTHROPIC_BASE_URL,
  presets: [
    {
      id: 'anthropic',
      label: 'Anthropic',
      baseUrl: DEFAULT_ANTHROPIC_BASE_URL,
      needsKey: true,
      note: 'Browser access works with the anthropic-dangerous-direct-browser-access header, which Glassbox sends.',
    },
  ],
  modelSuggestions: ['claude-sonnet-4-5', 'claude-haiku-4-5', 'claude-opus-4-1'],
  buildRequest: buildAnthropicRequest,
  parseResponse: parseAnthropicResponse,
  createStreamParser: createAnthropicStreamParser,
  parseError: parseAnthropicError,
  schema: anthropicSchemaRules,
  errors: {
    vendorHost: 'api.anthropic.com',
    vendorName: 'Anthropic',
    keyHint: 'an Anthropic key, sk-ant-…',
    baseUrlHint: '(the Anthropic base URL has no /v1: https://api.anthropic.com).',
    endMarker: 'message_stop',
    authHeaders: 'x-api-key, anthropic-version, anthropic-dangerous-direct-browser-access',
    corsAdvice:
      'Anthropic allows browser requests that carry anthropic-dangerous-direct-browser-access (Glassbox sends it); a network filter, extension or proxy may be blocking the request.',
  },
  summary: anthropicSummary,
  notes: {
    request:
      'A Messages API request, built by Glassbox: model, max_tokens, system, the whole conversation in messages, and the tools (name, description, input_schema). ' +
      'The model remembers nothing between requests, so every step resends the history, tool_use and tool_result blocks included.',
    response:
      'The reply: content blocks (text, and tool_use with id, name and input), a stop_reason and token usage. ' +
      'stop_reason tool_use means: run these tools and send back one tool_result per call, first in the next user message.',
    stream:
      'A streamed reply as Server-Sent Events: message_start, then per content block a start, deltas (text_delta, or input_json_delta carrying tool input as partial JSON) and a stop, ' +
      'then message_delta with stop_reason and usage, and message_stop.',
    error:
      'Anthropic refused the request; the JSON error body names the type (authentication_error, rate_limit_error, invalid_request_error, overloaded_error…) and says why.',
  },
};
