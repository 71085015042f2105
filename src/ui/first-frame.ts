/**
 * The first frame: the app's initial screen as the build prerenders it into index.html. That render
 * runs in Node and must not depend on any browser (saved settings, the window's size, the system
 * theme, the platform): the picture is the same for everyone, and the page's inline scripts adjust
 * it (theme, saved panel sizes) before it paints. In the page, src/app/main.tsx renders the
 * person's restored session over it, and that render does read the browser.
 */

// In Node (the build's prerender) there is no document: every render there is the first frame.
const firstFrame = typeof document === 'undefined';

/** Whether React is rendering the first frame (the build's prerender). */
export function isFirstFrame(): boolean {
  return firstFrame;
}
