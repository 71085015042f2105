import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import type { KeyboardEvent } from 'react';
import { listKeyTarget } from '../../ui/list-keys';
import type { HttpExchange, RpcMessageRecord } from '../../core/traffic/types';
import { exchangeAt, messageAt } from './build-rows';
import type { TrafficRecords, TrafficRow } from './build-rows';
import { ExchangeRowView, MessageRowView, ROW_HEIGHT } from './traffic-row';

/** Props for TrafficList. */
export interface TrafficListProps {
  /** The rows to show (already filtered). */
  rows: readonly TrafficRow[];
  /** The records the rows point into (the current snapshot). */
  records: TrafficRecords;
  selectedKey?: string;
  /** The row of the request or response paired with the selected message. */
  pairedKey?: string;
  /** Rows of this agent tool call are highlighted; the list scrolls to the first when it changes. */
  linkedToolCallId?: string;
  onSelect(row: TrafficRow): void;
  onDeselect(): void;
  /** The exchange that carried a message, when it failed (shown as the row's status). */
  failedExchangeFor(message: RpcMessageRecord): HttpExchange | undefined;
}

/** Rows drawn beyond the visible ones, above and below. */
const OVERSCAN = 12;

/**
 * The virtualiser is told a row count rounded up to a multiple of this. It recomputes the
 * position of every row whenever its count changes (O(rows)); rounding means a live stream
 * at 100,000 rows triggers that once per 1,024 new rows instead of once per row. Slots past
 * the real end are never drawn, and the scroll height is set from the real count.
 */
const COUNT_BLOCK = 1024;

/** True when a list of this many rows is scrolled to (within a row of) its bottom. Uses no layout reads but `clientHeight`. */
function isAtBottom(element: HTMLElement, rowCount: number): boolean {
  return rowCount * ROW_HEIGHT - element.scrollTop - element.clientHeight < ROW_HEIGHT;
}

/**
 * The virtualised list of messages and exchanges: fixed 22 px rows, only the visible ones
 * in the DOM. It follows new rows while scrolled to the bottom (like DevTools), moves the
 * selection with the arrow keys, and scrolls to the rows of a linked tool call.
 */
export function TrafficList({ rows, records, selectedKey, pairedKey, linkedToolCallId, onSelect, onDeselect, failedExchangeFor }: TrafficListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);
  const focusWanted = useRef<string | undefined>(undefined);
  const scrolledForLink = useRef<string | undefined>(undefined);

  const virtualizer = useVirtualizer({
    count: Math.ceil(rows.length / COUNT_BLOCK) * COUNT_BLOCK,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    // No getItemKey: rows have a fixed height, so positions need no keys, and a new key
    // function would make the virtualiser recompute every position (100,000 of them) per render.
  });

  // Follow new rows while the person is at the bottom; leave them be once they scrolled up.
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (element && stickToBottom.current) element.scrollTop = element.scrollHeight;
  }, [rows.length]);

  // Scroll to the first row of a newly linked tool call (not when the click came from this list).
  useEffect(() => {
    if (linkedToolCallId === undefined) {
      scrolledForLink.current = undefined;
      return;
    }
    if (scrolledForLink.current === linkedToolCallId) return;
    const index = rows.findIndex((row) => row.toolCallId === linkedToolCallId);
    if (index < 0) return;
    scrolledForLink.current = linkedToolCallId;
    stickToBottom.current = false;
    virtualizer.scrollToIndex(index, { align: 'center' });
  }, [linkedToolCallId, rows, virtualizer]);

  // After a keyboard move, focus the newly selected row once it is drawn.
  useEffect(() => {
    const key = focusWanted.current;
    if (key === undefined || key !== selectedKey) return;
    let frame = 0;
    let attempts = 0;
    const tryFocus = () => {
      const element = scrollRef.current?.querySelector<HTMLElement>(`[data-key="${key}"]`);
      if (element) {
        element.focus({ preventScroll: true });
        focusWanted.current = undefined;
      } else if (attempts++ < 5) {
        frame = requestAnimationFrame(tryFocus);
      }
    };
    tryFocus();
    return () => cancelAnimationFrame(frame);
  }, [selectedKey, rows]);

  const selectedIndex = useMemo(() => (selectedKey === undefined ? -1 : rows.findIndex((row) => row.key === selectedKey)), [rows, selectedKey]);

  // The click handler reads the latest rows through a ref, so it stays the same function and memoised rows do not redraw for it.
  const latest = useRef({ rows, onSelect });
  useLayoutEffect(() => {
    latest.current = { rows, onSelect };
  }, [rows, onSelect]);

  /** Selects a row. Its tool call becomes the linked one elsewhere; the list must not jump away from the chosen row for it. */
  const choose = useCallback((row: TrafficRow) => {
    if (row.toolCallId !== undefined) scrolledForLink.current = row.toolCallId;
    latest.current.onSelect(row);
  }, []);

  const selectByKey = useCallback(
    (key: string) => {
      const row = latest.current.rows.find((candidate) => candidate.key === key);
      if (row !== undefined) choose(row);
    },
    [choose],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? ROW_HEIGHT * 10) / ROW_HEIGHT) - 1);
    if (event.key === 'Escape') {
      if (selectedKey !== undefined) {
        event.preventDefault();
        onDeselect();
      }
      return;
    }
    const target = listKeyTarget(event.key, selectedIndex, rows.length, page);
    if (target === undefined) return;
    event.preventDefault();
    const row = rows[target];
    if (row === undefined) return;
    focusWanted.current = row.key;
    virtualizer.scrollToIndex(target, { align: 'auto' });
    choose(row);
  };

  return (
    <div
      ref={scrollRef}
      className="traffic-list"
      role="grid"
      aria-label="MCP messages and HTTP exchanges"
      aria-rowcount={rows.length}
      aria-readonly="true"
      tabIndex={0}
      data-testid="traffic-list"
      onKeyDown={onKeyDown}
      onScroll={(event) => {
        stickToBottom.current = isAtBottom(event.currentTarget, rows.length);
      }}
    >
      <div role="presentation" className="traffic-list-sizer" style={{ height: rows.length * ROW_HEIGHT }}>
        {virtualizer.getVirtualItems().map((item) => {
          // Past the real end (see COUNT_BLOCK): nothing to draw.
          const row = rows[item.index];
          if (row === undefined) return null;
          const highlight = {
            selected: row.key === selectedKey,
            paired: row.key === pairedKey,
            linked: linkedToolCallId !== undefined && row.toolCallId === linkedToolCallId,
          };
          if (row.type === 'message') {
            const message = messageAt(records, row);
            if (message === undefined) return null;
            return (
              <MessageRowView
                key={row.key}
                rowKey={row.key}
                position={item.index + 1}
                top={item.start}
                message={message}
                failed={failedExchangeFor(message)}
                onSelect={selectByKey}
                {...highlight}
              />
            );
          }
          const exchange = exchangeAt(records, row);
          if (exchange === undefined) return null;
          return <ExchangeRowView key={row.key} rowKey={row.key} position={item.index + 1} top={item.start} exchange={exchange} onSelect={selectByKey} {...highlight} />;
        })}
      </div>
    </div>
  );
}
