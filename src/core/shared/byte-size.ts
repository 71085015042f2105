/** The decoded size of base64 text (whitespace ignored), counted without decoding it. */
export function base64Bytes(base64: string): number {
  const clean = /\s/.test(base64) ? base64.replace(/\s/g, '') : base64;
  const padding = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((clean.length * 3) / 4) - padding);
}

/**
 * A size for people: 512 B, 12.3 kB, 20.0 MB. Binary steps (1 kB = 1024 B), the one unit
 * everything Glassbox shows and tells the model uses.
 */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
