import { useCallback, useLayoutEffect, useRef } from 'react';
import type { RefObject } from 'react';

/** How close to the bottom (px) still counts as "at the bottom". */
const SLACK_PX = 24;

/**
 * Keeps a scrolling element pinned to its newest content while the person is at the bottom;
 * once they scroll up to read, it stays where they are until `pin()` (e.g. on send).
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
  useLayoutEffect(() => {
    const element = ref.current;
    if (element !== null && atBottom.current) element.scrollTop = element.scrollHeight;
  }, [ref, content]);
  return { onScroll, pin };
}
