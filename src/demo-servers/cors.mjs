/**
 * CORS for MCP endpoints that a page on another origin calls directly, plus switches that
 * produce each common CORS mistake on purpose (for the failure tests). Platform-free: the Node
 * test servers (e2e/servers/cors.mjs) and the page's demo Service Worker send the same headers.
 */

/** Methods a correct MCP endpoint allows from another origin. */
export const CORS_ALLOW_METHODS = ['GET', 'POST', 'DELETE', 'OPTIONS'];

/** Request headers a correct MCP endpoint allows (both protocol eras). */
export const CORS_ALLOW_HEADERS = [
  'content-type',
  'authorization',
  'mcp-session-id',
  'mcp-protocol-version',
  'last-event-id',
  'mcp-method',
  'mcp-name',
  'accept',
];

/** Response headers a correct MCP endpoint exposes to the page. */
export const CORS_EXPOSE_HEADERS = ['mcp-session-id', 'mcp-protocol-version', 'www-authenticate'];

/**
 * How long a browser may reuse a preflight's answer, in seconds: two hours, Chromium's cap
 * (Firefox allows a day). Without it Chromium keeps a preflight for 5 s, so a remote server
 * pays one more round trip (an OPTIONS) every few seconds of use.
 */
export const CORS_MAX_AGE_SECONDS = 7200;

/**
 * @typedef {object} CorsOptions
 * @property {boolean} [enabled] Send CORS headers at all. Default true; false = "no CORS" mistake
 *   (preflight answered 405 without any Access-Control-* header).
 * @property {string[]} [omitAllowHeaders] Request headers to leave out of Access-Control-Allow-Headers. Default none.
 * @property {boolean} [exposeSessionId] List mcp-session-id in Access-Control-Expose-Headers. Default true.
 * @property {boolean} [allowDelete] List DELETE in Access-Control-Allow-Methods. Default true.
 */

/**
 * The CORS response headers for a request from `origin` (undefined when the request had none).
 * @param {string | undefined} origin
 * @param {CorsOptions} [options]
 * @returns {Record<string, string>}
 */
export function corsHeaders(origin, options = {}) {
  if (options.enabled === false) return {};
  const omit = new Set((options.omitAllowHeaders ?? []).map((name) => name.toLowerCase()));
  const methods = CORS_ALLOW_METHODS.filter((method) => method !== 'DELETE' || options.allowDelete !== false);
  const expose = CORS_EXPOSE_HEADERS.filter((name) => name !== 'mcp-session-id' || options.exposeSessionId !== false);
  return {
    'Access-Control-Allow-Origin': origin ?? '*',
    'Access-Control-Allow-Methods': methods.join(', '),
    'Access-Control-Allow-Headers': CORS_ALLOW_HEADERS.filter((name) => !omit.has(name)).join(', '),
    'Access-Control-Expose-Headers': expose.join(', '),
    'Access-Control-Max-Age': String(CORS_MAX_AGE_SECONDS),
  };
}
