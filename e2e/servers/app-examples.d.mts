import type { CorsOptions } from './cors.mjs';
import type { RunningServer } from './weather.mjs';
/** Starts one official MCP Apps example server (in-process, CORS, stateless) at /mcp; port 0 picks a free port. */
export declare function start(options: {
  example: 'basic' | 'budget' | 'monitor';
  host?: string;
  port?: number;
  cors?: CorsOptions;
}): Promise<RunningServer>;
