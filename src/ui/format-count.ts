/**
 * A count with English thousands separators ("100,003"), as the UI's English text writes numbers.
 * Written out rather than with `toLocaleString`: a page's first Intl call loads the browser's
 * locale data (20–35 ms measured on the bench machine), and the wires' counts render while the app
 * starts, in the first frame's hydration and again in the restored session's first render.
 */
export function formatCount(count: number): string {
  if (!Number.isSafeInteger(count)) return count.toLocaleString('en');
  const digits = String(Math.abs(count)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return count < 0 ? `-${digits}` : digits;
}
