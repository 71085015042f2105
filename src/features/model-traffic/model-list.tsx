import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import type { KeyboardEvent } from 'react';
import type { HttpExchange } from '../../core/traffic/types';
import { listKeyTarget } from '../../ui/list-keys';
import { rowMatches } from './model-rows';
import type { ModelRow, TurnStep } from './model-rows';
import { ModelRowView, ROW_HEIGHT } from './model-row';
import { isExchangeFailed } from './summarize-exchange';

/** Props for ModelList. */
export interface ModelListProps {
  rows: readonly ModelRow[];
  /** The current exchange at a row's index. */
  exchangeAt(row: ModelRow): HttpExchange | undefined;
  selectedKey?: string;
  /** The other half of the selected exchange. */
  pairedKey?: string;
  /** Response rows of this model request are highlighted (the response that asked for the selected tool call). */
  linkedResponse?: TurnStep;
  /** Request rows of this model request are highlighted (the request that carried the tool call's result). */
  linkedRequest?: TurnStep;
  /** Changes when the person selects another tool call (its id): the list scrolls to the linked rows again. */
  linkVersion?: string;
  onSelect(row: ModelRow): void;
  onDeselect(): void;
}

/** Rows drawn beyond the visible ones, above and below. */
const OVERSCAN = 12;

/** True when the element is scrolled to (within a row of) its bottom. */
function isAtBottom(element: HTMLElement): boolean {
  return element.scrollHeight - element.scrollTop - element.clientHeight < ROW_HEIGHT;
}

/** A stable text for a pair of links, to notice when they change. */
function linkText(response: TurnStep | undefined, request: TurnStep | undefined, version: string | undefined): string | undefined {
  if (response === undefined && request === undefined) return undefined;
  return `${response?.turn ?? ''}/${response?.step ?? ''}|${request?.turn ?? ''}/${request?.step ?? ''}|${version ?? ''}`;
}

/**
 * The virtualised list of model requests and responses: fixed 22 px rows, only the visible
 * ones in the DOM. It follows new rows while scrolled to the bottom, moves the selection with
 * the arrow keys, and scrolls the rows linked to the selected tool call into view.
 */
export function ModelList({ rows, exchangeAt, selectedKey, pairedKey, linkedResponse, linkedRequest, linkVersion, onSelect, onDeselect }: ModelListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);
  const focusWanted = useRef<string | undefined>(undefined);
  const scrolledForLink = useRef<string | undefined>(undefined);

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    getItemKey: (index) => rows[index]?.key ?? index,
  });

  // Follow new rows while the person is at the bottom; leave them be once they scrolled up.
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (element && stickToBottom.current) element.scrollTop = element.scrollHeight;
  }, [rows.length]);

  // Scroll to the linked response (its last attempt: the one that answered), else the linked request.
  // Until a linked row exists (the next request may not be sent yet) the scroll stays pending.
  const links = linkText(linkedResponse, linkedRequest, linkVersion);
  useEffect(() => {
    if (links === undefined) {
      scrolledForLink.current = undefined;
      return;
    }
    if (scrolledForLink.current === links) return;
    let index = -1;
    for (let i = rows.length - 1; i >= 0; i--) {
      const row = rows[i];
      if (row?.kind === 'response' && rowMatches(row, linkedResponse)) {
        index = i;
        break;
      }
    }
    if (index < 0) index = rows.findIndex((row) => row.kind === 'request' && rowMatches(row, linkedRequest));
    if (index < 0) return;
    scrolledForLink.current = links;
    stickToBottom.current = false;
    virtualizer.scrollToIndex(index, { align: 'center' });
  }, [links, linkedResponse, linkedRequest, rows, virtualizer]);

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
  const selectByKey = useCallback((key: string) => {
    const row = latest.current.rows.find((candidate) => candidate.key === key);
    if (row !== undefined) latest.current.onSelect(row);
  }, []);

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
    onSelect(row);
  };

  return (
    <div
      ref={scrollRef}
      className="model-list"
      role="grid"
      aria-label="Model requests and responses"
      aria-rowcount={rows.length}
      aria-readonly="true"
      tabIndex={0}
      data-testid="model-list"
      onKeyDown={onKeyDown}
      onScroll={(event) => {
        stickToBottom.current = isAtBottom(event.currentTarget);
      }}
    >
      <div role="presentation" className="model-list-sizer" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index];
          if (row === undefined) return null;
          const exchange = exchangeAt(row);
          if (exchange === undefined) return null;
          // A failed attempt of the linked step asked for nothing: only the response that answered is linked.
          const linked = row.kind === 'response' ? rowMatches(row, linkedResponse) && !isExchangeFailed(exchange) : rowMatches(row, linkedRequest);
          return (
            <ModelRowView
              key={row.key}
              rowKey={row.key}
              kind={row.kind}
              exchange={exchange}
              attempt={row.attempt}
              position={item.index + 1}
              top={item.start}
              selected={row.key === selectedKey}
              paired={row.key === pairedKey}
              linked={linked}
              onSelect={selectByKey}
            />
          );
        })}
      </div>
    </div>
  );
}
