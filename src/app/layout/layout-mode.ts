/**
 * How the four areas share the window:
 * - `wide`: config+servers, chat, MCP wire and model wire side by side (four columns);
 * - `split`: config+servers fold into a rail and drawer; chat and both wires side by side;
 * - `tabs`: as `split`, but the two wires share one column as tabs.
 * The breakpoints keep every wire panel that is shown at least WIRE_MIN_PX wide.
 */
export type LayoutMode = 'wide' | 'split' | 'tabs';

/** The narrowest a shown wire panel may get, in CSS pixels. */
export const WIRE_MIN_PX = 380;

/** The window widths at which the layout changes (kept in step with layout.css's media queries). */
export const WIDE_FROM_PX = 1600;
/** Below this width the two wires share one column. */
export const SPLIT_FROM_PX = 1200;

/** The mode for a window `width` CSS pixels wide. */
export function layoutModeFor(width: number): LayoutMode {
  if (width >= WIDE_FROM_PX) return 'wide';
  return width >= SPLIT_FROM_PX ? 'split' : 'tabs';
}

/** The storage key under which the layout of a group is saved (react-resizable-panels' useDefaultLayout). */
export function savedLayoutKey(groupId: string): string {
  return `react-resizable-panels:${groupId}`;
}
