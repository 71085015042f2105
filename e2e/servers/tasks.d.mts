import type { CorsOptions } from './cors.mjs';
import type { RunningServer } from './weather.mjs';
/** Stages `slow_report` goes through. */
export declare const REPORT_STAGES: readonly string[];
/** The form `confirm_report`'s task asks for, and the key of that input request. */
export declare const CONFIRM_SCHEMA: Record<string, unknown>;
export declare const CONFIRM_KEY: string;
/** Starts the tasks server (2026-07-28, tasks extension) at /mcp; port 0 picks a free port. */
export declare function start(options?: { host?: string; port?: number; cors?: CorsOptions }): Promise<RunningServer>;
