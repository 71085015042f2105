/**
 * core/guard: what a server tells the model, made visible. Findings on tool text (invisible
 * characters, text addressed to the model, other servers' tool names, unusual length), visible
 * escapes for invisible characters, and pinned tool definitions with word-level diffs.
 */
export { type GuardFinding, type GuardFindingKind } from './types';
export { countInvisible, escapeInvisible } from './invisible-chars';
export { scanServer, type GuardSkillText } from './scan-server';
export { findingsOfTool, GuardStore, type GuardSnapshot } from './guard-store';
export {
  canonicalJson,
  diffDefinitions,
  fingerprint,
  type DefinitionFingerprint,
  type FieldChange,
  type ToolDefinition,
} from './definition-pin';
