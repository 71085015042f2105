import type { CorsOptions } from './cors.mjs';
import type { RunningServer } from './weather.mjs';
/** The logger name on every message `log_levels` sends. */
export declare const SIGNALS_LOGGER: string;
/** Starts the signals server (2026-07-28: logging, listChanged) at /mcp; port 0 picks a free port. */
export declare function start(options?: { host?: string; port?: number; cors?: CorsOptions }): Promise<RunningServer>;
