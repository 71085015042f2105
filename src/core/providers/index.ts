/**
 * The model wire formats: one folder and one registry line per format (`PROVIDERS`), plus
 * what they share: the adapter contract, error explanations and the stream errors. Code outside
 * core/providers reaches a format only through `PROVIDERS[id]`.
 */
export { isProviderId, PRESETS, PROVIDER_IDS, PROVIDERS, WIRE_FORMAT_IDS, type ProviderId, type ProviderPreset } from './registry';
export type {
  BuildRequestOptions,
  BuiltRequest,
  ModelStreamParser,
  ParseOptions,
  ParsedResponse,
  ProviderAdapter,
  ProviderErrorInfo,
} from './provider';
export type { SseEvent } from './split-sse';
export { hasInvalidArguments } from './provider';
export type {
  EndpointPreset,
  ErrorWording,
  ModelExchangeKind,
  ProviderSchemaResult,
  ReplyFindings,
  ReplyUsage,
  SchemaKit,
  SchemaRules,
  SchemaStats,
  SchemaWarning,
  StreamSummaryReader,
  WireSummary,
} from './adapter-parts';
export { MalformedResponseError, ProviderStreamError, StreamCutError } from './provider-errors';
export {
  explainModelHttpError,
  parseRetryAfter,
  type ModelErrorCode,
  type ModelErrorExplanation,
  type ModelHttpFailure,
} from './explain-http-error';
export { asObject, errorMessageOf, parseJson } from './reply-summary';
export { splitSse } from './split-sse';
export { diffBodies, onlyAppends, type RequestDiff } from './request-diff';
export { entriesKeyOf } from './entries-key';
export { MISSING_RESULT_TEXT, pairToolResults } from './pair-tool-results';
export { PROVIDER_TOOL_NAME_PATTERN } from './tool-name';
export { SUPPORTED_IMAGE_MEDIA_TYPES } from './image-media-types';
export { DEMO_SCENARIO_MESSAGE, demoDialectOf, DEMO_BASE_URLS, DEMO_MODEL_HOST } from './demo';
export { REQUEST_SCHEMAS } from './request-schemas';
