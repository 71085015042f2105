/**
 * The traffic log for both wires: records, the store, the wire tap, redaction, JSON-RPC
 * messages, teaching notes, and HAR / curl export.
 */
export type {
  BodyPart,
  CallContext,
  ExchangeState,
  HeaderMap,
  HttpExchange,
  SharedPiece,
  ProtocolEra,
  RpcKind,
  RpcMessageRecord,
  SseEventRecord,
  Wire,
} from './types';

export { TrafficLog } from './traffic-log';
export type { ExchangePatch, NewExchange, TrafficLogData, TrafficLogOptions, TrafficSnapshot } from './traffic-log';

export { SecretRegistry, redactHeaders, redactText } from './redact';
export type { HeaderSource, SecretRegistryOptions } from './redact';

export { createWireTap } from './wire-tap';
export type { AnswerProblem, FetchLike, RpcTapOptions, WireTap, WireTapOptions } from './wire-tap';
export { CLOSED_BY_CLIENT_NOTE } from './record-body';
export { checkAnswer } from './check-answer';
export type { RequestRef, ResponseFailure } from './check-answer';

export { classifyRpcMessage, describeRpcKind, parseRpcPayload, rpcKindLabel } from './rpc-messages';
export type {
  NewRpcMessage,
  ParsedRpcMessage,
  RpcClassification,
  RpcExtractionWarning,
  RpcExtractionWarningCode,
  RpcParseResult,
} from './rpc-messages';

export { teachingNoteFor, teachingNoteForTopic } from './teaching-notes';
export type { TeachingTopic } from './teaching-notes';

// toHar and sseEventsToText are imported from './har' directly, on demand, so HAR export stays out of the first chunk.
export type { HarEntry, HarLog, HarNameValue, HarRequest, HarResponse, HarRpcMessage, HarTimings, ToHarOptions } from './har';

export { shellQuote, toCurl } from './curl';
export type { ToCurlOptions } from './curl';

export { comparableBodies, joinBody, outlineBody, requestBodyOf, requestBodyOutline } from './shared-body';
export type { EntriesKeyOf } from './body-sharing';
