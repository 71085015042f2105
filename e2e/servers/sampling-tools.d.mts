import type { RunningServer } from './weather.mjs';

/** The weather the server's own tool reports for a city. */
export declare function weatherIn(city: string): string;
/** Starts the sampling-tools server (2025, sessions) at /mcp; port 0 picks a free port. */
export declare function start(options?: { host?: string; port?: number }): Promise<RunningServer>;
