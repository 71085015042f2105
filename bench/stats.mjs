/** Small helpers for the bench: medians, ratios, formatting, and the printed table. */

/**
 * The median of some numbers (the mean of the middle two for an even count); NaN when empty.
 * @param {readonly number[]} values
 */
export function median(values) {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * Per-run ratios `value[i] / reference[i]`.
 * @param {readonly number[]} values
 * @param {readonly number[]} references
 */
export function ratios(values, references) {
  return values.map((value, index) => value / references[index]);
}

/**
 * Milliseconds, with one decimal under 100.
 * @param {number} ms
 */
export function ms(ms) {
  if (!Number.isFinite(ms)) return '—';
  return ms < 100 ? `${ms.toFixed(1)} ms` : `${Math.round(ms).toLocaleString('en-US')} ms`;
}

/**
 * Bytes as kB (1 kB = 1000 bytes), one decimal.
 * @param {number} bytes
 */
export function kb(bytes) {
  if (!Number.isFinite(bytes)) return '—';
  return `${(bytes / 1000).toFixed(1)} kB`;
}

/**
 * Bytes as MB (1 MB = 1,000,000 bytes), one decimal.
 * @param {number} bytes
 */
export function mb(bytes) {
  if (!Number.isFinite(bytes)) return '—';
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

/**
 * A ratio like `1.23×`.
 * @param {number} value
 */
export function times(value) {
  return Number.isFinite(value) ? `${value.toFixed(2)}×` : '—';
}

/**
 * Renders rows as a plain-text table with a header rule.
 * @param {readonly string[]} header
 * @param {readonly (readonly string[])[]} rows
 */
export function table(header, rows) {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells) =>
    cells
      .map((cell, column) => (cell ?? '').padEnd(widths[column]))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
