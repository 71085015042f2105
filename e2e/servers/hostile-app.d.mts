import type { CorsOptions } from './cors.mjs';
import type { RunningServer } from './weather.mjs';

/** Starts the hostile MCP App test server at /mcp on `port` (its views declare that origin). */
export declare function start(options: { host?: string; port: number; cors?: CorsOptions }): Promise<RunningServer>;
