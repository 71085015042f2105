/** The chat's rows: what the conversation shows, one row per shown item, in order. */
import type { AgentSnapshot, ChatItem } from '../../core/agent';
import { finishedTurnAt } from './turn-ends';

/** One row of the chat: an item, and when it ends a finished turn, that turn (its replay control follows the item). */
export interface ChatRow {
  /** The item's id: stable while the item changes. */
  key: string;
  item: ChatItem;
  ended?: { turn: number; startedAt: number };
}

/** An assistant reply that only called tools has no text: its tool call cards speak for it, and it has no row. */
function isShown(item: ChatItem): boolean {
  return !(
    item.kind === 'assistant' &&
    item.text === '' &&
    !item.streaming &&
    item.stopReason !== 'stopped' &&
    item.stopReason !== 'incomplete'
  );
}

/**
 * The rows of the chat. With `replays`, the last row of each finished turn carries that turn
 * (see `finishedTurnAt`). Plain data, linear in the items: only the rows in sight are drawn.
 */
export function chatRows(snapshot: Pick<AgentSnapshot, 'items' | 'timelines' | 'running' | 'turn'>, replays: boolean): ChatRow[] {
  const rows: ChatRow[] = [];
  snapshot.items.forEach((item, index) => {
    const ended = replays ? finishedTurnAt(snapshot, index) : undefined;
    if (!isShown(item) && ended === undefined) return;
    rows.push(ended === undefined ? { key: item.id, item } : { key: item.id, item, ended });
  });
  return rows;
}
