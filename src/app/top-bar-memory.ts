/**
 * The app's top bar wraps onto more rows in a narrow window, and the shell in index.html (which
 * has no controls) cannot know how many. So the app remembers its top bar's height for the
 * window width it was measured at, and boot.ts gives the shell's top bar that height when the
 * window has the same width: the panels then do not move when the app replaces the shell.
 */

/** localStorage key, read by boot.ts too. */
export const TOP_BAR_KEY = 'glassbox.shell.topBar';

/** A measured top bar. */
export interface TopBarMemory {
  /** `window.innerWidth` when measured. */
  windowWidth: number;
  /** Its border-box height, in CSS pixels. */
  height: number;
}

/** The remembered height for a window `windowWidth` wide, if any. */
export function rememberedTopBarHeight(stored: string | null, windowWidth: number): number | undefined {
  if (stored === null) return undefined;
  try {
    const value = JSON.parse(stored) as Partial<TopBarMemory> | null;
    if (typeof value?.height !== 'number' || !Number.isFinite(value.height) || value.height <= 0 || value.height > 400) return undefined;
    return value.windowWidth === windowWidth ? value.height : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps `element`'s height in storage as it changes; returns the function that stops. */
export function rememberTopBarHeight(element: HTMLElement, storage: Pick<Storage, 'setItem'>): () => void {
  const save = (): void => {
    const memory: TopBarMemory = { windowWidth: window.innerWidth, height: element.getBoundingClientRect().height };
    try {
      storage.setItem(TOP_BAR_KEY, JSON.stringify(memory));
    } catch {
      // Storage refused: the shell keeps its own height, as on a first visit.
    }
  };
  const observer = new ResizeObserver(save);
  observer.observe(element);
  return () => observer.disconnect();
}
