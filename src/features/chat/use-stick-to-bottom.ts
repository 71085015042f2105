import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import type { RefObject } from 'react';

/** How close to the bottom (px) still counts as "at the bottom". */
const SLACK_PX = 24;

/**
 * Keeps a scrolling element pinned to its newest content while the person is at the bottom;
 * once they scroll up to read, it stays where they are until `pin()` (e.g. on send).
 *
 * Pinned, it follows every change of size, not only new items: a card drawn at its real height
 * (lazy views, content-visibility's estimates corrected), an MCP App view settling its height, the
 * panel resized. A ResizeObserver's callback runs after layout and before paint, so the bottom is
 * put back in the same frame: what sits near the bottom (a consent button under a growing view)
 * never visibly moves, and a finished turn ends at its last answer.
 */
export function useStickToBottom(ref: RefObject<HTMLElement | null>, content: unknown): { onScroll: () => void; pin: () => void } {
  const atBottom = useRef(true);
  const onScroll = useCallback(() => {
    const element = ref.current;
    if (element === null) return;
    atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight <= SLACK_PX;
  }, [ref]);
  const pin = useCallback(() => {
    atBottom.current = true;
  }, []);
  const follow = useCallback(() => {
    const element = ref.current;
    if (element !== null && atBottom.current) element.scrollTop = element.scrollHeight;
  }, [ref]);
  useLayoutEffect(follow, [follow, content]);
  useEffect(() => {
    const element = ref.current;
    if (element === null || typeof ResizeObserver === 'undefined') return;
    const resizes = new ResizeObserver(follow);
    resizes.observe(element);
    for (const child of element.children) resizes.observe(child);
    const additions = new MutationObserver((records) => {
      for (const record of records) for (const node of record.addedNodes) if (node instanceof Element) resizes.observe(node);
    });
    additions.observe(element, { childList: true });
    return () => {
      additions.disconnect();
      resizes.disconnect();
    };
  }, [ref, follow]);
  return { onScroll, pin };
}
