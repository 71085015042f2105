/**
 * Copies every `description` of a JSON Schema into `markdownDescription` (unless one is set), so
 * Monaco's hovers and completion details show our descriptions as written: the JSON language
 * service escapes a plain `description` for Markdown (`example\.com`), and the hover's autolinker
 * then keeps the backslashes in the links it makes. Returns a new object; the input is not changed.
 */
export function withMarkdownDescriptions<T>(schema: T): T {
  return copy(schema) as T;
}

function copy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copy);
  if (value === null || typeof value !== 'object') return value;
  const result: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    // Keys of `properties`, `definitions` … are names, not keywords; only their values are schemas.
    result[key] = copy(child);
  }
  if (typeof result.description === 'string' && result.markdownDescription === undefined) {
    result.markdownDescription = result.description;
  }
  return result;
}
