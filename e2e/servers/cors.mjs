/**
 * CORS for the Node test servers: the headers (src/demo-servers/cors.mjs, shared with the page's
 * demo Service Worker) set on a node:http response, and preflights answered.
 */
import { corsHeaders } from '../../src/demo-servers/cors.mjs';

export * from '../../src/demo-servers/cors.mjs';

/** @typedef {import('../../src/demo-servers/cors.mjs').CorsOptions} CorsOptions */

/**
 * Sets the CORS headers on `res` and answers a preflight (OPTIONS) itself: 204 when CORS is
 * enabled, 405 without CORS headers when it is not. Returns true when the request is finished.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {CorsOptions} [options]
 * @returns {boolean}
 */
export function applyCors(req, res, options = {}) {
  const origin = typeof req.headers.origin === 'string' ? req.headers.origin : undefined;
  const headers = corsHeaders(origin, options);
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  // The answer depends on the Origin we echo, so caches must key on it.
  if (origin !== undefined && options.enabled !== false) res.setHeader('Vary', 'Origin');
  if (req.method !== 'OPTIONS') return false;
  if (options.enabled === false) {
    res.writeHead(405, { Allow: 'GET, POST, DELETE' }).end();
  } else {
    res.writeHead(204).end();
  }
  return true;
}
