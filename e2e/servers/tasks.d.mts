import type { CorsOptions } from './cors.mjs';
import type { RunningServer } from './weather.mjs';

/** Server name and version reported in serverInfo. */
export declare const TASKS_SERVER_INFO: { name: 'tasks'; version: string };
/** The extension id (`io.modelcontextprotocol/tasks`). */
export declare const TASKS_EXTENSION: string;
/** Stages `slow_report` goes through. */
export declare const REPORT_STAGES: readonly string[];
/** How long each stage takes, in milliseconds. */
export declare const STAGE_MS: number;
/** The polling interval the server suggests, in milliseconds. */
export declare const POLL_INTERVAL_MS: number;
/** The form `confirm_report`'s task asks for, and the key of that input request. */
export declare const CONFIRM_SCHEMA: Record<string, unknown>;
export declare const CONFIRM_KEY: string;
/** Starts the tasks server (2026-07-28, tasks extension) at /mcp; port 0 picks a free port. */
export declare function start(options?: { host?: string; port?: number; cors?: CorsOptions }): Promise<RunningServer>;
