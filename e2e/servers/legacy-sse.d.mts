import type { CorsOptions } from './cors.mjs';
import type { RunningServer } from './weather.mjs';

/** Server name and version reported in serverInfo. */
export declare const LEGACY_SSE_SERVER_INFO: { name: 'legacy-sse'; version: string };
/** The path the `endpoint` event names (POST, with `?sessionId=`). */
export declare const MESSAGES_PATH: string;
/** The system prompt of `summarize`'s sampling request. */
export declare const LEGACY_SUMMARY_PROMPT: string;
/** Starts the SSE-only server; `url` is the SSE stream's URL; port 0 picks a free port. */
export declare function start(options?: { host?: string; port?: number; cors?: CorsOptions }): Promise<RunningServer>;
