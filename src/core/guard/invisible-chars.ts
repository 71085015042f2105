/**
 * Characters a person cannot see but a model reads: the Unicode tag block (U+E0000–E007F, which
 * can spell whole sentences), zero-width characters, bidi controls that reorder what is shown,
 * and other format characters. Found as runs, and rendered as visible escapes, so tool text
 * shows everything the model is told.
 */

/** What sort of invisible character a code point is. */
type InvisibleClass = 'tag' | 'zero-width' | 'bidi' | 'variation-selector' | 'blank-letter' | 'format';

/** A run of adjacent invisible characters in a text (UTF-16 offsets, end exclusive). */
export interface InvisibleRun {
  start: number;
  end: number;
  /** The code points of the run, in order. */
  codePoints: number[];
  /** The classes present in the run. */
  classes: InvisibleClass[];
  /** What the run's tag characters spell (ASCII), when it has any. */
  tagText?: string;
}

/** A piece of escaped text: visible text as is, or one escape standing for invisible characters. */
type EscapedSegment = { kind: 'text'; text: string } | { kind: 'escape'; text: string; codePoints: number };

/** Text with its invisible characters made visible. */
export interface EscapedText {
  /** The text with every invisible run replaced by its escape. */
  text: string;
  segments: EscapedSegment[];
  /** How many invisible code points were escaped. */
  count: number;
}

/** Short names of the invisible characters people meet most. */
const NAMES: Readonly<Record<number, string>> = {
  0x00ad: 'SHY',
  0x061c: 'ALM',
  0x180e: 'MVS',
  0x200b: 'ZWSP',
  0x200c: 'ZWNJ',
  0x200d: 'ZWJ',
  0x200e: 'LRM',
  0x200f: 'RLM',
  0x202a: 'LRE',
  0x202b: 'RLE',
  0x202c: 'PDF',
  0x202d: 'LRO',
  0x202e: 'RLO',
  0x2060: 'WJ',
  0x2066: 'LRI',
  0x2067: 'RLI',
  0x2068: 'FSI',
  0x2069: 'PDI',
  0xfeff: 'BOM',
};

const ZERO_WIDTH = new Set([0x200b, 0x200c, 0x200d, 0x2060, 0xfeff, 0x180e]);
const BIDI = new Set([0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069]);
/** Letters that render as blank space (Hangul fillers, the braille blank). */
const BLANK_LETTERS = new Set([0x115f, 0x1160, 0x3164, 0xffa0, 0x2800]);
const FORMAT = /^\p{Cf}$/u;
const PICTOGRAPHIC = /^\p{Extended_Pictographic}$/u;
/** Letters of scripts where ZWJ/ZWNJ shape words (Arabic, Persian, Indic): not Latin. */
const NON_LATIN_LETTER = /^(?!\p{Script=Latin})[\p{L}\p{M}]$/u;

/** The class of an invisible code point, or undefined for a visible one. */
function invisibleClass(codePoint: number): InvisibleClass | undefined {
  if (codePoint >= 0xe0000 && codePoint <= 0xe007f) return 'tag';
  if (ZERO_WIDTH.has(codePoint)) return 'zero-width';
  if (BIDI.has(codePoint)) return 'bidi';
  // VS15/VS16 pick text or emoji style after an emoji: everyday text. The others can smuggle bytes.
  if ((codePoint >= 0xfe00 && codePoint <= 0xfe0d) || (codePoint >= 0xe0100 && codePoint <= 0xe01ef)) return 'variation-selector';
  if (BLANK_LETTERS.has(codePoint)) return 'blank-letter';
  if (FORMAT.test(String.fromCodePoint(codePoint))) return 'format';
  return undefined;
}

/** ZWJ and ZWNJ between emoji or letters of a joining script do their everyday job: not flagged. */
function isEverydayJoiner(codePoint: number, previous: string | undefined, next: string | undefined): boolean {
  if (codePoint !== 0x200d && codePoint !== 0x200c) return false;
  if (previous === undefined || next === undefined) return false;
  if (PICTOGRAPHIC.test(previous) && PICTOGRAPHIC.test(next)) return true;
  return NON_LATIN_LETTER.test(previous) && NON_LATIN_LETTER.test(next);
}

