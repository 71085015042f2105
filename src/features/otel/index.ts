/** OpenTelemetry in the page: the settings dialog (endpoint, collector headers, propagation) and the trace export. */
export { OtelSettingsDialog } from './otel-settings-dialog';
export { exportTraceFile, traceFileName } from './export-trace';
