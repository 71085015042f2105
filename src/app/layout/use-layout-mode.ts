import { useSyncExternalStore } from 'react';
import { layoutModeFor, SPLIT_FROM_PX, WIDE_FROM_PX } from './layout-mode';
import type { LayoutMode } from './layout-mode';

const QUERIES = [`(min-width: ${WIDE_FROM_PX}px)`, `(min-width: ${SPLIT_FROM_PX}px)`];

function subscribe(onChange: () => void): () => void {
  const lists = QUERIES.map((query) => matchMedia(query));
  for (const list of lists) list.addEventListener('change', onChange);
  return () => lists.forEach((list) => list.removeEventListener('change', onChange));
}

/** The layout mode of this window, following its width. */
export function useLayoutMode(): LayoutMode {
  return useSyncExternalStore(
    subscribe,
    () => layoutModeFor(window.innerWidth),
    // Prerendered at build time: the widest layout (the page's own media queries adapt it until the app draws).
    () => 'wide',
  );
}
