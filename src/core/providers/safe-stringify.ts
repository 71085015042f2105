/** `JSON.stringify` that never throws (cycles, BigInt) and never returns undefined. */
export function safeStringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
