import type { CorsOptions } from './cors.mjs';
import type { RunningServer } from './weather.mjs';
/** The text of the welcome note. */
export declare const WELCOME_TEXT: string;
/** The resource that changes with each `turn_page` call. */
export declare const TICKER_URI: string;
/** The ticker's text at a page. */
export declare function tickerText(page: number): string;
/** Size of the huge resource: 20 MiB. */
export declare const HUGE_BYTES: number;
/** Starts the library server (2026-07-28, stateless) at /mcp; port 0 picks a free port. */
export declare function start(options?: { host?: string; port?: number; cors?: CorsOptions }): Promise<RunningServer>;
