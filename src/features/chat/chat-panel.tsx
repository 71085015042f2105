import { memo, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import type { ChatItem } from '../../core/agent';
import { useStore } from '../../ui/use-store';
import { AttachmentChips } from './attachment-chips';
import { ChatEmptyState } from './chat-empty-state';
import { ChatInput } from './chat-input';
import { AssistantMessage, ErrorMessage, NoticeMessage, UserMessage } from './chat-message';
import type { ChatSession } from './chat-session';
import type { ReplayControls, ShowRequest } from './replay-controls';
import { ChatLog } from './chat-log';
import { chatRows } from './chat-rows';
import type { ChatRow } from './chat-rows';
import { needsKeyHint } from './model-settings';
import type { ToolCallCardProps } from './tool-call-card';
import { CHAT_VIEWS, ToolCallCard, TurnReplay } from './chat-views';
import { preloadWhenIdle } from '../../ui/lazy-named';
import { useStickToBottom } from './use-stick-to-bottom';
import './chat.css';

/** Props for ChatPanel. */
export interface ChatPanelProps {
  session: ChatSession;
  /** The tool call selected here or in a wire panel: its card is highlighted. */
  selectedToolCallId?: string;
  /** Called with a tool call's id when its card (or "Show on the wires") is clicked. */
  onSelectToolCall?(id: string): void;
  /** What a server asks of the client while this tool call runs (the app renders the inbox's cards here). */
  toolCallInbox?(toolCallId: string): ReactNode;
  /** Replays of finished turns; without it turns offer no replay (a read-only store only shows them). */
  replays?: ReplayControls;
  /** Shows a replay's model request on the model wire (its links in the result). */
  onShowRequest?: ShowRequest;
}

/** The hint under the input when a remote endpoint has no key (sending stays possible). */
const NO_KEY_HINT = 'No API key set: the endpoint will likely answer 401. Add one in the top bar.';

/** A question waiting for the person in the chat: a tool call's approval (held in place while pinned). */
const QUESTION = '[data-testid="approval-allow"]';

/**
 * The conversation: messages streaming in, tool call cards with approvals and results,
 * errors with Retry, notices, and the message box.
 *
 * The log draws only the rows in sight (ChatLog): the first question waiting for an answer and the
 * selected tool call stay drawn wherever they are.
 */
export function ChatPanel({ session, selectedToolCallId, onSelectToolCall, toolCallInbox, replays, onShowRequest }: ChatPanelProps) {
  const snapshot = useStore(session);
  const { items, running, settings, canRetry, canContinue, timelines, turn } = snapshot;
  const [draft, setDraft] = useState('');
  const logRef = useRef<HTMLDivElement>(null);
  const { onScroll, pin } = useStickToBottom(logRef, QUESTION);
  useEffect(() => preloadWhenIdle(CHAT_VIEWS), []);

  const withReplays = replays !== undefined;
  const rows = useMemo(() => chatRows({ items, timelines, running, turn }, withReplays), [items, timelines, running, turn, withReplays]);
  const lastErrorId = findLast(items, (item) => item.kind === 'error')?.id;
  const lastStepLimitId = findLast(items, (item) => item.kind === 'notice' && item.code === 'step-limit')?.id;
  const lastItem = items[items.length - 1];
  const streaming = lastItem?.kind === 'assistant' && lastItem.streaming;
  const firstAwaitingId = items.find((item) => item.kind === 'tool-call' && item.status === 'awaiting-approval')?.id;

  // A new approval question takes the keyboard focus, on its "Allow once" button (its row is kept drawn).
  useEffect(() => {
    if (firstAwaitingId === undefined) return;
    const card = logRef.current?.querySelector(`[data-tool-call-id="${CSS.escape(firstAwaitingId)}"]`);
    card?.querySelector<HTMLButtonElement>('[data-testid="approval-allow"]')?.focus();
  }, [firstAwaitingId]);

  const send = () => {
    const text = draft.trim();
    if (text === '' || running) return;
    setDraft('');
    pin();
    // The turn's cards are fetched now if the idle preload has not yet: they show as the turn goes.
    for (const view of CHAT_VIEWS) view.preload().catch(() => undefined);
    // The session reports failures as chat items; a rejection here is a bug worth seeing in the console.
    session.send(text).catch((error: unknown) => console.error('Sending failed:', error));
  };

  const renderItem = (item: ChatItem) => {
    switch (item.kind) {
      case 'user':
        return <UserMessage item={item} />;
      case 'assistant':
        // A reply that only called tools has no text: its tool call cards speak for it.
        if (item.text === '' && !item.streaming && item.stopReason !== 'stopped' && item.stopReason !== 'incomplete') return null;
        return <AssistantMessage item={item} />;
      case 'tool-call':
        return (
          <ToolCallRow
            item={item}
            session={session}
            selected={item.id === selectedToolCallId}
            onSelect={onSelectToolCall}
            inbox={toolCallInbox}
          />
        );
      case 'error':
        return (
          <ErrorMessage item={item} onRetry={canRetry && !running && item.id === lastErrorId ? () => void session.retry() : undefined} />
        );
      case 'notice':
        return (
          <NoticeMessage
            item={item}
            onContinue={canContinue && !running && item.id === lastStepLimitId ? () => void session.continueTurn() : undefined}
          />
        );
      default:
        return assertNever(item);
    }
  };

  // A finished turn ends with its replay control (and its replays' results).
  const renderRow = ({ item, ended }: ChatRow) => {
    if (!replays || !ended) return renderItem(item);
    return (
      <>
        {renderItem(item)}
        <Suspense fallback={null}>
          <TurnReplay turn={ended.turn} turnStartedAt={ended.startedAt} replays={replays} onShowRequest={onShowRequest} />
        </Suspense>
      </>
    );
  };

  return (
    <div className="chat-panel" data-testid="chat">
      <ChatLog
        rows={rows}
        renderRow={renderRow}
        logRef={logRef}
        onScroll={onScroll}
        busy={running}
        keep={[firstAwaitingId, selectedToolCallId]}
        selectedKey={selectedToolCallId}
        empty={<ChatEmptyState onUseExample={setDraft} demo={settings.provider === 'demo'} />}
      >
        {running && !streaming && firstAwaitingId === undefined && <div className="chat-working faint">Working…</div>}
      </ChatLog>
      <AttachmentChips attachments={snapshot.attachments} onRemove={(id) => session.removeAttachment(id)} />
      <ChatInput
        text={draft}
        onTextChange={setDraft}
        onSend={send}
        onStop={() => session.stop()}
        running={running}
        hint={needsKeyHint(settings) ? NO_KEY_HINT : undefined}
      />
    </div>
  );
}

/**
 * A tool call's card and the requests its server made while it ran. Memoised: a long turn has
 * hundreds of cards, and each step changes only the newest (items are replaced when they change).
 */
const ToolCallRow = memo(function ToolCallRow({ item, inbox, ...card }: ToolCallCardProps & { inbox: ChatPanelProps['toolCallInbox'] }) {
  return (
    <div className="chat-message tool" data-testid="chat-message" data-role="tool">
      <Suspense fallback={null}>
        <ToolCallCard item={item} {...card} />
      </Suspense>
      {inbox?.(item.id)}
    </div>
  );
});

/** The last element matching a predicate. */
function findLast<T>(list: readonly T[], predicate: (value: T) => boolean): T | undefined {
  for (let index = list.length - 1; index >= 0; index -= 1) {
    const value = list[index] as T;
    if (predicate(value)) return value;
  }
  return undefined;
}

/** Exhaustiveness guard for switches. */
function assertNever(value: never): never {
  throw new Error(`Unexpected chat item: ${JSON.stringify(value)}`);
}
