/**
 * A session's state as the outside sees it: the immutable snapshot the UI renders (no API key),
 * the plain JSON that is saved, and the state rebuilt from saved JSON.
 */
import { cloneJson } from '../shared/json';
import type { PendingAttachment } from './session-types';
import type { SessionState } from './session-state';
import type { AgentSessionData, AgentSnapshot, ChatItem, ModelSettings, TurnTimeline } from './session-types';

/** What the session knows beyond its state: whether a turn runs and what can be done next. */
export interface SessionFlags {
  running: boolean;
  canRetry: boolean;
  canContinue: boolean;
  attachments: readonly PendingAttachment[];
}

/** A frozen snapshot of the session; the settings say whether there is a key, never the key. */
export function buildSnapshot(settings: ModelSettings, state: SessionState, flags: SessionFlags): AgentSnapshot {
  const { apiKey, ...rest } = settings;
  const timelines: TurnTimeline[] = state.timelines.map((timeline) =>
    Object.freeze({ ...timeline, spans: Object.freeze([...timeline.spans]) as TurnTimeline['spans'] }),
  );
  return Object.freeze({
    settings: Object.freeze({ ...rest, hasApiKey: apiKey !== '' }),
    items: Object.freeze([...state.items]) as readonly ChatItem[],
    history: Object.freeze([...state.history]),
    running: flags.running,
    turn: state.turn,
    timelines: Object.freeze(timelines),
    canRetry: flags.canRetry,
    canContinue: flags.canContinue,
    attachments: flags.attachments,
  });
}

/** The conversation as plain JSON (no API key), for saving. */
export function exportSessionData(settings: ModelSettings, snapshot: AgentSnapshot, state: SessionState, copy = true): AgentSessionData {
  const { apiKey: _apiKey, ...saved } = settings;
  const data: AgentSessionData = {
    version: 1,
    settings: saved,
    items: [...snapshot.items],
    history: [...snapshot.history],
    timelines: [...snapshot.timelines],
    turn: state.turn,
    requests: [...state.requests.values()],
  };
  // A copy: the caller may keep or change it without touching the session (a saver that only reads skips it).
  return copy ? (cloneJson(data) ?? data) : data;
}

/** Fills a fresh state with saved data (already parsed and checked). */
export function restoreState(state: SessionState, restored: AgentSessionData): SessionState {
  state.items = restored.items;
  state.history = restored.history;
  state.timelines = restored.timelines;
  state.turn = restored.turn;
  for (const record of restored.requests) state.requests.set(`${record.turn}:${record.step}`, record);
  return state;
}
