/** One numbered stderr line. */
export interface StderrLine {
  seq: number;
  time: string;
  line: string;
}
/** Lines kept per server. */
export declare const STDERR_CAPACITY: number;
/** The longest line kept, in characters. */
export declare const MAX_LINE_LENGTH: number;
/** A server's stderr as numbered lines in a ring buffer. */
export declare class StderrLog {
  constructor(capacity?: number);
  write(chunk: string): StderrLine[];
  flush(): StderrLine[];
  add(line: string): StderrLine;
  since(after: number): { lines: StderrLine[]; next: number };
  tail(count?: number): string[];
}
