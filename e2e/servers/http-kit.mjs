/** Small node:http helpers shared by the test servers: listen/close, bodies, answers, CLI. */
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';
import { applyCors } from './cors.mjs';

/**
 * Starts `server` listening and resolves with the real address (port 0 = an ephemeral port).
 * @param {import('node:http').Server} server
 * @param {{ host?: string, port?: number }} [options] Default host 127.0.0.1, port 0.
 * @returns {Promise<{ host: string, port: number, origin: string }>}
 */
export function listen(server, { host = '127.0.0.1', port = 0 } = {}) {
  return new Promise((resolve, reject) => {
    const onError = (/** @type {Error} */ error) => reject(error);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      const address = server.address();
      if (address === null || typeof address === 'string') {
        reject(new Error('server has no TCP address'));
        return;
      }
      const hostPart = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      resolve({ host: address.address, port: address.port, origin: `http://${hostPart}:${address.port}` });
    });
  });
}

/**
 * Closes `server`, cutting open connections (SSE streams would otherwise keep it alive).
 * @param {import('node:http').Server} server
 * @returns {Promise<void>}
 */
export function closeServer(server) {
  return new Promise((resolve) => {
    if (!server.listening) {
      resolve();
      return;
    }
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/**
 * Reads the whole request body as text.
 * @param {import('node:http').IncomingMessage} req
 * @returns {Promise<string>}
 */
export async function readBody(req) {
  /** @type {Buffer[]} */
  const chunks = [];
  for await (const chunk of req) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Answers with a JSON body.
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {unknown} body
 * @param {Record<string, string>} [headers]
 */
export function sendJson(res, status, body, headers = {}) {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers }).end(JSON.stringify(body));
}

/**
 * Answers with a JSON-RPC error object (id null), the shape the SDK transports use for HTTP-level errors.
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {number} code
 * @param {string} message
 */
export function sendJsonRpcError(res, status, code, message) {
  sendJson(res, status, { jsonrpc: '2.0', error: { code, message }, id: null });
}

/**
 * Answers with a plain-text body.
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {string} text
 * @param {Record<string, string>} [headers]
 */
export function sendText(res, status, text, headers = {}) {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...headers }).end(text);
}

/** Resolves after `ms` milliseconds, or rejects when `signal` aborts first (shared with the demo servers). */
export { delay } from '../../src/demo-servers/delay.mjs';

/**
 * Parses `--host H --port N` (also `--port=N`) from argv.
 * @param {string[]} argv
 * @param {{ host: string, port: number }} defaults
 * @returns {{ host: string, port: number }}
 */
export function parseCliArgs(argv, defaults) {
  const result = { ...defaults };
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index] ?? '';
    const [flag, inline] = arg.split('=', 2);
    const value = inline ?? argv[index + 1];
    if (flag !== '--host' && flag !== '--port') continue;
    if (value === undefined) throw new Error(`${flag} needs a value`);
    if (inline === undefined) index++;
    if (flag === '--host') result.host = value;
    else {
      const port = Number(value);
      if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`bad port: ${value}`);
      result.port = port;
    }
  }
  return result;
}

/**
 * True when the module at `moduleUrl` is the script node was started with.
 * @param {string} moduleUrl import.meta.url of the caller
 */
export function isMain(moduleUrl) {
  const script = process.argv[1];
  return script !== undefined && pathToFileURL(script).href === moduleUrl;
}

/**
 * Runs a server module as a CLI: starts it, prints its URL(s), closes it on SIGINT/SIGTERM.
 * @param {(options: { host: string, port: number }) => Promise<{ url: string, endpoints?: Record<string, string>, close: () => Promise<void> }>} start
 * @param {{ name: string, port: number }} defaults
 */
export async function runCli(start, defaults) {
  const options = parseCliArgs(process.argv.slice(2), { host: '127.0.0.1', port: defaults.port });
  const running = await start(options);
  console.log(`${defaults.name}: ${running.url}`);
  for (const [mode, url] of Object.entries(running.endpoints ?? {})) console.log(`  ${mode}: ${url}`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await running.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

/**
 * Serves one MCP endpoint at /mcp over node:http with CORS (preflights answered), 404 for any
 * other path and 500 when the handler throws. `close()` closes the endpoint, then the server.
 * `latencyMs` holds every request (preflights too) that long first: a remote host's distance.
 * @param {{ name: string, handle: (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => Promise<void>, close: () => Promise<void>, host?: string, port?: number, cors?: import('./cors.mjs').CorsOptions, latencyMs?: number }} options
 * @returns {Promise<{ url: string, close(): Promise<void> }>}
 */
export async function serveMcpEndpoint({ name, handle, close, host, port, cors = {}, latencyMs = 0 }) {
  /** @type {import('node:http').RequestListener} */
  const serve = (req, res) => {
    if (applyCors(req, res, cors)) return;
    if (new URL(req.url ?? '/', 'http://localhost').pathname !== '/mcp') {
      sendText(res, 404, 'Not found. The MCP endpoint is /mcp.');
      return;
    }
    handle(req, res).catch((error) => {
      console.error(`${name}:`, error);
      if (!res.headersSent) sendText(res, 500, 'Internal error');
    });
  };
  const httpServer = createServer(latencyMs > 0 ? (req, res) => void setTimeout(serve, latencyMs, req, res) : serve);
  const address = await listen(httpServer, { host, port });
  return {
    url: `${address.origin}/mcp`,
    async close() {
      await close();
      await closeServer(httpServer);
    },
  };
}
