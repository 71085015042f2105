/** Number formatting for messages core writes (independent of the locale, so tests and models see the same text). */

/** Formats an integer with thousands separators (`1,234,567`), independent of the locale. */
export function formatCount(count: number): string {
  return String(Math.trunc(count)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
