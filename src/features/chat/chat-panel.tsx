import { defaultRangeExtractor, useVirtualizer } from '@tanstack/react-virtual';
import type { Range } from '@tanstack/react-virtual';
import { memo, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { FocusEvent, ReactNode } from 'react';
import type { ChatItem } from '../../core/agent';
import { useStore } from '../../ui/use-store';
import { AttachmentChips } from './attachment-chips';
import { ChatEmptyState } from './chat-empty-state';
import { ChatInput } from './chat-input';
import { AssistantMessage, ErrorMessage, NoticeMessage, UserMessage } from './chat-message';
import type { ChatSession } from './chat-session';
import type { ReplayControls, ShowRequest } from './replay-controls';
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

/** A row's height before it is drawn and measured (px): about a tool call card's. */
const ESTIMATED_ROW_PX = 90;

/** The space between rows (px), as the log's gap was. */
const ROW_GAP_PX = 6;

/** Rows drawn beyond those in sight, above and below: a few screens' worth, so a short chat is drawn whole. */
const OVERSCAN_ROWS = 12;

/**
 * The conversation: messages streaming in, tool call cards with approvals and results,
 * errors with Retry, notices, and the message box.
 *
 * The log is virtualised: only the rows in sight (and OVERSCAN_ROWS around them) are drawn, each
 * measured once drawn. A long agent turn has hundreds of rows, and each change of the session drew
 * them all again; now a change draws a bounded number of rows. A row with the keyboard focus, the
 * first question waiting for an answer and the selected tool call stay drawn wherever they are.
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

  // The row holding the keyboard focus: kept drawn while scrolled away, so the focus is not lost.
  const [focusedKey, setFocusedKey] = useState<string>();
  const onFocusIn = (event: FocusEvent<HTMLDivElement>) => {
    setFocusedKey(event.target.closest<HTMLElement>('[data-row-key]')?.dataset.rowKey);
  };
  const onFocusOut = (event: FocusEvent<HTMLDivElement>) => {
    if (!(event.relatedTarget instanceof Node) || !event.currentTarget.contains(event.relatedTarget)) setFocusedKey(undefined);
  };
  const kept = useMemo(() => {
    const keys = new Set([focusedKey, firstAwaitingId, selectedToolCallId].filter((key) => key !== undefined));
    if (keys.size === 0) return [];
    const indexes: number[] = [];
    rows.forEach((row, index) => {
      if (keys.has(row.key)) indexes.push(index);
    });
    return indexes;
  }, [rows, focusedKey, firstAwaitingId, selectedToolCallId]);
  const keptKey = kept.join(',');
  // A new function only when the kept rows change: the virtualiser recomputes its rows' indexes for it.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const rangeExtractor = useCallback((range: Range) => withKept(defaultRangeExtractor(range), kept), [keptKey]);

  // The latest rows, read by the virtualiser's stable key function (a new one would make it measure every row again).
  const rowsRef = useRef<readonly ChatRow[]>(rows);
  rowsRef.current = rows;
  const getItemKey = useCallback((index: number) => rowsRef.current[index]?.key ?? index, []);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => logRef.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    getItemKey,
    gap: ROW_GAP_PX,
    overscan: OVERSCAN_ROWS,
    rangeExtractor,
  });

  // A new approval question takes the keyboard focus, on its "Allow once" button (its row is kept drawn).
  useEffect(() => {
    if (firstAwaitingId === undefined) return;
    const card = logRef.current?.querySelector(`[data-tool-call-id="${CSS.escape(firstAwaitingId)}"]`);
    card?.querySelector<HTMLButtonElement>('[data-testid="approval-allow"]')?.focus();
  }, [firstAwaitingId]);

  // A call selected elsewhere (a wire panel) is scrolled into view.
  useLayoutEffect(() => {
    if (selectedToolCallId === undefined) return;
    const index = rowsRef.current.findIndex((row) => row.key === selectedToolCallId);
    if (index >= 0) virtualizer.scrollToIndex(index, { align: 'auto' });
  }, [selectedToolCallId, virtualizer]);

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
      <div
        className="chat-log"
        ref={logRef}
        onScroll={onScroll}
        onFocus={onFocusIn}
        onBlur={onFocusOut}
        aria-label="Conversation"
        aria-busy={running}
        tabIndex={-1}
      >
        {items.length === 0 ? (
          <ChatEmptyState onUseExample={setDraft} demo={settings.provider === 'demo'} />
        ) : (
          <div className="chat-rows" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((place) => {
              const row = rows[place.index];
              if (row === undefined) return null;
              return (
                <div
                  key={row.key}
                  className="chat-row"
                  data-index={place.index}
                  data-row-key={row.key}
                  ref={virtualizer.measureElement}
                  style={{ transform: `translateY(${place.start}px)` }}
                >
                  {renderRow(row)}
                </div>
              );
            })}
          </div>
        )}
        {running && !streaming && firstAwaitingId === undefined && <div className="chat-working faint">Working…</div>}
      </div>
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

/** The virtualiser's indexes with the kept ones added, in order. */
function withKept(indexes: number[], kept: readonly number[]): number[] {
  if (kept.every((index) => indexes.includes(index))) return indexes;
  return [...new Set([...indexes, ...kept])].sort((a, b) => a - b);
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
