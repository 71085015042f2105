import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { listKeyTarget } from './list-keys';

/** The height of every row, in pixels (the theme's `--row-h`; fixed, so positions need no measuring). */
const ROW_HEIGHT = 22;

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

/** A row the list can draw: a stable key, which the row element carries as `data-key`. */
export interface VirtualRow {
  key: string;
}

/** Props for VirtualList. */
export interface VirtualListProps<Row extends VirtualRow> {
  rows: readonly Row[];
  /** The list's class; its sizer gets `<className>-sizer`. */
  className: string;
  ariaLabel: string;
  testId: string;
  selectedKey?: string;
  /** Names the rows linked to something selected elsewhere; the list scrolls to them once per id. */
  linkId?: string;
  /** The index of the linked row to scroll to, or -1 while it does not exist yet (the scroll stays pending). */
  findLinked?(rows: readonly Row[]): number;
  /** The link id that choosing this row causes elsewhere: the list does not jump away from the chosen row for it. */
  linkIdOf?(row: Row): string | undefined;
  onSelect(row: Row): void;
  onDeselect(): void;
  /** Draws one row at `top` (px); `select` is stable, so memoised rows do not redraw for it. */
  renderRow(row: Row, place: { position: number; top: number }, select: (key: string) => void): ReactNode;
}

/**
 * A virtualised grid of fixed-height rows, only the visible ones in the DOM, as both wire panels
 * show them: it follows new rows while scrolled to the bottom (like DevTools), moves the
 * selection with the arrow keys, Page Up/Down, Home and End, and scrolls to linked rows.
 */
export function VirtualList<Row extends VirtualRow>({
  rows,
  className,
  ariaLabel,
  testId,
  selectedKey,
  linkId,
  findLinked,
  linkIdOf,
  onSelect,
  onDeselect,
  renderRow,
}: VirtualListProps<Row>) {
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

  // The latest rows, callbacks and link, read by stable handlers and effects.
  const latest = useRef({ rows, onSelect, linkIdOf, findLinked });
  useLayoutEffect(() => {
    latest.current = { rows, onSelect, linkIdOf, findLinked };
  }, [rows, onSelect, linkIdOf, findLinked]);

  // Scroll to the linked row when the link changes (not when the choice came from this list).
  // Until a linked row exists the scroll stays pending and is tried again with new rows.
  useEffect(() => {
    if (linkId === undefined) {
      scrolledForLink.current = undefined;
      return;
    }
    if (scrolledForLink.current === linkId) return;
    const index = latest.current.findLinked?.(rows) ?? -1;
    if (index < 0) return;
    scrolledForLink.current = linkId;
    stickToBottom.current = false;
    virtualizer.scrollToIndex(index, { align: 'center' });
  }, [linkId, rows, virtualizer]);

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

  const selectedIndex = useMemo(
    () => (selectedKey === undefined ? -1 : rows.findIndex((row) => row.key === selectedKey)),
    [rows, selectedKey],
  );

  /** Selects a row, marking the link it causes as already scrolled to. */
  const choose = useCallback((row: Row) => {
    const caused = latest.current.linkIdOf?.(row);
    if (caused !== undefined) scrolledForLink.current = caused;
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
      className={className}
      role="grid"
      aria-label={ariaLabel}
      aria-rowcount={rows.length}
      aria-readonly="true"
      tabIndex={0}
      data-testid={testId}
      onKeyDown={onKeyDown}
      onScroll={(event) => {
        stickToBottom.current = isAtBottom(event.currentTarget, rows.length);
      }}
    >
      <div role="presentation" className={`${className}-sizer`} style={{ height: rows.length * ROW_HEIGHT }}>
        {virtualizer.getVirtualItems().map((item) => {
          // Past the real end (see COUNT_BLOCK): nothing to draw.
          const row = rows[item.index];
          return row === undefined ? null : renderRow(row, { position: item.index + 1, top: item.start }, selectByKey);
        })}
      </div>
    </div>
  );
}
