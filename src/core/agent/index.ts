/**
 * core/agent: the agent loop over the neutral conversation (core/conversation). `AgentSession` is
 * what the UI uses; the rest is exported for tests and for panels that show the same data.
 */
export { AgentSession, AgentSessionError, type AgentSessionErrorCode } from './agent-session';
export type { AgentSessionDeps, TurnServices } from './session-services';
export { DEFAULT_SETTINGS } from './session-settings';
export type {
  AgentSessionData,
  AgentSnapshot,
  AssistantItem,
  ChatItem,
  ErrorItem,
  ModelSettings,
  NoticeItem,
  PublicSettings,
  RequestRecord,
  TimelineSpan,
  ToolCallDecision,
  ToolCallGuard,
  ToolCallItem,
  ToolCallStatus,
  TurnTimeline,
  UserItem,
  ModelContextNote,
  PendingAttachment,
} from './session-types';
export { ApprovalGate, type ApprovalDecision } from './approval-gate';
export { sleepWithSignal } from './sleep';
// The turn's machinery (runTurn, callModel, requestModel, executeToolCall, classifyToolError) is
// not offered here: it loads on first use (AgentSession's first send, a replay, an approved
// sampling request), so the page's first chunk does not carry it (issue 17). Its types are.
export type { RetryNotice } from './call-model';
export type { ClassifiedToolError } from './classify-tool-error';
export type { CallMcpTool, McpCallOptions, ToolCallPart, ToolProgress, ToolResultPart } from './execute-tool-call';
export { ModelRequestError, type ModelFailure } from './model-failure';
export type { ModelReply, ModelRequestOptions } from './model-request';
export type { TurnContext, TurnOutcome } from './run-turn';
export { parseSessionData, type ParsedSessionData } from './session-data';
export { summarizeTimeline, unionLength, type TimelineTotals } from './timeline-totals';
export { checkForkBody, ForkRequestError, restoreHeaders, sendFork, type ForkDeps, type ForkResult } from './fork-request';
export {
  costOf,
  PRICE_FIELDS,
  reportedUsage,
  toTokenCounts,
  totalUsage,
  usageByTurn,
  zeroCounts,
  type Cost,
  type ModelPrice,
  type PriceField,
  type TokenCounts,
  type TurnUsage,
} from './turn-usage';
export { PRICE_TABLE_STORAGE_KEY, PriceTable, type PriceTableSnapshot, type Prices } from './price-table';
// The counter itself loads on the person's first count (bill-services.ts): only its types are named here.
export type { AnthropicCountOptions, AnthropicToolCounts } from './count-anthropic-tokens';
export { createBillServices, type BillServices, type BillServicesDeps } from './bill-services';
export { ReplayError, ReplayStore, type ReplayErrorCode, type ReplayStoreDeps } from './replay-store';
export {
  INTERRUPTED_REPLAY,
  parseReplayData,
  REPLAY_DATA_VERSION,
  toReplayData,
  type ParsedReplayData,
  type ReplayData,
  type StoredReplay,
  type StoredReplayCall,
} from './replay-data';
export type { Replay, ReplayCall, ReplayCallSource, ReplaySide, ReplaySnapshot, ReplayStatus, ReplayTarget } from './replay-types';
export { turnServices, counterIds } from './session-services';
