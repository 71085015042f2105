/**
 * The traffic log for both wires: records, the store, the recording fetch, redaction,
 * JSON-RPC extraction, teaching notes, and HAR / curl export.
 */
export type {
  ExchangeState,
  HeaderMap,
  HttpExchange,
  RpcKind,
  RpcMessageRecord,
  SseEventRecord,
  Wire,
} from './types';

export { TrafficLog } from './traffic-log';
export type {
  ExchangePatch,
  NewExchange,
  TrafficLogData,
  TrafficLogOptions,
  TrafficSnapshot,
} from './traffic-log';

export {
  REDACTED,
  SecretRegistry,
  isSecretHeaderName,
  redactHeaderValue,
  redactHeaders,
  redactText,
  redactUrl,
} from './redact';
export type { HeaderSource, SecretRegistryOptions } from './redact';

export {
  CLOSED_BY_CLIENT_NOTE,
  STEP_HEADER,
  TOOL_CALL_HEADER,
  TURN_HEADER,
  RESPONSE_TAP,
  createRecordingFetch,
} from './recording-fetch';
export type { BodyReader, RecordingEvent, RecordingFetchOptions, ResponseTap, TappedRequestInit } from './recording-fetch';

export {
  classifyRpcMessage,
  describeRpcKind,
  extractRpcMessages,
  parseRpcPayload,
  rpcKindLabel,
  rpcMessagesFromRequest,
  rpcMessagesFromResponseBody,
  rpcMessagesFromSseEvent,
} from './rpc-messages';
export type {
  NewRpcMessage,
  ParsedRpcMessage,
  RpcClassification,
  RpcExtraction,
  RpcExtractionWarning,
  RpcExtractionWarningCode,
  RpcParseResult,
} from './rpc-messages';

export { teachingNoteFor, teachingNoteForTopic } from './teaching-notes';
export type { ProtocolEra, TeachingTopic } from './teaching-notes';

// toHar and sseEventsToText are imported from './har' directly, on demand, so HAR export stays out of the first chunk.
export type { HarEntry, HarLog, HarNameValue, HarRequest, HarResponse, HarTimings, ToHarOptions } from './har';

export { shellQuote, toCurl } from './curl';
export type { ToCurlOptions } from './curl';
