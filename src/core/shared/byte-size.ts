/** The decoded size of base64 text (whitespace ignored), counted without decoding it. */
export function base64Bytes(base64: string): number {
  const clean = /\s/.test(base64) ? base64.replace(/\s/g, '') : base64;
  const padding = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((clean.length * 3) / 4) - padding);
}
