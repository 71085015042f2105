/** What a headless command (npm run evals, check, diff) reads and writes: scripts/node-io.mjs gives Node's. */
export interface HeadlessIo {
  argv: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  readText(path: string): Promise<string>;
  writeText(path: string, text: string): Promise<void>;
  /** Writes to standard output / standard error. */
  out(text: string): void;
  err(text: string): void;
  /** Standard output is a terminal: progress lines may be drawn in place. */
  isTTY: boolean;
  fetch: typeof fetch;
}
