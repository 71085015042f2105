/**
 * The page's "interactive" milestone on its performance timeline: the restored session is drawn
 * and a click on Send would send (the chat's form is the live app's, not the inert first frame's,
 * and no turn is running). The bench reads it beside the largest contentful paint.
 */

/** The mark's name on the page's performance timeline. */
const INTERACTIVE_MARK = 'glassbox:interactive';

let marked = false;

/**
 * Marks `glassbox:interactive` once per page, after the frame that draws the live chat has been
 * painted (the next animation frame, then the task after it), so the mark never precedes what it says.
 */
export function markInteractive(): void {
  if (marked || typeof performance === 'undefined' || typeof requestAnimationFrame === 'undefined') return;
  marked = true;
  requestAnimationFrame(() => setTimeout(() => performance.mark(INTERACTIVE_MARK)));
}
