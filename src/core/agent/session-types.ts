/**
 * The shapes the agent session shows to the UI (see /tmp/agent-api.md, the shared contract):
 * settings, chat items, timelines and the snapshot. Plain data, JSON-safe.
 */
import type { ProviderId } from '../providers';
import type { ModelToolResult, NeutralMessage, NeutralRequest } from '../conversation';
import type { GuardFinding } from '../guard';
import type { OutputCheck, ToolChange } from '../tools';
import type { PendingAttachment } from './pending-context';

/** What the person chose for the model side. */
export interface ModelSettings {
  /** The wire format: a key of the provider registry (`PROVIDERS`). */
  provider: ProviderId;
  /** Free text, e.g. `claude-sonnet-4-5`. */
  model: string;
  /** '' = the provider's default base URL. */
  baseUrl: string;
  /** Memory only; never in a snapshot nor an export. */
  apiKey: string;
  /** Model requests per turn before the loop stops. Default is 10. */
  maxSteps: number;
  /** `max_tokens` of each request. Default is 4096. */
  maxTokens: number;
  /** Optional system prompt. */
  system?: string;
}

/** Where a tool call stands (`streaming`: the model is still writing its arguments). */
type ToolCallStatus = 'streaming' | 'awaiting-approval' | 'running' | 'done' | 'failed';

/** How a tool call came to run, or not. */
export type ToolCallDecision = 'allowed-by-policy' | 'allowed-once' | 'always-allowed' | 'denied-by-policy' | 'denied';

/** One tool call the model asked for, from request to result. */
export interface ToolCallItem {
  kind: 'tool-call';
  /** The model's tool call id (tool_use id / call id). */
  id: string;
  /** Asked for in the response of model request (turn, step); its result travels in (turn, step + 1). */
  turn: number;
  step: number;
  /** What the model called. */
  publicName: string;
  server?: string;
  remoteName?: string;
  origin?: 'mcp' | 'local';
  annotations?: Record<string, unknown>;
  /** Parsed input (undefined when unparseable). */
  args: unknown;
  rawArguments?: string;
  /** While streaming: what can be read of the arguments so far. */
  partialArgs?: Record<string, unknown>;
  status: ToolCallStatus;
  decision?: ToolCallDecision;
  progress?: { progress: number; total?: number; message?: string };
  startedAt?: number;
  endedAt?: number;
  /** The raw MCP CallToolResult (or a local tool's result), kept whole for the person. */
  mcpResult?: unknown;
  /** Exactly what the model was given. */
  modelResult?: ModelToolResult;
  truncated?: boolean;
  /** For an MCP tool with an outputSchema: whether its structuredContent matched (core/tools OutputCheck). */
  outputCheck?: OutputCheck;
  /** `category` is a ToolFailureCategory from core/tools. */
  failure?: { category: string; message: string };
  /** What the guard knew when the call asked: findings on the tool's text, a change since it was allowed. */
  guard?: ToolCallGuard;
}

/** The guard's notes on a tool call that asked for approval (as they were at the time). */
export interface ToolCallGuard {
  findings: GuardFinding[];
  /** Present when the person allowed this tool before and its definition changed since. */
  change?: ToolChange;
}

/** A user message as shown. */
export interface UserItem {
  kind: 'user';
  id: string;
  text: string;
  at: number;
  /** Added: where it came from when the person did not type it (an inserted prompt). */
  source?: string;
  /** Added: the labels of the resources attached to it. */
  attachments?: string[];
  /** Who sent it when not the person typing: an MCP App view (`ui/message`), by its label. */
  from?: string;
  /** Context app views gave for the model (`ui/update-model-context`), sent with this message. */
  context?: readonly ModelContextNote[];
}

/** Text an app view asked to give the model, with who it comes from. */
export interface ModelContextNote {
  label: string;
  text: string;
}

/**
 * An assistant reply as shown. `stopReason` is the provider's own stop value for a complete
 * reply, `'stopped'` when the person stopped it mid-stream, `'incomplete'` when it failed
 * mid-stream; the last two were never added to the history.
 */
export interface AssistantItem {
  kind: 'assistant';
  id: string;
  turn: number;
  step: number;
  text: string;
  streaming: boolean;
  at: number;
  provider: ProviderId;
  stopReason?: string;
  /** Added: where it came from when the model did not write it (an inserted prompt). */
  source?: string;
}

/** A failed model request, explained. */
export interface ErrorItem {
  kind: 'error';
  id: string;
  turn: number;
  title: string;
  detail: string;
  /** A ModelErrorCode (`bad-key`, `cors`, `stream-cut`, …), `stream-error` or `internal`. */
  code: string;
  /** True when trying again can succeed. */
  retryable: boolean;
  at: number;
  /** Requests made for this step before giving up (more than 1 after automatic retries). */
  attempts?: number;
  /** Added: the HTTP status, when an answer arrived. */
  status?: number;
  /** Added: the step whose model request failed. */
  step?: number;
}

/** Something the loop wants the person to know: step limit, stopped, format switched, retrying. */
interface NoticeItem {
  kind: 'notice';
  id: string;
  turn: number;
  text: string;
  at: number;
  /** Added: `step-limit` when the turn stopped at its step limit (the turn can be continued). */
  code?: 'step-limit';
}

/** One row of the chat. */
export type ChatItem = UserItem | AssistantItem | ToolCallItem | ErrorItem | NoticeItem;

/** A model request (start → response complete) or a tool call (start → end). */
export interface TimelineSpan {
  kind: 'model' | 'tool';
  label: string;
  start: number;
  end?: number;
  toolCallId?: string;
  step: number;
}

/** The spans of one turn. */
export interface TurnTimeline {
  turn: number;
  startedAt: number;
  endedAt?: number;
  spans: TimelineSpan[];
}

/** Settings as shown: the key only as "is there one". */
type PublicSettings = Omit<ModelSettings, 'apiKey'> & { hasApiKey: boolean };

/** Everything the UI reads, immutable; a new object after every change. */
export interface AgentSnapshot {
  settings: PublicSettings;
  items: readonly ChatItem[];
  history: readonly NeutralMessage[];
  running: boolean;
  /** Current/last turn number (1-based; 0 before the first). */
  turn: number;
  timelines: readonly TurnTimeline[];
  /** The last turn failed and can be run again. */
  canRetry: boolean;
  /** Added: the last turn stopped at its step limit and can be continued with a fresh budget of steps. */
  canContinue: boolean;
  /** Added: resources attached for the next message. */
  attachments: readonly PendingAttachment[];
}

/**
 * What was sent for model request (turn, step), stored compactly: the history is append-only,
 * so the messages are its first `messageCount` entries.
 */
export interface RequestRecord {
  turn: number;
  step: number;
  messageCount: number;
  request: Omit<NeutralRequest, 'messages'>;
  provider: ProviderId;
}

/** An exported session: plain JSON, no API key. */
export interface AgentSessionData {
  version: 1;
  settings: Omit<ModelSettings, 'apiKey'>;
  items: ChatItem[];
  history: NeutralMessage[];
  timelines: TurnTimeline[];
  turn: number;
  requests: RequestRecord[];
}
