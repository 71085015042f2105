/** Where the chat puts a turn's replay control: after the last row of each finished turn. */
import type { AgentSnapshot, ChatItem } from '../../core/agent';

/**
 * The turn that ends at `items[index]` and can be replayed — the item belongs to a turn with a
 * timeline, the next row belongs to another turn (or is a user message, or there is none), and
 * that turn is not running — with when it started; undefined otherwise.
 */
export function finishedTurnAt(
  snapshot: Pick<AgentSnapshot, 'items' | 'timelines' | 'running' | 'turn'>,
  index: number,
): { turn: number; startedAt: number } | undefined {
  const item = snapshot.items[index];
  if (item === undefined || item.kind === 'user') return undefined;
  const next: ChatItem | undefined = snapshot.items[index + 1];
  if (next !== undefined && next.kind !== 'user' && next.turn === item.turn) return undefined;
  if (snapshot.running && item.turn === snapshot.turn) return undefined;
  const timeline = snapshot.timelines.find((entry) => entry.turn === item.turn);
  return timeline === undefined ? undefined : { turn: item.turn, startedAt: timeline.startedAt };
}
