import { useCallback, useEffect, useRef } from 'react';
import type { RefObject } from 'react';

/** How close to the bottom (px) still counts as "at the bottom". */
const SLACK_PX = 24;

/** An element held in place (pressed, or a question waiting), and where on screen it is to stay. */
interface Hold {
  element: Element;
  top: number;
}

/**
 * Keeps a scrolling element pinned to its newest content while the person is at the bottom;
 * once they scroll up to read, it stays where they are until `pin()` (e.g. on send).
 *
 * Pinned, it follows every change of size, new items included (each child is observed as it is
 * added): a card drawn at its real height (lazy views, content-visibility's estimates corrected), an
 * MCP App view settling its height, the panel resized. A ResizeObserver's callback runs after layout
 * and before paint, so the bottom is put back in the same frame and a finished turn ends at its last
 * answer — and nothing is measured on each render: reading the log's height after every change of the
 * session forced a layout of the whole chat several times a step in a long turn.
 *
 * While the pointer is pressed on something in the log (until the click), that thing is held where
 * it was pressed instead: a view growing above a button cannot carry the button away between the
 * press and the release, which would turn the click into a click on nothing. The bottom is put back
 * once the press is over.
 *
 * A question waiting for the person (`question`, a selector: an approval's first button) is held the
 * same way while pinned: shown at the bottom when it arrives, it then stays where it is while what
 * follows it grows (an MCP App view loading under a tool call's approval), instead of being carried
 * up and away by the pin. Once answered, the pin goes on.
 */
export function useStickToBottom(ref: RefObject<HTMLElement | null>, question?: string): { onScroll: () => void; pin: () => void } {
  const atBottom = useRef(true);
  const pressed = useRef<Hold | undefined>(undefined);
  const held = useRef<Hold | undefined>(undefined);
  // Where this hook last scrolled to: its own scroll event is not the person leaving the bottom.
  const ownScroll = useRef<number | undefined>(undefined);
  const onScroll = useCallback(() => {
    const element = ref.current;
    if (element === null || pressed.current !== undefined) return;
    const own = ownScroll.current !== undefined && Math.abs(element.scrollTop - ownScroll.current) < 1;
    ownScroll.current = undefined;
    if (own) return;
    atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight <= SLACK_PX;
    // The person scrolled: a held question stays where they put it.
    if (held.current !== undefined) held.current.top = held.current.element.getBoundingClientRect().top;
  }, [ref]);
  const pin = useCallback(() => {
    atBottom.current = true;
  }, []);
  const follow = useCallback(() => {
    const element = ref.current;
    if (element === null) return;
    const keep = (hold: Hold) => {
      const moved = hold.element.getBoundingClientRect().top - hold.top;
      if (Math.abs(moved) >= 0.5) {
        element.scrollTop += moved;
        ownScroll.current = element.scrollTop;
      }
    };
    if (pressed.current !== undefined) {
      if (pressed.current.element.isConnected) keep(pressed.current);
      return;
    }
    const waiting = question === undefined ? null : element.querySelector(question);
    if (waiting === null || !atBottom.current) held.current = undefined;
    if (!atBottom.current) return;
    if (waiting !== null && held.current?.element === waiting) {
      keep(held.current);
      return;
    }
    element.scrollTop = element.scrollHeight;
    ownScroll.current = element.scrollTop;
    if (waiting !== null) held.current = { element: waiting, top: waiting.getBoundingClientRect().top };
  }, [ref, question]);
  useEffect(() => {
    const element = ref.current;
    if (element === null || typeof ResizeObserver === 'undefined') return;
    const resizes = new ResizeObserver(follow);
    resizes.observe(element);
    for (const child of element.children) resizes.observe(child);
    const additions = new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) if (node instanceof Element) resizes.observe(node);
        for (const node of record.removedNodes) if (node instanceof Element) resizes.unobserve(node);
      }
    });
    additions.observe(element, { childList: true });

    const press = (event: PointerEvent) => {
      // Not the log itself: a press on its scrollbar is the person scrolling, which is theirs to do.
      if (event.button !== 0 || !(event.target instanceof Element) || event.target === element) return;
      pressed.current = { element: event.target, top: event.target.getBoundingClientRect().top };
    };
    // The click comes after pointerup, so the hold ends a task later (a cancelled press ends at once).
    const release = (event: PointerEvent) => {
      if (pressed.current === undefined) return;
      // Pinned before the press, it is pinned again (the hold's own moves are not the person scrolling:
      // scroll events are not measured during the press).
      const end = () => {
        pressed.current = undefined;
        follow();
      };
      if (event.type === 'pointercancel') end();
      else setTimeout(end);
    };
    element.addEventListener('pointerdown', press, true);
    addEventListener('pointerup', release, true);
    addEventListener('pointercancel', release, true);
    return () => {
      element.removeEventListener('pointerdown', press, true);
      removeEventListener('pointerup', release, true);
      removeEventListener('pointercancel', release, true);
      additions.disconnect();
      resizes.disconnect();
    };
  }, [ref, follow]);
  return { onScroll, pin };
}
