/** MCP connections from the browser: one official v2 client per server over capability modules, traffic through the wire tap, failures coded. */
export type {
  ConnectionStatus,
  Diagnosis,
  DiagnosisCode,
  LogLevel,
  McpToolInfo,
  ProtocolFailureReason,
  ServerProblem,
  ServerState,
} from './connection-state';
export { LOG_LEVELS } from './connection-state';
export { logEntriesOf, severityOf } from './log-entries';
export type { LogEntry } from './log-entries';
export { LOG_LEVEL_META_KEY } from './capabilities/logging';
export { displayName, isSafeIconUrl } from './server-metadata';
export type { McpIcon } from './server-metadata';
export type { McpTransport, TransportKind } from './open-transport';
export { SSE_FALLBACK_NOTE } from './open-transport';
export { ConnectionManager, STREAMS_WAIT_MAX_MS } from './connection-manager';
export type { ConnectionManagerOptions, ConnectionsSnapshot } from './connection-manager';
export { DEFAULT_TIMEOUT_MS, REMEMBERED_ERA_FAILED_NOTE, SESSION_RENEWED_NOTE, ServerConnection } from './server-connection';
export { ERA_MEMORY_KEY, EraMemory } from './era-memory';
export { CLIENT_INFO } from './mcp-session';
export type { ServerConnectionOptions } from './server-connection';
export type { CallToolOptions } from './capabilities/tools';
export type { CompletionRef, CompletionSuggestions } from './capabilities/completions';
export type {
  CapabilityHost,
  CapabilityLoad,
  CapabilityModule,
  CapabilityRequest,
  InputContext,
  InputRequest,
} from './capabilities/capability';
export { ERA_PROBE_NOTE } from './session-notes';
export { McpError, categoryOf } from './mcp-error';
export type { McpErrorCategory } from './mcp-error';
export { RECOMMENDED_CORS_HEADERS } from './cors-probes';
export { explainRequestError, explainResponseFailure, formatTimeout } from './explain-failure';
export { AppsCapability } from './capabilities/apps';
export { APP_MIME_TYPE, APPS_EXTENSION_ID, isAppOnly, readResourceUi, readToolUi } from './capabilities/apps-meta';
export type { AppCsp, ResourceUi, ToolAudience, ToolUi } from './capabilities/apps-meta';
export { TaskError } from './capabilities/tasks';
export type { TaskErrorCode } from './capabilities/tasks';
export type { TaskInfo, TaskStatus } from './capabilities/task-wire';
export { ServerSignIn } from './server-sign-in';
export type { RememberChoice, ServerAuthState, SignInSetup } from './server-sign-in';
export type {
  McpContentBlock,
  McpPromptInfo,
  McpPromptMessage,
  McpResourceContent,
  McpResourceInfo,
  McpResourceTemplateInfo,
  ResourceSubscription,
} from './connection-state';
export { canSubscribe, offersResources } from './capabilities/resources';
export { ContentChanges } from './content-changes';
export type { ContentChange } from './content-changes';
export type { PromptResult } from './capabilities/prompts';
export { INBOX_CLIENT_CAPABILITIES, InboxCapability } from './capabilities/inbox';
export type { InboxHandler, InboxMethod, InboxOrigin, InboxRoot } from './capabilities/inbox';
export { SkillsCapability, MAX_SKILL_PAGES } from './capabilities/skills';
export type { SkillLoadOptions } from './capabilities/skills';
export { declaresSkills, loadSkill, nameFromUri, SkillError, SKILLS_EXTENSION_ID } from './skills';
export type { LoadedSkill, LoadedSkillFile, SkillEntry, SkillErrorCode, SkillFile, SkillLoad } from './skills';
