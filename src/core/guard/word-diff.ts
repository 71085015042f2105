/**
 * A word-level diff of two texts: what a changed tool definition now says that it did not say
 * when the person allowed it. Words, spaces and punctuation are separate tokens, so a diff reads
 * like an edit ("read ~/.ssh" added), not like changed lines.
 */

/** One piece of a diff. */
export interface DiffPart {
  type: 'same' | 'added' | 'removed';
  text: string;
}

/** Longest LCS table (tokens × tokens) computed; past it the texts are shown as replaced whole. */
const MAX_CELLS = 4_000_000;

/** Words, runs of spaces and single punctuation marks. */
function tokenize(text: string): string[] {
  return text.match(/\s+|[\p{L}\p{N}_]+|[^\s\p{L}\p{N}_]/gu) ?? [];
}

function push(parts: DiffPart[], type: DiffPart['type'], text: string): void {
  const last = parts[parts.length - 1];
  if (last !== undefined && last.type === type) last.text += text;
  else parts.push({ type, text });
}

/** The word-level diff from `before` to `after`; parts of one type are merged. */
export function wordDiff(before: string, after: string): DiffPart[] {
  const a = tokenize(before);
  const b = tokenize(after);
  let prefix = 0;
  while (prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix += 1;
  let suffix = 0;
  while (suffix < a.length - prefix && suffix < b.length - prefix && a[a.length - 1 - suffix] === b[b.length - 1 - suffix]) suffix += 1;
  const parts: DiffPart[] = [];
  if (prefix > 0) push(parts, 'same', a.slice(0, prefix).join(''));
  const midA = a.slice(prefix, a.length - suffix);
  const midB = b.slice(prefix, b.length - suffix);
  if ((midA.length + 1) * (midB.length + 1) > MAX_CELLS) {
    if (midA.length > 0) push(parts, 'removed', midA.join(''));
    if (midB.length > 0) push(parts, 'added', midB.join(''));
  } else {
    // lengths[i][j] = LCS length of midA[i..] and midB[j..]
    const width = midB.length + 1;
    const lengths = new Uint32Array((midA.length + 1) * width);
    for (let i = midA.length - 1; i >= 0; i -= 1) {
      for (let j = midB.length - 1; j >= 0; j -= 1) {
        lengths[i * width + j] =
          midA[i] === midB[j]
            ? (lengths[(i + 1) * width + j + 1] ?? 0) + 1
            : Math.max(lengths[(i + 1) * width + j] ?? 0, lengths[i * width + j + 1] ?? 0);
      }
    }
    let i = 0;
    let j = 0;
    while (i < midA.length && j < midB.length) {
      if (midA[i] === midB[j]) {
        push(parts, 'same', midA[i] ?? '');
        i += 1;
        j += 1;
      } else if ((lengths[(i + 1) * width + j] ?? 0) >= (lengths[i * width + j + 1] ?? 0)) {
        push(parts, 'removed', midA[i] ?? '');
        i += 1;
      } else {
        push(parts, 'added', midB[j] ?? '');
        j += 1;
      }
    }
    if (i < midA.length) push(parts, 'removed', midA.slice(i).join(''));
    if (j < midB.length) push(parts, 'added', midB.slice(j).join(''));
  }
  if (suffix > 0) push(parts, 'same', a.slice(a.length - suffix).join(''));
  return parts;
}
