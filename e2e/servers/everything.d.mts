import type { CorsOptions } from './cors.mjs';
import type { RunningServer } from './weather.mjs';

/** The serverInfo name the reference server reports. */
export declare const EVERYTHING_SERVER_NAME: string;
/** Starts the reference server (in-process, CORS, sessions) at /mcp; port 0 picks a free port. */
export declare function start(options?: { host?: string; port?: number; cors?: CorsOptions }): Promise<RunningServer>;
