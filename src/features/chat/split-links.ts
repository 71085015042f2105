/** Finds http(s) URLs in plain text so they can be shown through SafeLink; the rest stays text. */

/** A run of plain text or a URL found in it. */
export type TextSegment = { type: 'text'; text: string } | { type: 'url'; url: string };

/** http(s) URLs up to whitespace or a character that rarely belongs to one. */
const URL_PATTERN = /https?:\/\/[^\s<>"'`]+/gi;

/** Punctuation that usually ends the sentence rather than the URL. */
const TRAILING = /[.,;:!?*_)\]}>]+$/;

/** How many closing brackets `url` has without an opening one (Wikipedia-style parentheses are kept). */
function unbalancedTail(url: string, tail: string): string {
  let keep = '';
  let rest = tail;
  for (const [open, close] of [
    ['(', ')'],
    ['[', ']'],
  ] as const) {
    const opens = url.split(open).length - 1;
    const closes = url.split(close).length - 1;
    if (opens > closes && rest.startsWith(close)) {
      keep += close;
      rest = rest.slice(1);
    }
  }
  return keep;
}

/** Split text into plain runs and http(s) URLs, in order; joining them gives the text back. */
export function splitLinks(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const raw = match[0];
    const index = match.index;
    const trailing = TRAILING.exec(raw)?.[0] ?? '';
    let url = raw.slice(0, raw.length - trailing.length);
    url += unbalancedTail(url, trailing);
    if (url.length <= 'https://'.length) continue;
    if (index > last) segments.push({ type: 'text', text: text.slice(last, index) });
    segments.push({ type: 'url', url });
    last = index + url.length;
  }
  if (last < text.length) segments.push({ type: 'text', text: text.slice(last) });
  return segments;
}
