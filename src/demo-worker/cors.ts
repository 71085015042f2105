/**
 * A worker-made answer to a cross-origin request is still checked by the page's fetch like a
 * server's, so the demo servers send the CORS headers a real MCP server sends (the same ones the
 * loopback test servers send), including Access-Control-Expose-Headers: without `mcp-session-id`
 * there the page could not read the 2025 server's session id.
 */
import { corsHeaders } from '../demo-servers/cors.mjs';

/**
 * The answer of `handle` to `request`, with the CORS headers for a page on `origin`; a preflight
 * (should one ever reach the worker: Chromium sends the real request instead) is answered 204.
 */
export async function withDemoCors(request: Request, origin: string, handle: (request: Request) => Promise<Response>): Promise<Response> {
  const cors = corsHeaders(origin);
  if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: cors });
  let response: Response;
  try {
    response = await handle(request);
  } catch (error) {
    // A server that throws answers 500, as an HTTP server would; the page shows it like any 500.
    const message = error instanceof Error ? error.message : String(error);
    response = new Response(JSON.stringify({ jsonrpc: '2.0', error: { code: -32603, message }, id: null }), {
      status: 500,
      headers: { 'Content-Type': 'application/json' },
    });
  }
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(cors)) headers.set(name, value);
  headers.set('Vary', 'Origin');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
