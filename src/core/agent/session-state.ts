/**
 * The mutable state of one conversation: chat items, neutral history, timelines and the
 * requests sent. Items are replaced (never mutated) when they change; the history only grows.
 * Every change calls `onChange`; once detached (new session, import), writes from a turn
 * still unwinding are ignored.
 */
import type { ProviderId } from '../providers';
import type { ChatItem, RequestRecord, TimelineSpan, TurnTimeline } from './session-types';
import type { NeutralMessage, NeutralRequest } from '../conversation';

/** A position in the item list, handed to the code that will update that item. */
export type ItemRef = number;

/** Holds one conversation. */
export class SessionState {
  items: ChatItem[] = [];
  history: NeutralMessage[] = [];
  timelines: TurnTimeline[] = [];
  readonly requests = new Map<string, RequestRecord>();
  turn = 0;
  private detached = false;

  constructor(private readonly onChange: () => void) {}

  /** Stops accepting writes (the session was replaced). */
  detach(): void {
    this.detached = true;
  }

  /** True once replaced. */
  get isDetached(): boolean {
    return this.detached;
  }

  /** Appends a chat item; returns its ref. */
  addItem(item: ChatItem): ItemRef {
    if (this.detached) return -1;
    this.items.push(item);
    this.onChange();
    return this.items.length - 1;
  }

  /** Reads an item by ref. */
  itemAt(ref: ItemRef): ChatItem | undefined {
    return this.items[ref];
  }

  /** Replaces the item at `ref` with `update(item)`; the kind must not change. */
  updateItem<K extends ChatItem['kind']>(
    ref: ItemRef,
    kind: K,
    update: (item: Extract<ChatItem, { kind: K }>) => Extract<ChatItem, { kind: K }>,
  ): void {
    if (this.detached) return;
    const item = this.items[ref];
    if (!item || item.kind !== kind) return;
    this.items[ref] = update(item as Extract<ChatItem, { kind: K }>);
    this.onChange();
  }

  /** The ref of the latest tool-call item with this id that is awaiting approval. */
  findAwaiting(toolCallId: string): ItemRef | undefined {
    for (let index = this.items.length - 1; index >= 0; index--) {
      const item = this.items[index];
      if (item?.kind === 'tool-call' && item.id === toolCallId && item.status === 'awaiting-approval') return index;
    }
    return undefined;
  }

  /** Appends a message to the neutral history. */
  appendHistory(message: NeutralMessage): void {
    if (this.detached) return;
    this.history.push(message);
    this.onChange();
  }

  /** Remembers the neutral request of model request (turn, step), built from the current history. */
  recordRequest(turn: number, step: number, request: NeutralRequest, provider: ProviderId): void {
    if (this.detached) return;
    const { messages, ...rest } = request;
    this.requests.set(requestKey(turn, step), { turn, step, messageCount: messages.length, request: rest, provider });
  }

  /** The neutral request of model request (turn, step), rebuilt from the history. */
  requestFor(turn: number, step: number): NeutralRequest | undefined {
    const record = this.requests.get(requestKey(turn, step));
    if (!record) return undefined;
    return { ...record.request, messages: this.history.slice(0, record.messageCount) };
  }

  /** Starts (or, for a retried turn, reopens) the timeline of a turn. */
  beginTurn(turn: number, at: number): void {
    if (this.detached) return;
    const existing = this.timelines.find((timeline) => timeline.turn === turn);
    if (existing) delete existing.endedAt;
    else this.timelines.push({ turn, startedAt: at, spans: [] });
    this.onChange();
  }

  /** Closes the timeline of a turn. */
  endTurn(turn: number, at: number): void {
    if (this.detached) return;
    const timeline = this.timelines.find((entry) => entry.turn === turn);
    if (!timeline) return;
    timeline.endedAt = at;
    this.onChange();
  }

  /** Adds a span to a turn's timeline; returns a function that ends it. */
  startSpan(turn: number, span: TimelineSpan): (at: number) => void {
    const timeline = this.timelines.find((entry) => entry.turn === turn);
    if (this.detached || !timeline) return () => undefined;
    timeline.spans.push(span);
    const index = timeline.spans.length - 1;
    this.onChange();
    return (at) => {
      if (this.detached) return;
      const current = timeline.spans[index];
      if (!current || current.end !== undefined) return;
      timeline.spans[index] = { ...current, end: at };
      this.onChange();
    };
  }
}

function requestKey(turn: number, step: number): string {
  return `${turn}:${step}`;
}
