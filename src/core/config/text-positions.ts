/** Converts offsets in a text to 1-based line and column numbers (columns in UTF-16 code units, as editors count). */
export class TextPositions {
  private readonly lineStarts: number[] = [0];

  constructor(text: string) {
    for (let i = 0; i < text.length; i++) {
      const ch = text.charCodeAt(i);
      if (ch === 0x0d) {
        // \r\n counts as one line break.
        if (text.charCodeAt(i + 1) === 0x0a) i++;
        this.lineStarts.push(i + 1);
      } else if (ch === 0x0a) {
        this.lineStarts.push(i + 1);
      }
    }
  }

  /** The 1-based line and column of a 0-based offset. */
  positionAt(offset: number): { line: number; column: number } {
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((this.lineStarts[middle] ?? 0) <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - (this.lineStarts[low] ?? 0) + 1 };
  }
}
