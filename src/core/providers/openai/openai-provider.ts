/** The OpenAI Chat Completions adapter: the openai/ folder's functions and words behind `ProviderAdapter`. */
import type { ProviderAdapter } from '../provider';
import { buildOpenAIRequest, DEFAULT_OPENAI_BASE_URL } from './build-openai-request';
import type { OpenAIChatRequest } from './openai-api';
import { OPENAI_CORS_ADVICE, parseOpenAIError } from './openai-error';
import { openAISchemaRules } from './openai-schema-rules';
import { parseOpenAIResponse } from './parse-openai-response';
import { createOpenAIStreamParser } from './parse-openai-stream';
import { openAISummary } from './summarize-openai-reply';

/** OpenAI Chat Completions (`POST {base}/chat/completions`), also spoken by OpenRouter, Ollama, LM Studio. */
export const openAIProvider: ProviderAdapter<OpenAIChatRequest, 'openai'> = {
  id: 'openai',
  label: 'OpenAI Chat Completions',
  defaultBaseUrl: DEFAULT_OPENAI_BASE_URL,
  presets: [
    {
      id: 'openai',
      label: 'OpenAI',
      baseUrl: DEFAULT_OPENAI_BASE_URL,
      needsKey: true,
      note: 'OpenAI does not document browser (CORS) access; if the request is blocked, use a proxy.',
    },
    {
      id: 'openrouter',
      label: 'OpenRouter',
      baseUrl: 'https://openrouter.ai/api/v1',
      needsKey: true,
      note: 'Model names carry the vendor, e.g. anthropic/claude-sonnet-4.5 or openai/gpt-4.1.',
    },
    {
      id: 'ollama',
      label: 'Ollama',
      baseUrl: 'http://localhost:11434/v1',
      needsKey: false,
      note: "Ollama allows only local origins by default; for this page's origin set OLLAMA_ORIGINS and restart it.",
    },
    {
      id: 'lm-studio',
      label: 'LM Studio',
      baseUrl: 'http://localhost:1234/v1',
      needsKey: false,
      note: 'Turn on "Enable CORS" in the LM Studio server settings.',
    },
  ],
  modelSuggestions: ['gpt-4.1', 'gpt-4.1-mini', 'gpt-4o-mini', 'o4-mini'],
  buildRequest: buildOpenAIRequest,
  parseResponse: parseOpenAIResponse,
  createStreamParser: createOpenAIStreamParser,
  parseError: parseOpenAIError,
  schema: openAISchemaRules,
  errors: {
    vendorHost: 'api.openai.com',
    vendorName: 'OpenAI',
    keyHint: 'a key for this OpenAI-compatible server',
    baseUrlHint: '(OpenAI-compatible base URLs usually end in /v1).',
    endMarker: 'data: [DONE]',
    authHeaders: 'authorization',
    corsAdvice: OPENAI_CORS_ADVICE,
  },
  summary: openAISummary,
  notes: {
    request:
      'A Chat Completions request, built by Glassbox: model, messages (system, user, assistant with tool_calls, and role "tool" messages answering them by tool_call_id) and tools as functions with JSON Schema parameters. ' +
      'The model keeps no state: the whole conversation is sent every time.',
    response:
      'The reply: choices[0].message with content and/or tool_calls (arguments is a JSON string to parse), a finish_reason and usage. ' +
      'finish_reason tool_calls means: run them and answer each with a tool message.',
    stream:
      'A streamed reply: data: lines, each a chunk whose delta adds text or fragments of tool_calls (joined by index), the finish_reason in the last chunk, and data: [DONE] at the end.',
    error:
      'The endpoint refused the request; the JSON error body says why (401 bad key, 429 rate limit or quota, 400 malformed request). A browser-side failure with no status is usually CORS.',
  },
};
