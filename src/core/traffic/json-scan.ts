/**
 * A small scanner over JSON text that finds where values begin and end without parsing them,
 * so a request body can be cut into pieces at the exact bytes it was sent with (key order and
 * whitespace included). Every function answers -1 for text it cannot follow; nothing throws.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;

/** The index of the first character at or after `at` that is not JSON whitespace. */
export function skipWhitespace(text: string, at: number): number {
  let index = at;
  while (index < text.length) {
    const code = text.charCodeAt(index);
    if (code !== 0x20 && code !== 0x0a && code !== 0x0d && code !== 0x09) break;
    index += 1;
  }
  return index;
}

/** The index just after the string that opens at `at` (a quote), or -1. Searches natively for quotes, so long strings cost little. */
function skipString(text: string, at: number): number {
  let index = at + 1;
  for (;;) {
    const quote = text.indexOf('"', index);
    if (quote < 0) return -1;
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes += 1;
    if (backslashes % 2 === 0) return quote + 1;
    index = quote + 1;
  }
}

/** The index just after the JSON value that starts at `at` (no leading whitespace), or -1. */
export function skipValue(text: string, at: number): number {
  const first = text.charCodeAt(at);
  if (first === QUOTE) return skipString(text, at);
  if (first !== OPEN_BRACE && first !== OPEN_BRACKET) {
    // A number or a literal: it runs to the next delimiter.
    let index = at;
    while (index < text.length) {
      const code = text.charCodeAt(index);
      if (
        code === COMMA ||
        code === CLOSE_BRACE ||
        code === CLOSE_BRACKET ||
        code === 0x20 ||
        code === 0x0a ||
        code === 0x0d ||
        code === 0x09
      )
        break;
      index += 1;
    }
    return index > at ? index : -1;
  }
  let depth = 0;
  let index = at;
  while (index < text.length) {
    const code = text.charCodeAt(index);
    if (code === QUOTE) {
      index = skipString(text, index);
      if (index < 0) return -1;
      continue;
    }
    if (code === OPEN_BRACE || code === OPEN_BRACKET) depth += 1;
    else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      depth -= 1;
      if (depth === 0) return index + 1;
    }
    index += 1;
  }
  return -1;
}

/**
 * Where the array under the top-level `key` of a JSON object starts: the index of its first
 * element (or of its closing bracket when it is empty), or -1 when the text is not an object
 * with such an array. The key is matched as written (the first occurrence, no escapes).
 */
export function findTopLevelArray(text: string, key: string): number {
  const quoted = JSON.stringify(key);
  let index = skipWhitespace(text, 0);
  if (text.charCodeAt(index) !== OPEN_BRACE) return -1;
  index = skipWhitespace(text, index + 1);
  while (text.charCodeAt(index) === QUOTE) {
    const keyEnd = skipString(text, index);
    if (keyEnd < 0) return -1;
    const matches = keyEnd - index === quoted.length && text.startsWith(quoted, index);
    index = skipWhitespace(text, keyEnd);
    if (text.charCodeAt(index) !== COLON) return -1;
    index = skipWhitespace(text, index + 1);
    if (matches) return text.charCodeAt(index) === OPEN_BRACKET ? skipWhitespace(text, index + 1) : -1;
    index = skipValue(text, index);
    if (index < 0) return -1;
    index = skipWhitespace(text, index);
    if (text.charCodeAt(index) !== COMMA) return -1;
    index = skipWhitespace(text, index + 1);
  }
  return -1;
}

/** What follows an array element at `at`: the index of the comma or closing bracket after it (whitespace skipped), or -1. */
export function afterElement(text: string, at: number): number {
  const index = skipWhitespace(text, at);
  const code = text.charCodeAt(index);
  return code === COMMA || code === CLOSE_BRACKET ? index : -1;
}

/** True when the character at `at` closes an array. */
export function isArrayEnd(text: string, at: number): boolean {
  return text.charCodeAt(at) === CLOSE_BRACKET;
}
