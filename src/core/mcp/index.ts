/** MCP connections from the browser: one official v2 client per server over capability modules, traffic through the wire tap, failures coded. */
export type { ServerState } from './connection-state';
export type { Diagnosis } from './diagnosis';
export { diagnoseNetworkFailure, type CorsProfile } from './cors-probes';
export type { LogLevel, McpToolInfo } from './server-items';
export { LOG_LEVELS } from './server-items';
export { logEntriesOf, severityOf } from './log-entries';
export type { LogEntry } from './log-entries';
export type { McpIcon } from './server-metadata';
export { ConnectionManager } from './connection-manager';
export type { ConnectionsSnapshot } from './connection-manager';
export { REMEMBERED_ERA_FAILED_NOTE, ServerConnection } from './server-connection';
export { ERA_MEMORY_KEY, EraMemory } from './era-memory';
export type { CompletionRef, CompletionSuggestions } from './capabilities/completions';
export type { CapabilityModule } from './capabilities/capability';
export { APP_MIME_TYPE, isAppOnly, readResourceUi, readToolUi } from './capabilities/apps-meta';
export type { TaskInfo } from './capabilities/task-wire';
export type { SignInSetup } from './server-sign-in';
export type {
  McpContentBlock,
  McpPromptInfo,
  McpPromptMessage,
  McpResourceContent,
  McpResourceInfo,
  McpResourceTemplateInfo,
} from './server-items';
export { canSubscribe, offersResources } from './capabilities/resources';
export { ContentChanges } from './content-changes';
export type { ContentChange } from './content-changes';
export { InboxCapability } from './capabilities/inbox';
export type { InboxHandler, InboxMethod, InboxOrigin, InboxRoot } from './capabilities/inbox';
export { SkillError } from './skills';
export type { LoadedSkill, SkillEntry, SkillLoad } from './skills';
