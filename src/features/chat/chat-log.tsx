import { defaultRangeExtractor, useVirtualizer } from '@tanstack/react-virtual';
import type { Range } from '@tanstack/react-virtual';
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { FocusEvent, ReactNode, RefObject } from 'react';
import type { ChatRow } from './chat-rows';

/** A row's height before it is drawn and measured (px): about a tool call card's. */
const ESTIMATED_ROW_PX = 90;

/** The space between rows (px), as the log's gap was. */
const ROW_GAP_PX = 6;

/** Rows drawn beyond those in sight, above and below: a few screens' worth, so a short chat is drawn whole. */
const OVERSCAN_ROWS = 12;

/** Props for ChatLog. */
export interface ChatLogProps {
  rows: readonly ChatRow[];
  /** Draws one row's content (its item, and its turn's replay control when it ends one). */
  renderRow(row: ChatRow): ReactNode;
  /** The scrolling element: the stick-to-bottom hook holds it too. */
  logRef: RefObject<HTMLDivElement | null>;
  onScroll(): void;
  busy: boolean;
  /** Rows kept drawn wherever they are, by key: the first question waiting for an answer, the selected tool call. */
  keep: readonly (string | undefined)[];
  /** The selected row's key: scrolled into view when it changes. */
  selectedKey?: string;
  /** Shown instead of the rows when there are none. */
  empty: ReactNode;
  /** Shown after the rows (the "Working…" line). */
  children?: ReactNode;
}

/**
 * The conversation's scrolling log, virtualised: only the rows in sight (and OVERSCAN_ROWS around
 * them) are drawn, each measured once drawn, so a change of the session draws a bounded number of
 * rows however long it is (a long agent turn has hundreds). The row holding the keyboard focus and
 * the `keep` rows stay drawn wherever they are. A scroll draws this log again, not the chat panel.
 */
export function ChatLog({ rows, renderRow, logRef, onScroll, busy, keep, selectedKey, empty, children }: ChatLogProps) {
  // The row holding the keyboard focus: kept drawn while scrolled away, so the focus is not lost.
  const [focusedKey, setFocusedKey] = useState<string>();
  const onFocusIn = (event: FocusEvent<HTMLDivElement>) => {
    setFocusedKey(event.target.closest<HTMLElement>('[data-row-key]')?.dataset.rowKey);
  };
  const onFocusOut = (event: FocusEvent<HTMLDivElement>) => {
    if (!(event.relatedTarget instanceof Node) || !event.currentTarget.contains(event.relatedTarget)) setFocusedKey(undefined);
  };
  const keptKeys = [focusedKey, ...keep].filter((key) => key !== undefined).join('\n');
  const kept = useMemo(() => {
    if (keptKeys === '') return [];
    const keys = new Set(keptKeys.split('\n'));
    const indexes: number[] = [];
    rows.forEach((row, index) => {
      if (keys.has(row.key)) indexes.push(index);
    });
    return indexes;
  }, [rows, keptKeys]);
  const keptIndexes = kept.join(',');
  // A new function only when the kept rows change: the virtualiser recomputes its rows' indexes for it.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const rangeExtractor = useCallback((range: Range) => withKept(defaultRangeExtractor(range), kept), [keptIndexes]);

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

  // A row selected elsewhere (a tool call on a wire panel) is scrolled into view.
  useLayoutEffect(() => {
    if (selectedKey === undefined) return;
    const index = rowsRef.current.findIndex((row) => row.key === selectedKey);
    if (index >= 0) virtualizer.scrollToIndex(index, { align: 'auto' });
  }, [selectedKey, virtualizer]);

  return (
    <div
      className="chat-log"
      ref={logRef}
      onScroll={onScroll}
      onFocus={onFocusIn}
      onBlur={onFocusOut}
      aria-label="Conversation"
      aria-busy={busy}
      tabIndex={-1}
    >
      {rows.length === 0 ? (
        empty
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
                style={{ top: place.start }}
              >
                {renderRow(row)}
              </div>
            );
          })}
        </div>
      )}
      {children}
    </div>
  );
}

/** The virtualiser's indexes with the kept ones added, in order. */
function withKept(indexes: number[], kept: readonly number[]): number[] {
  if (kept.every((index) => indexes.includes(index))) return indexes;
  return [...new Set([...indexes, ...kept])].sort((a, b) => a - b);
}
