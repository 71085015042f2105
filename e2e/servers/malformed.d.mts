import type { RunningServer } from './weather.mjs';

/** Starts the malformed-requests server (2025, sessions) at /mcp; port 0 picks a free port. */
export declare function start(options?: { host?: string; port?: number }): Promise<RunningServer>;
