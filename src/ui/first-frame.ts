/**
 * The first frame: the app's initial screen as the build prerenders it into index.html, and as
 * the page then hydrates it. Both renders must produce the same markup, so while it lasts nothing
 * that renders reads the browser (saved settings, the window's size, the system theme, the
 * platform); src/app/main.tsx then swaps in the person's restored session, whose render does.
 */

// In Node (the build's prerender) there is no document: every render there is the first frame.
let firstFrame = typeof document === 'undefined';

/** Whether React is rendering the first frame (the prerender, or the page hydrating it). */
export function isFirstFrame(): boolean {
  return firstFrame;
}

/** Starts (before hydrating) or ends (once the restored session is shown) the first frame. */
export function setFirstFrame(value: boolean): void {
  firstFrame = value;
}
