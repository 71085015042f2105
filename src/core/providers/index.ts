/**
 * The model wire formats: one folder and one registry line per format (`PROVIDERS`), plus
 * what they share: the adapter contract, error explanations and the stream errors. Code outside
 * core/providers reaches a format only through `PROVIDERS[id]`.
 */
export { isProviderId, PRESETS, PROVIDER_IDS, PROVIDERS, WIRE_FORMAT_IDS, type ProviderId, type ProviderPreset } from './registry';
export type { BuiltRequest, ModelStreamParser } from './provider';
export { hasInvalidArguments } from './provider';
export type {
  ModelExchangeKind,
  ProviderSchemaResult,
  ReplyFindings,
  ReplyUsage,
  SchemaKit,
  SchemaRules,
  SchemaWarning,
  StreamSummaryReader,
} from './adapter-parts';
export { MalformedResponseError, ProviderStreamError, StreamCutError } from './provider-errors';
export { explainModelHttpError } from './explain-http-error';
export { asObject, errorMessageOf, parseJson } from './reply-summary';
export { diffBodies, type RequestDiff } from './request-diff';
export { entriesKeyOf } from './entries-key';
export { DEMO_SCENARIO_MESSAGE } from './demo';
export { REQUEST_SCHEMAS } from './request-schemas';
