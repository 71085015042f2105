/**
 * A server's stderr, kept as numbered lines in a ring buffer: the page polls `after=<seq>` for
 * new lines, `/servers` shows the tail. Sequence numbers keep counting across restarts.
 */

/** Lines kept per server. */
const STDERR_CAPACITY = 1000;
/** The longest line kept, in characters (a child printing a huge blob should not fill memory). */
export const MAX_LINE_LENGTH = 8000;

/** One numbered stderr line. */
export interface StderrLine {
  seq: number;
  time: string;
  line: string;
}

export class StderrLog {
  private lines: StderrLine[] = [];
  private nextSeq = 1;
  private partial = '';

  constructor(private readonly capacity = STDERR_CAPACITY) {}

  /** Appends a chunk of the child's stderr; complete lines are numbered, a trailing partial line waits. Returns the lines it completed. */
  write(chunk: string): StderrLine[] {
    const parts = (this.partial + chunk).split(/\r?\n/);
    this.partial = parts.pop() ?? '';
    if (this.partial.length > MAX_LINE_LENGTH) {
      parts.push(this.partial);
      this.partial = '';
    }
    return parts.map((line) => this.add(line));
  }

  /** Ends the stream: a last line without a newline is kept. */
  flush(): StderrLine[] {
    if (this.partial === '') return [];
    const line = this.partial;
    this.partial = '';
    return [this.add(line)];
  }

  add(line: string): StderrLine {
    const entry = {
      seq: this.nextSeq++,
      time: new Date().toISOString(),
      line: line.length > MAX_LINE_LENGTH ? `${line.slice(0, MAX_LINE_LENGTH)}…` : line,
    };
    this.lines.push(entry);
    if (this.lines.length > this.capacity) this.lines.splice(0, this.lines.length - this.capacity);
    return entry;
  }

  /** The lines after a sequence number, and the number to ask after next time. */
  since(after: number): { lines: StderrLine[]; next: number } {
    return { lines: this.lines.filter((entry) => entry.seq > after), next: this.nextSeq - 1 };
  }

  /** The last `count` lines' text. */
  tail(count = 20): string[] {
    return this.lines.slice(-count).map((entry) => entry.line);
  }
}
