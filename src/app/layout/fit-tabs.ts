/**
 * Which tabs of a strip are drawn, as browser DevTools does it: the tabs in their order while they
 * fit whole, and the shown tab always (in its place, in the room of the last ones that fit when it
 * would not). The rest are left out of the strip and listed in its "N more" menu; no tab is ever
 * drawn in part.
 *
 * `widths` are the tabs' whole widths in order, `room` the strip's width, `shown` the index of the
 * shown tab. Returns, per tab, whether it is drawn.
 */
export function fitTabs(widths: readonly number[], room: number, shown: number): boolean[] {
  const drawn = widths.map(() => false);
  if (widths.length === 0) return drawn;
  const chosen = Math.min(Math.max(shown, 0), widths.length - 1);
  drawn[chosen] = true;
  // Half a pixel of leeway: widths are fractional, and a strip exactly as wide as its tabs holds them.
  let used = widths[chosen]!;
  for (const [index, width] of widths.entries()) {
    if (index === chosen) continue;
    if (used + width > room + 0.5) break;
    used += width;
    drawn[index] = true;
  }
  return drawn;
}
