import type { CorsOptions } from './cors.mjs';

export * from '../../src/demo-servers/weather.mjs';

/** A started server. */
export interface RunningServer {
  /** The MCP endpoint URL, e.g. http://127.0.0.1:3101/mcp. */
  url: string;
  /** Ends all sessions and stops listening. */
  close(): Promise<void>;
}

/** Starts the weather server; port 0 picks a free port; `latencyMs` holds each request that long (a remote host's distance). */
export declare function start(options?: { host?: string; port?: number; cors?: CorsOptions; latencyMs?: number }): Promise<RunningServer>;
