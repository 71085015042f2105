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
/** Page size of /paged/mcp's tools/list. */
export declare const PAGE_SIZE: number;
/** The tools /paged/mcp starts with, in list order. */
export declare const PAGED_TOOL_NAMES: readonly string[];
/** Markup and a javascript: link that must never run in a client. */
export declare const HOSTILE_PAYLOAD: string;
/** A valid tool name of exactly 128 characters. */
export declare const LONG_TOOL_NAME: string;
/** The tool names /wild/mcp lists. */
export declare const WILD_TOOL_NAMES: readonly string[];
/** A started lab. */
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
