/** Methods a correct MCP endpoint allows from another origin. */
export declare const CORS_ALLOW_METHODS: readonly string[];
/** Request headers a correct MCP endpoint allows (both protocol eras). */
export declare const CORS_ALLOW_HEADERS: readonly string[];
/** Response headers a correct MCP endpoint exposes to the page. */
export declare const CORS_EXPOSE_HEADERS: readonly string[];
/** How long a browser may reuse a preflight's answer, in seconds (Access-Control-Max-Age). */
export declare const CORS_MAX_AGE_SECONDS: number;

/** Switches that produce each CORS mistake; all defaults give correct CORS. */
export interface CorsOptions {
  /** Send CORS headers at all. Default true. */
  enabled?: boolean;
  /** Request headers to leave out of Access-Control-Allow-Headers. */
  omitAllowHeaders?: string[];
  /** List mcp-session-id in Access-Control-Expose-Headers. Default true. */
  exposeSessionId?: boolean;
  /** List DELETE in Access-Control-Allow-Methods. Default true. */
  allowDelete?: boolean;
}

/** The CORS response headers for a request from `origin`. */
export declare function corsHeaders(origin: string | undefined, options?: CorsOptions): Record<string, string>;
