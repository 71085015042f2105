import type { CorsOptions } from './cors.mjs';

/** Every lab mode; each is served at /<mode>/mcp. */
export declare const LAB_MODES: readonly [
  'nocors',
  'hidden-session',
  'no-delete',
  'missing-header',
  'paged',
  'error-text',
  'garbage',
  'auth',
  'slow',
  'wild',
  'not-rpc',
  'wrong-id',
  'wrong-type',
  'bad-sse',
  'flaky',
  'expiring',
  'bad-tools',
  'many-tools',
  'missing-session-header',
  'missing-method-header',
  'schemas',
];
/** One lab mode. */
export type LabMode = (typeof LAB_MODES)[number];
/** The CORS each mode sends. */
export declare const LAB_CORS: Record<LabMode, CorsOptions>;
/** Body of every POST to /error-text/mcp (HTTP 500). */
export declare const ERROR_TEXT_BODY: string;
/** Body of every POST to /garbage/mcp (200, application/json). */
export declare const GARBAGE_BODY: string;
/** Scope named in the /auth/mcp challenge. */
export declare const AUTH_SCOPE: string;
/** The tools /paged/mcp starts with, in list order. */
export declare const PAGED_TOOL_NAMES: readonly string[];
/** Markup and a javascript: link that must never run in a client. */
export declare const HOSTILE_PAYLOAD: string;
/** A valid tool name of exactly 128 characters. */
export declare const LONG_TOOL_NAME: string;
/** The tool names /wild/mcp lists. */
export declare const WILD_TOOL_NAMES: readonly string[];
/** What /not-rpc/mcp answers to initialize: JSON, but not JSON-RPC. */
export declare const NOT_RPC_BODY: string;
/** How far /wrong-id/mcp (initialize) and the flaky `wrong_id` tool shift the id they answer. */
export declare const WRONG_ID_OFFSET: number;
/** The Content-Type /wrong-type/mcp answers initialize with. */
export declare const WRONG_CONTENT_TYPE: string;
/** Length of the text the flaky `big_result` tool returns. */
export declare const BIG_RESULT_CHARS: number;
/** The tool names /flaky/mcp lists. */
export declare const FLAKY_TOOL_NAMES: readonly string[];
/** How many tools /many-tools/mcp lists. */
export declare const MANY_TOOLS_COUNT: number;
/** The name of the n-th tool of /many-tools/mcp. */
export declare function manyToolName(n: number): string;
/** The tools /bad-tools/mcp lists (raw, as sent). */
export declare const BAD_TOOLS: ReadonlyArray<{ name: string; description: string; inputSchema: unknown }>;
/** A started lab. `POST <url>/__restart` forgets every session, as a restarted server would (`?mode=<mode>`: only that mode's). */
export interface RunningLab {
  /** The origin, e.g. http://127.0.0.1:3103. */
  url: string;
  /** Each mode's endpoint URL. */
  endpoints: Record<LabMode, string>;
  /** Ends all sessions and stops listening. */
  close(): Promise<void>;
}
/** Starts the lab; port 0 picks a free port. */
export declare function start(options?: { host?: string; port?: number }): Promise<RunningLab>;
