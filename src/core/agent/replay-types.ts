/**
 * The shapes a turn replay shows to the UI: where it goes, what each side (the original turn and
 * the replay) asked, called and answered, with tokens and time. Plain data, JSON-safe.
 */
import type { ProviderId } from '../providers';
import type { NeutralUsage } from '../conversation';
import type { ToolCallItem } from './session-types';

/** Where a replay goes: a wire format, a model, a base URL, and whether tools run for real. */
export interface ReplayTarget {
  provider: ProviderId;
  model: string;
  /** '' = the format's default base URL. */
  baseUrl: string;
  /** Off (the default): calls are answered from the original turn's recorded results; on: called live, through the approval gate. */
  callToolsLive: boolean;
}

/** How a replayed call was answered. */
export type ReplayCallSource = 'recorded' | 'live' | 'not-run';

/** One tool call the replayed model made. */
export interface ReplayCall {
  /** The call as a chat item (status, arguments, result, approval): the chat's cards read it as they read the conversation's. */
  item: ToolCallItem;
  source: ReplayCallSource;
  /** True when no call of the original turn had this name and these arguments. */
  mismatch: boolean;
  /** Why it is a mismatch, in words for the person. */
  mismatchDetail?: string;
  /** The original call whose recorded result answered it. */
  recordedId?: string;
}

/** One side of the comparison: the requests the model got, the calls it chose, its final answer, tokens and time. */
export interface ReplaySide {
  /** The label of the wire format, model and base URL. */
  provider: ProviderId;
  model: string;
  /** Model-wire exchange ids of the requests (retries included), in order. */
  requestIds: number[];
  calls: Array<{ id: string; name: string; args: unknown; mismatch?: boolean }>;
  finalText: string;
  /** Summed over the responses' reported usage (absent counts stay absent). */
  usage: NeutralUsage;
  /** Wall time from the first request to the end, in milliseconds (absent while running). */
  durationMs?: number;
}

/** Where a replay stands. */
export type ReplayStatus = 'running' | 'done' | 'failed' | 'stopped' | 'step-limit';

/** One replay of a turn: a branch of the session, the main conversation untouched. */
export interface Replay {
  id: string;
  /** The turn replayed. */
  turn: number;
  /** When that turn started: tells it apart from the same turn number of a later session. */
  turnStartedAt: number;
  target: Omit<ReplayTarget, 'callToolsLive'>;
  callToolsLive: boolean;
  /** The exchange id of the original turn's first request: every replay request carries it as `replayOf`. */
  replayOf: number;
  status: ReplayStatus;
  /** Why it failed. */
  error?: string;
  startedAt: number;
  endedAt?: number;
  calls: ReplayCall[];
  /** The original turn, as recorded when the replay started. */
  original: ReplaySide;
  /** The replayed side, kept up to date as it runs. */
  side: ReplaySide;
}

/** Everything the UI reads, immutable; a new object after every change. */
export interface ReplaySnapshot {
  replays: readonly Replay[];
}