/** What a run of tag characters spells: U+E0020–E007E mirror ASCII; the rest are shown as `·`. */
export function decodeTags(codePoints: readonly number[]): string {
  return codePoints
    .filter((codePoint) => codePoint >= 0xe0000 && codePoint <= 0xe007f)
    .map((codePoint) => (codePoint >= 0xe0020 && codePoint <= 0xe007e ? String.fromCharCode(codePoint - 0xe0000) : '·'))
    .join('');
}

/** Every run of invisible characters in `text`. */
export function findInvisibleRuns(text: string): InvisibleRun[] {
  const chars = Array.from(text);
  const runs: InvisibleRun[] = [];
  let offset = 0;
  let current: InvisibleRun | undefined;
  chars.forEach((char, index) => {
    const codePoint = char.codePointAt(0) ?? 0;
    const kind = invisibleClass(codePoint);
    if (kind !== undefined && !isEverydayJoiner(codePoint, chars[index - 1], chars[index + 1])) {
      if (current === undefined) {
        current = { start: offset, end: offset, codePoints: [], classes: [] };
        runs.push(current);
      }
      current.end = offset + char.length;
      current.codePoints.push(codePoint);
      if (!current.classes.includes(kind)) current.classes.push(kind);
    } else {
      current = undefined;
    }
    offset += char.length;
  });
  for (const run of runs) {
    if (run.classes.includes('tag')) run.tagText = decodeTags(run.codePoints);
  }
  return runs;
}

/** `U+200B` for a code point. */
function codePointLabel(codePoint: number): string {
  return `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The visible escape of one run: tags as the text they spell, others one `⟨U+… NAME⟩` each. */
function escapeRun(run: InvisibleRun): string {
  const pieces: string[] = [];
  let tags: number[] = [];
  const flushTags = () => {
    if (tags.length > 0) pieces.push(`⟨tags “${decodeTags(tags)}”⟩`);
    tags = [];
  };
  for (const codePoint of run.codePoints) {
    if (invisibleClass(codePoint) === 'tag') {
      tags.push(codePoint);
      continue;
    }
    flushTags();
    const name = NAMES[codePoint];
    pieces.push(`⟨${codePointLabel(codePoint)}${name === undefined ? '' : ` ${name}`}⟩`);
  }
  flushTags();
  return pieces.join('');
}

/** `text` with every invisible character shown as a visible escape, and how many there were. */
export function escapeInvisible(text: string): EscapedText {
  const runs = findInvisibleRuns(text);
  if (runs.length === 0) return { text, segments: text === '' ? [] : [{ kind: 'text', text }], count: 0 };
  const segments: EscapedSegment[] = [];
  let cursor = 0;
  let count = 0;
  for (const run of runs) {
    if (run.start > cursor) segments.push({ kind: 'text', text: text.slice(cursor, run.start) });
    segments.push({ kind: 'escape', text: escapeRun(run), codePoints: run.codePoints.length });
    count += run.codePoints.length;
    cursor = run.end;
  }
  if (cursor < text.length) segments.push({ kind: 'text', text: text.slice(cursor) });
  return { text: segments.map((segment) => segment.text).join(''), segments, count };
}

/** How many invisible code points `text` holds. */
export function countInvisible(text: string): number {
  return findInvisibleRuns(text).reduce((sum, run) => sum + run.codePoints.length, 0);
}

/** A plain-words reason for one run. */
export function describeRun(run: InvisibleRun): string {
  const count = run.codePoints.length;
  const plural = count === 1 ? '' : 's';
  if (run.tagText !== undefined) {
    return `${count} invisible Unicode tag character${plural} spelling “${run.tagText}”: the model reads this text, you cannot see it.`;
  }
  if (run.classes.includes('bidi')) {
    return `${count} direction-changing character${plural} (${run.codePoints.map(codePointLabel).join(', ')}): text can be shown in a different order than the model reads it.`;
  }
  if (run.classes.includes('zero-width')) {
    return `${count} zero-width character${plural}: invisible on screen, but part of what the model reads (they can hide or split words).`;
  }
  if (run.classes.includes('variation-selector')) {
    return `${count} variation selector${plural} outside an emoji: invisible, and able to carry hidden data.`;
  }
  return `${count} invisible formatting character${plural} (${run.codePoints.map(codePointLabel).join(', ')}): not shown on screen, but sent to the model.`;
}
