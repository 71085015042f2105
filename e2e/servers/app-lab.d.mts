import type { CorsOptions } from './cors.mjs';
import type { RunningServer } from './weather.mjs';

/** What the probe view shares with the model when its button is clicked. */
export declare const SHARED_CONTEXT: string;

/** Starts the cooperative MCP App test server at /mcp. */
export declare function start(options?: { host?: string; port?: number; cors?: CorsOptions }): Promise<RunningServer>;
