/**
 * Model request bodies kept with the prefix they share deduplicated. Every request of a
 * conversation resends it whole, so keeping each body as text grows with the square of the
 * conversation's length. Here a body is cut, at the exact bytes it was sent with, into the text
 * before its conversation entries (head), each entry, the separators and the text after them
 * (tail); an entry, head or tail equal to one of the previous request is not kept again but
 * referenced. Joining the parts gives back the body byte for byte.
 *
 * Layout of the parts: `[head, entry, separator, entry, …, entry, tail]` (`[head, tail]` when
 * there are no entries): head, entries and tail are shared pieces, separators literal text.
 */
import { afterElement, findTopLevelArray, isArrayEnd, skipValue, skipWhitespace } from './json-scan';
import type { BodyPart, HttpExchange, SharedPiece } from './types';

/** True for a shared piece (as opposed to literal separator text). */
export function isSharedPiece(part: BodyPart | undefined): part is SharedPiece {
  return typeof part === 'object';
}

/**
 * A copy of `text` that keeps nothing else alive. V8 makes a slice of a long string a view of the
 * whole: kept as it is, the piece of one entry would keep the request's whole body in memory.
 * Prefixing a character makes a rope that slicing flattens into a new string first.
 */
function detach(text: string): string {
  return text.length < 13 ? text : (' ' + text).slice(1);
}

/** The entries of a body kept in parts (every other part between head and tail). */
export function entriesOf(parts: readonly BodyPart[]): SharedPiece[] {
  const entries: SharedPiece[] = [];
  for (let index = 1; index < parts.length - 1; index += 2) {
    const part = parts[index];
    if (isSharedPiece(part)) entries.push(part);
  }
  return entries;
}

/**
 * Cuts a JSON request body into parts sharing what it repeats of `previous` (the parts of the
 * request before it in the conversation), new pieces owned by `owner`. `entriesKey` names the
 * top-level array of the conversation (`messages`, `input`). Undefined when the body is not a
 * JSON object with that array: it is then kept whole.
 */
export function shareRequestBody(text: string, entriesKey: string, owner: number, previous?: readonly BodyPart[]): BodyPart[] | undefined {
  let count = 0;
  const own = (slice: string): SharedPiece => ({ owner, index: count++, text: detach(slice) });
  const before = previous !== undefined && previous.length >= 2 ? previous : undefined;
  const previousHead = before?.[0];
  let head: SharedPiece;
  let at: number;
  if (
    isSharedPiece(previousHead) &&
    text.startsWith(previousHead.text) &&
    skipWhitespace(text, previousHead.text.length) === previousHead.text.length
  ) {
    head = previousHead;
    at = previousHead.text.length;
  } else {
    at = findTopLevelArray(text, entriesKey);
    if (at < 0) return undefined;
    head = own(text.slice(0, at));
  }
  const parts: BodyPart[] = [head];
  const previousEntries = before === undefined ? [] : entriesOf(before);
  // Entries of the previous request by text, for a history that was edited or shortened (built on the first miss).
  let byText: Map<string, SharedPiece> | undefined;
  let tailStart = at;
  if (!isArrayEnd(text, at)) {
    for (let position = 0; ; position += 1) {
      const candidate = previousEntries[position];
      let entry: SharedPiece;
      let end: number;
      if (candidate !== undefined && text.startsWith(candidate.text, at) && afterElement(text, at + candidate.text.length) >= 0) {
        entry = candidate;
        end = at + candidate.text.length;
      } else {
        end = skipValue(text, at);
        if (end < 0) return undefined;
        const slice = text.slice(at, end);
        byText ??= new Map(previousEntries.map((piece) => [piece.text, piece]));
        entry = byText.get(slice) ?? own(slice);
      }
      parts.push(entry);
      const next = afterElement(text, end);
      if (next < 0) return undefined;
      if (isArrayEnd(text, next)) {
        tailStart = end;
        break;
      }
      at = skipWhitespace(text, next + 1);
      const separator = text.slice(end, at);
      const previousSeparator = before?.[parts.length];
      parts.push(previousSeparator === separator ? previousSeparator : detach(separator));
    }
  }
  const previousTail = before?.[before.length - 1];
  const tailLength = text.length - tailStart;
  parts.push(
    isSharedPiece(previousTail) && previousTail.text.length === tailLength && text.endsWith(previousTail.text)
      ? previousTail
      : own(text.slice(tailStart)),
  );
  return parts;
}

