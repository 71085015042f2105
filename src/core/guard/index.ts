/**
 * core/guard: what a server tells the model, made visible. Findings on tool text (invisible
 * characters, text addressed to the model, other servers' tool names, unusual length), visible
 * escapes for invisible characters, and pinned tool definitions with word-level diffs.
 */
export {
  GUARD_FINDING_KINDS,
  type GuardField,
  type GuardFieldRole,
  type GuardFinding,
  type GuardFindingKind,
  type GuardSubject,
} from './types';
export {
  codePointLabel,
  countInvisible,
  decodeTags,
  describeRun,
  escapeInvisible,
  escapeRun,
  findInvisibleRuns,
  invisibleClass,
  type EscapedSegment,
  type EscapedText,
  type InvisibleClass,
  type InvisibleRun,
} from './invisible-chars';
export { findModelDirected, type DirectedMatch } from './model-directed';
export {
  otherToolIndex,
  scanField,
  scanServer,
  serverFields,
  USUAL_LENGTH,
  type GuardResourceText,
  type GuardServerText,
  type GuardSkillText,
  type GuardToolText,
  type OtherTool,
} from './scan-server';
export { findingsOfTool, GuardStore, type GuardSnapshot } from './guard-store';
export { tokenize, wordDiff, type DiffPart } from './word-diff';
export {
  canonicalJson,
  diffDefinitions,
  fingerprint,
  PINNED_FIELDS,
  toolDefinition,
  type DefinitionFingerprint,
  type FieldChange,
  type PinnedField,
  type ToolDefinition,
} from './definition-pin';
