/**
 * Context the person has put aside for the next message: resources attached from a server card.
 * They travel in the next user message (after its text) and are then cleared; until then each
 * can be removed.
 */
import type { NeutralMessage } from '../conversation';
import type { ChatItem, PendingAttachment } from './session-types';
import type { SessionState } from './session-state';

/** The attachments waiting for the next message (immutable lists, a new one on each change). */
export class PendingContext {
  private list: readonly PendingAttachment[] = [];

  constructor(private readonly onChange: () => void) {}

  /** The attachments, oldest first. */
  get attachments(): readonly PendingAttachment[] {
    return this.list;
  }

  /** Adds one (an attachment with the same label replaces the earlier one). */
  add(attachment: PendingAttachment): void {
    this.list = Object.freeze([...this.list.filter((item) => item.label !== attachment.label), attachment]);
    this.onChange();
  }

  /** Removes one by id. */
  remove(id: string): void {
    this.list = Object.freeze(this.list.filter((item) => item.id !== id));
    this.onChange();
  }

  /** Takes them all for a message being sent (the list is then empty). */
  take(): readonly PendingAttachment[] {
    const taken = this.list;
    if (taken.length > 0) {
      this.list = Object.freeze([]);
      this.onChange();
    }
    return taken;
  }
}

/**
 * Adds a prompt's messages to the conversation (history and chat), without running a turn: the
 * next model request carries them. Each shows as a message from the person or the model, marked
 * with where it came from.
 */
export function insertMessages(
  state: SessionState,
  messages: readonly NeutralMessage[],
  source: string,
  ids: () => string,
  at: number,
  provider: Extract<ChatItem, { kind: 'assistant' }>['provider'],
): void {
  for (const message of messages) {
    if (message.role === 'tool') continue;
    const text = message.parts
      .map((part) => (part.type === 'text' ? part.text : part.type === 'image' ? `[image ${part.mediaType}]` : ''))
      .filter((line) => line !== '')
      .join('\n');
    state.appendHistory(message);
    if (message.role === 'user') state.addItem({ kind: 'user', id: ids(), text, at, source });
    else
      state.addItem({
        kind: 'assistant',
        id: ids(),
        turn: state.turn,
        step: 0,
        text,
        streaming: false,
        at,
        provider,
        stopReason: 'inserted',
        source,
      });
  }
}