/** The exact body that `parts` were cut from. */
export function joinBody(parts: readonly BodyPart[]): string {
  let text = '';
  for (const part of parts) text += isSharedPiece(part) ? part.text : part;
  return text;
}

/** The body last joined, so a panel that asks again on every render does not join again. */
let lastJoined: { parts: readonly BodyPart[]; text: string } | undefined;

/** The request body of an exchange as sent, whether it is kept whole or in parts. */
export function requestBodyOf(exchange: Pick<HttpExchange, 'requestBody' | 'requestBodyParts'>): string | undefined {
  if (exchange.requestBody !== undefined || exchange.requestBodyParts === undefined) return exchange.requestBody;
  const parts = exchange.requestBodyParts;
  if (lastJoined?.parts !== parts) lastJoined = { parts, text: joinBody(parts) };
  return lastJoined.text;
}

/** The stand-in of an entry in an outline, by piece (an entry's stand-in never changes). */
const stubs = new WeakMap<SharedPiece, string>();

/**
 * The stand-in of an entry: `{"role":…}` with its role when it opens with one (a system entry
 * must still read as one), else `0`. Found by scanning the entry's first key, never parsing it.
 */
function stubOf(piece: SharedPiece): string {
  let stub = stubs.get(piece);
  if (stub === undefined) {
    const text = piece.text;
    const key = skipWhitespace(text, skipWhitespace(text, 0) + 1);
    stub = '0';
    if (text.startsWith('"role"', key)) {
      const value = skipWhitespace(text, skipWhitespace(text, key + 6) + 1);
      const end = text.charCodeAt(value) === 0x22 ? skipValue(text, value) : -1;
      if (end > 0 && end - value < 64) stub = `{"role":${text.slice(value, end)}}`;
    }
    stubs.set(piece, stub);
  }
  return stub;
}

/**
 * The body with its first `stubbed` entries replaced by small stand-ins (see `stubOf`): cheap to
 * parse for what surrounds the conversation (model, tools, settings, how many entries), and for
 * comparing two requests whose first entries are the same pieces.
 */
export function outlineBody(parts: readonly BodyPart[], stubbed = Number.POSITIVE_INFINITY): string {
  let text = '';
  let entry = 0;
  parts.forEach((part, index) => {
    if (!isSharedPiece(part)) text += part;
    else if (index === 0 || index === parts.length - 1) text += part.text;
    else text += entry++ < stubbed ? stubOf(part) : part.text;
  });
  return text;
}

/**
 * A request body to read for what surrounds its conversation (model, tools, settings, how many
 * entries): the outline of a body kept in parts (never parsed whole), else the body as sent.
 */
export function requestBodyOutline(exchange: Pick<HttpExchange, 'requestBody' | 'requestBodyParts'>): string | undefined {
  return exchange.requestBodyParts !== undefined ? outlineBody(exchange.requestBodyParts) : exchange.requestBody;
}

/** How many leading entries two bodies kept in parts share by reference. */
export function sharedEntryCount(previous: readonly BodyPart[], current: readonly BodyPart[]): number {
  const a = entriesOf(previous);
  const b = entriesOf(current);
  let shared = 0;
  while (shared < a.length && shared < b.length && a[shared] === b[shared]) shared += 1;
  return shared;
}

/**
 * Two request bodies ready to compare: with the leading entries they share by reference replaced
 * by the same stand-ins, so neither has to be parsed whole. Bodies kept whole come back as they are.
 */
export function comparableBodies(previous: HttpExchange, current: HttpExchange): { previous?: string; current?: string } {
  const before = previous.requestBodyParts;
  const after = current.requestBodyParts;
  if (before === undefined || after === undefined) return { previous: requestBodyOf(previous), current: requestBodyOf(current) };
  const shared = sharedEntryCount(before, after);
  return { previous: outlineBody(before, shared), current: outlineBody(after, shared) };
}
