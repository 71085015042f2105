import type { McpServer } from '@modelcontextprotocol/server';
import type { CorsOptions } from './cors.mjs';
import type { RunningServer } from './weather.mjs';

/** Server name, title and version reported in the server's info. */
export declare const SIGNALS_SERVER_INFO: { name: 'signals'; title: string; version: string };
/** The logger name on every message `log_levels` sends. */
export declare const SIGNALS_LOGGER: string;
/** Builds one signals McpServer over the shared list of added tool names. */
export declare function createSignalsServer(added: string[], toolsChanged: () => void): McpServer;
/** Starts the signals server (2026-07-28: logging, listChanged) at /mcp; port 0 picks a free port. */
export declare function start(options?: { host?: string; port?: number; cors?: CorsOptions }): Promise<RunningServer>;
