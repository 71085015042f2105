/**
 * core/trace: the OpenTelemetry trace of the recorded session. The span tree is built from the
 * recording (the conversation and both traffic logs) with the times recorded then; its ids, the
 * settings (endpoint, collector headers, propagation) and the trace context MCP requests carry
 * are here. The OTLP/JSON serialization and the send (`otlp.ts`, with the OpenTelemetry SDK) are
 * imported on demand from './otlp', out of the start-up.
 */
export type { TraceSource } from './span-tree';
export { parseTraceparent } from './trace-ids';
export { traceContextMeta } from './propagation';
export { OtelSettingsStore, OTEL_STORAGE_KEY } from './otel-settings';
export { sendTracesAsTurnsEnd, traceSourceOf } from './send-on-turn-end';
