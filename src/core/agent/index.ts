/**
 * core/agent: the agent loop over the neutral conversation (core/conversation). `AgentSession` is
 * what the UI uses; the rest is exported for tests and for panels that show the same data.
 */
export { AgentSession } from './agent-session';
export type { AgentSessionDeps } from './session-services';
export type { PendingAttachment } from './pending-context';
export type {
  AgentSessionData,
  AgentSnapshot,
  ChatItem,
  ModelSettings,
  TimelineSpan,
  ToolCallDecision,
  ToolCallItem,
  TurnTimeline,
} from './session-types';
export { type ApprovalDecision } from './approval-gate';
export { sleepWithSignal } from './sleep';
// The turn's machinery (runTurn, callModel, requestModel, executeToolCall, classifyToolError) is
// not offered here: it loads on first use (AgentSession's first send, a replay, an approved
// sampling request), so the page's first chunk does not carry it. Its types are.
export type { CallMcpTool } from './execute-tool-call';
export { parseSessionData } from './session-data';
export { unionLength } from './timeline-totals';
export { ForkRequestError, sendFork, type ForkResult } from './fork-request';
export {
  PRICE_FIELDS,
  reportedUsage,
  toTokenCounts,
  totalUsage,
  usageByTurn,
  zeroCounts,
  type Cost,
  type PriceField,
  type TokenCounts,
} from './turn-usage';
export { PriceTable } from './price-table';
// The counter itself loads on the person's first count (bill-services.ts): only its types are named here.
export type { AnthropicToolCounts } from './count-anthropic-tokens';
export { createBillServices, type BillServices } from './bill-services';
export { ReplayStore } from './replay-store';
export { INTERRUPTED_REPLAY, parseReplayData, toReplayData, type ReplayData } from './replay-data';
export type { Replay, ReplayCall, ReplaySide, ReplayTarget } from './replay-types';
export { turnServices, counterIds } from './session-services';
