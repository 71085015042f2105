/**
 * The chat's views that an empty chat does not draw: a tool call's card (arguments, approval,
 * result, what the model saw) and a finished turn's replay control with its results. Each loads
 * the first time it is drawn (so it stays out of the page's first chunk), once the page is idle,
 * or ahead of showing a restored conversation that has them (`preloadChatViews`).
 */
import type { AgentSnapshot } from '../../core/agent';
import { lazyNamed } from '../../ui/lazy-named';

/** A tool call's card. */
export const ToolCallCard = lazyNamed(() => import('./tool-call-card'), 'ToolCallCard');
/** A finished turn's replay control and its replays' results. */
export const TurnReplay = lazyNamed(() => import('./turn-replay'), 'TurnReplay');
/** Both, for an idle preload. */
export const CHAT_VIEWS = [ToolCallCard, TurnReplay] as const;

/**
 * Fetches the views `snapshot` draws (tool call cards, replay controls after finished turns), so a
 * restored conversation is drawn whole in its first render rather than filling in a moment later.
 */
export async function preloadChatViews(snapshot: Pick<AgentSnapshot, 'items'>): Promise<void> {
  if (snapshot.items.length === 0) return;
  // A conversation with any turn has a finished one (a replay control) unless it is still running.
  await Promise.all([snapshot.items.some((item) => item.kind === 'tool-call') ? ToolCallCard.preload() : undefined, TurnReplay.preload()]);
}
