/**
 * The model wire formats: one adapter per format, plus presets, error explanations and the
 * shared stream errors. The agent loop needs only `PROVIDERS[id]`.
 */
import { anthropicProvider } from './anthropic/anthropic-provider';
import { openAIProvider } from './openai/openai-provider';
import type { ProviderAdapter, ProviderId } from './provider';

/** Every wire format, by id. */
export const PROVIDERS: Readonly<Record<ProviderId, ProviderAdapter>> = {
  anthropic: anthropicProvider,
  openai: openAIProvider,
};

export type {
  BuildRequestOptions,
  BuiltRequest,
  ModelStreamParser,
  ParseOptions,
  ParsedResponse,
  ProviderAdapter,
  ProviderErrorInfo,
  ProviderId,
  SseEvent,
} from './provider';
export { hasInvalidArguments } from './provider';
export { MalformedResponseError, ProviderStreamError, StreamCutError } from './provider-errors';
export { MODEL_SUGGESTIONS, PRESETS, type ProviderPreset } from './presets';
export {
  explainModelHttpError,
  parseRetryAfter,
  type ModelErrorCode,
  type ModelErrorExplanation,
  type ModelHttpFailure,
} from './explain-http-error';
export { splitSse } from './split-sse';
export { MISSING_RESULT_TEXT, pairToolResults } from './pair-tool-results';
export { PROVIDER_TOOL_NAME_PATTERN } from './tool-name';
export { SUPPORTED_IMAGE_MEDIA_TYPES } from './image-media-types';
export { anthropicProvider, ANTHROPIC_VERSION, DEFAULT_ANTHROPIC_BASE_URL } from './anthropic';
export { openAIProvider, DEFAULT_OPENAI_BASE_URL } from './openai';
