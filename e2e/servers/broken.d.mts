import type { RunningServer } from './weather.mjs';

/** Every flaw a broken test server can have (`none` is the sound baseline). */
export declare const FLAWS: readonly string[];
/** Starts a server broken in one known way, at /mcp; port 0 picks a free port. */
export declare function start(options?: { flaw?: string; host?: string; port?: number }): Promise<RunningServer>;
