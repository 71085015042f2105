/**
 * core/tools: the stand-ins the model sees for remote MCP tools, plus local tools. Public
 * names, provider schemas, argument validation, result projection, failures, policy, registry.
 */
export type { CallToolResultLike, KeyValueStorage, LocalToolContext, LocalToolDefinition, ToolAnnotations } from './types';
export { makePublicNames, MAX_PUBLIC_NAME_LENGTH, PUBLIC_NAME_PATTERN, publicNameKey, sanitizeName } from './public-name';
export { resolveLocalRef, toProviderSchema } from './provider-schema';
export {
  billTools,
  sortBillRows,
  sumOffered,
  toolBillCsv,
  type BillSort,
  type DefinitionCounter,
  type ToolBill,
  type ToolBillRow,
} from './tool-bill';
export { summarizeArgumentErrors, validateArguments, type ArgumentValidation } from './validate-arguments';
export { readablePath, type ArgumentError } from './describe-argument-error';
export { DEFAULT_MAX_TEXT_CHARS, projectToolResult, type ProjectedToolResult, type ProjectToolResultOptions } from './project-result';
export {
  isToolFailureCategory,
  labelForCategory,
  messageForCategory,
  resultForFailure,
  TOOL_FAILURE_CATEGORIES,
  ToolFailure,
  toolFailureResult,
  type ToolFailureCategory,
} from './tool-error';
export {
  DEFAULT_TOOL_POLICY,
  isToolPolicy,
  PolicyStore,
  TOOL_POLICY_STORAGE_KEY,
  type PolicyEntry,
  type PolicySnapshot,
  type PolicySource,
  type PolicyStoreOptions,
  type ToolPolicy,
  type ToolRef,
} from './tool-policy';
export { PinBook, type ToolChange, type ToolPin } from './tool-pins';
export {
  APP_ONLY_REASON,
  LOCAL_SERVER,
  ToolRegistry,
  ToolRegistryError,
  type RegisteredLocalTool,
  type RegisteredMcpTool,
  type RegisteredTool,
  type RegistryProblem,
  type ToolRegistryErrorCode,
  type ToolRegistrySnapshot,
} from './tool-registry';
export {
  createReminderTool,
  MAX_REMINDER_TEXT,
  MAX_REMINDER_WHEN,
  REMINDER_STORAGE_KEY,
  ReminderStore,
  type Reminder,
  type ReminderStoreOptions,
} from './local-tools';
export { memoryStorage } from './memory-storage';
export { checkOutput, type OutputCheck } from './check-output';
export { createSkillTool, SKILL_TOOL_NAME, SkillOffers, skillKeys, type OfferedSkill, type OpenSkill } from './skill-tool';
export { followConnections, offerSkills, type FollowConnectionsOptions } from './follow-connections';
