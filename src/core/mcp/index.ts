/** MCP connections from the browser: one official v2 client per server over capability modules, traffic through the wire tap, failures coded. */
export type { ConnectionStatus, Diagnosis, DiagnosisCode, McpToolInfo, ProtocolEra, ProtocolFailureReason, ServerProblem, ServerState } from './connection-state';
export { ConnectionManager, STREAMS_WAIT_MAX_MS } from './connection-manager';
export type { ConnectionManagerOptions, ConnectionsSnapshot } from './connection-manager';
export { DEFAULT_TIMEOUT_MS, SESSION_RENEWED_NOTE, ServerConnection } from './server-connection';
export { CLIENT_INFO } from './mcp-session';
export type { ServerConnectionOptions } from './server-connection';
export type { CallToolOptions } from './capabilities/tools';
export type { CompletionRef, CompletionSuggestions } from './capabilities/completions';
export type { CapabilityHost, CapabilityLoad, CapabilityModule, CapabilityRequest } from './capabilities/capability';
export { ERA_PROBE_NOTE } from './session-notes';
export { McpError, categoryOf } from './mcp-error';
export type { McpErrorCategory } from './mcp-error';
export { RECOMMENDED_CORS_HEADERS } from './cors-probes';
export { explainRequestError, explainResponseFailure, formatTimeout } from './explain-failure';
export type { McpContentBlock, McpPromptInfo, McpPromptMessage, McpResourceContent, McpResourceInfo, McpResourceTemplateInfo, ResourceSubscription } from './connection-state';
export { canSubscribe, offersResources } from './capabilities/resources';
export { offersCompletions } from './capabilities/completions';
export type { PromptResult } from './capabilities/prompts';
