/**
 * The traffic log for both wires: records, the store, the wire tap, redaction, JSON-RPC
 * messages, teaching notes, and HAR / curl export.
 */
export type {
  CallContext,
  HeaderMap,
  HttpExchange,
  LoadFigures,
  LoadGroup,
  LoadSample,
  ProtocolEra,
  RpcMessageRecord,
  SseEventRecord,
} from './types';

export { TrafficLog } from './traffic-log';
export type { NewExchange, TrafficSnapshot } from './traffic-log';

export { SecretRegistry, redactHeaders } from './redact';
export { createWireTap } from './wire-tap';
export type { AnswerProblem, WireTap } from './wire-tap';
export type { RequestRef, ResponseFailure } from './check-answer';

export { parseRpcPayload } from './rpc-messages';

export { teachingNoteFor, teachingNoteForTopic } from './teaching-notes';
export type { TeachingTopic } from './teaching-notes';
// toHar and sseEventsToText are imported from './har' directly, on demand, so HAR export stays out of the first chunk.
export type { HarLog } from './har';

export { toCurl } from './curl';
export { comparableBodies, requestBodyOf, requestBodyOutline } from './shared-body';
export { answerInBody } from './load-request';
