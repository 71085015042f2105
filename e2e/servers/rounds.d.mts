import type { CorsOptions } from './cors.mjs';
import type { RunningServer } from './weather.mjs';

/** Server name and version reported in serverInfo. */
export declare const ROUNDS_SERVER_INFO: { name: 'rounds'; version: string };
/** The form `book_table` asks for (an elicitation requestedSchema). */
export declare const BOOKING_SCHEMA: {
  type: 'object';
  properties: Record<string, Record<string, unknown>>;
  required: string[];
};
/** The system prompt of `summarize`'s sampling request. */
export declare const SUMMARY_SYSTEM_PROMPT: string;
/** Starts the rounds server (2026-07-28, input_required tools) at /mcp; port 0 picks a free port. */
export declare function start(options?: { host?: string; port?: number; cors?: CorsOptions }): Promise<RunningServer>;
