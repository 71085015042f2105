/** The OpenAI Chat Completions adapter: the openai/ folder's functions behind `ProviderAdapter`. */
import type { ProviderAdapter } from '../provider';
import type { OpenAIChatRequest } from './openai-api';
import { parseOpenAIError } from './openai-error';
import { buildOpenAIRequest, DEFAULT_OPENAI_BASE_URL } from './build-openai-request';
import { parseOpenAIResponse } from './parse-openai-response';
import { createOpenAIStreamParser } from './parse-openai-stream';

/** OpenAI Chat Completions (`POST {base}/chat/completions`), also spoken by OpenRouter, Ollama, LM Studio. */
export const openAIProvider: ProviderAdapter<OpenAIChatRequest> = {
  id: 'openai',
  label: 'OpenAI Chat Completions',
  defaultBaseUrl: DEFAULT_OPENAI_BASE_URL,
  buildRequest: buildOpenAIRequest,
  parseResponse: parseOpenAIResponse,
  createStreamParser: createOpenAIStreamParser,
  parseError: parseOpenAIError,
};
