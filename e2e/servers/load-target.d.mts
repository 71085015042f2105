/** Starts the load-target server (2026-07-28, stateless, counting echo and tools/list requests); port 0 picks a free port. */
export declare function start(options?: { host?: string; port?: number }): Promise<{
  url: string;
  /** GET: `{ echo, toolsList }` counted since the start or the last POST /reset. */
  countUrl: string;
  count(): { echo: number; toolsList: number };
  close(): Promise<void>;
}>;
