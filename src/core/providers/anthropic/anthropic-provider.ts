/** The Anthropic Messages adapter: the anthropic/ folder's functions behind `ProviderAdapter`. */
import type { ProviderAdapter } from '../provider';
import type { AnthropicMessagesRequest } from './anthropic-api';
import { parseAnthropicError } from './anthropic-error';
import { buildAnthropicRequest, DEFAULT_ANTHROPIC_BASE_URL } from './build-anthropic-request';
import { parseAnthropicResponse } from './parse-anthropic-response';
import { createAnthropicStreamParser } from './parse-anthropic-stream';

/** Anthropic Messages (`POST {base}/v1/messages`). */
export const anthropicProvider: ProviderAdapter<AnthropicMessagesRequest> = {
  id: 'anthropic',
  label: 'Anthropic Messages',
  defaultBaseUrl: DEFAULT_ANTHROPIC_BASE_URL,
  buildRequest: buildAnthropicRequest,
  parseResponse: parseAnthropicResponse,
  createStreamParser: createAnthropicStreamParser,
  parseError: parseAnthropicError,
};
