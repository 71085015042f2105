/**
 * core/tools: the stand-ins the model sees for remote MCP tools, plus local tools. Public
 * names, provider schemas, argument validation, result projection, failures, policy, registry.
 */
export type { CallToolResultLike, ToolAnnotations } from './types';
export { MAX_PUBLIC_NAME_LENGTH, sanitizeName } from './public-name';
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
export { validateArguments } from './validate-arguments';
export { projectToolResult } from './project-result';
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
export { PolicyStore, type PolicySnapshot, type ToolPolicy } from './tool-policy';
export { PinBook, type ToolChange, type ToolPin } from './tool-pins';
export { LOCAL_SERVER, ToolRegistry, type RegisteredTool, type RegistryProblem, type ToolRegistrySnapshot } from './tool-registry';
export { createReminderTool, ReminderStore, type Reminder } from './local-tools';
export { checkOutput, type OutputCheck } from './check-output';
export { SkillOffers } from './skill-tool';
export { followConnections, offerSkills } from './follow-connections';
export { toProviderSchema } from './provider-schema';
