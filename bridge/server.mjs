/**
 * The bridge's HTTP server on loopback: the guards on every request, then four routes, each by
 * the name of an entry of the file the bridge was started with. No route takes a command, args,
 * env or cwd; an unknown name is a 404 and starts nothing.
 *
 *   GET  /servers                     the entries and their status (never their env)
 *   GET  /servers/<name>/stderr?after=<seq>   the child's stderr lines after a sequence number
 *   POST /servers/<name>/restart      ends the child; the next connection starts a fresh one
 *   *    /servers/<name>/mcp          the MCP endpoint (streamable HTTP, 2025 era, sessions)
 */
import { createServer } from 'node:http';
import { allowedHosts, answerPreflight, applyCors, checkRequest } from './guards.mjs';
import { signalGroup } from './child-transport.mjs';
import { answerRpcError, ServerSlot } from './server-slot.mjs';

/** The largest request body accepted, in bytes. */
export const MAX_BODY_BYTES = 16 * 1024 * 1024;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', 'localhost']);

/**
 * @typedef {{
 *   servers: import('./config-entry.ts').StdioEntry[],
 *   skipped?: import('./config-entry.ts').SkippedEntry[],
 *   origins: string[],
 *   token: string,
 *   host?: string,
 *   port?: number,
 *   onEvent?: (event: import('./server-slot.mjs').BridgeEvent) => void,
 * }} BridgeOptions
 */

/**
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {unknown} value
 */
function answerJson(res, status, value) {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }).end(JSON.stringify(value));
}

/**
 * Reads a JSON body (at most MAX_BODY_BYTES); `undefined` for an empty one.
 * @param {import('node:http').IncomingMessage} req
 * @returns {Promise<unknown>}
 */
async function readJsonBody(req) {
  /** @type {Buffer[]} */
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new RangeError('body too large');
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  return text.trim() === '' ? undefined : JSON.parse(text);
}

/**
 * Starts the bridge. Binds a loopback address only; port 0 picks a free port.
 * @param {BridgeOptions} options
 * @returns {Promise<{ url: string, port: number, slots: Map<string, ServerSlot>, killNow(): void, close(): Promise<void> }>}
 */
export async function startBridge({ servers, skipped = [], origins, token, host = '127.0.0.1', port = 0, onEvent = () => {} }) {
  if (!LOOPBACK_HOSTS.has(host)) throw new Error(`--host must be a loopback address (127.0.0.1, ::1 or localhost), not "${host}"`);
  /** @type {Map<string, ServerSlot>} */
  const slots = new Map(servers.map((entry) => [entry.name, new ServerSlot(entry, onEvent)]));
  const allowedOrigins = new Set(origins);
  /** @type {Set<string>} */
  let hosts = new Set();

  const server = createServer((req, res) => {
    handle(req, res).catch((error) => {
      if (!res.headersSent)
        answerJson(res, error instanceof RangeError ? 413 : 500, {
          error: error instanceof SyntaxError ? 'invalid JSON' : 'internal error',
        });
      else res.end();
    });
  });

  /**
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   */
  async function handle(req, res) {
    const verdict = checkRequest(req, { token, hosts, origins: allowedOrigins });
    if (!verdict.ok) {
      if (verdict.status === 401) {
        applyCors(req, res, allowedOrigins);
        res.setHeader('WWW-Authenticate', 'Bearer realm="glassbox-bridge"');
      }
      answerJson(res, verdict.status, { error: verdict.reason });
      return;
    }
    applyCors(req, res, allowedOrigins);
    if (req.method === 'OPTIONS') {
      answerPreflight(res);
      return;
    }
    const url = new URL(req.url ?? '/', 'http://bridge.invalid');
    const parts = url.pathname.split('/').slice(1);
    if (parts.length === 1 && parts[0] === 'servers') {
      if (req.method !== 'GET') return answerJson(res, 405, { error: 'GET only' });
      return answerJson(res, 200, { servers: [...slots.values()].map((slot) => slot.describe()), skipped });
    }
    if (parts.length !== 3 || parts[0] !== 'servers') return answerJson(res, 404, { error: 'not found' });
    let name;
    try {
      name = decodeURIComponent(parts[1] ?? '');
    } catch {
      return answerJson(res, 404, { error: 'not found' });
    }
    const slot = slots.get(name);
    if (slot === undefined) return answerJson(res, 404, { error: "no such server in the bridge's file" });
    switch (parts[2]) {
      case 'mcp': {
        let body;
        if (req.method === 'POST') {
          try {
            body = await readJsonBody(req);
          } catch (error) {
            if (error instanceof RangeError) return answerRpcError(res, 413, -32600, 'Request body too large');
            return answerRpcError(res, 400, -32700, 'Parse error: Invalid JSON');
          }
        }
        return slot.handle(req, res, body);
      }
      case 'stderr': {
        if (req.method !== 'GET') return answerJson(res, 405, { error: 'GET only' });
        const after = Number(url.searchParams.get('after') ?? '0');
        return answerJson(res, 200, slot.log.since(Number.isFinite(after) ? after : 0));
      }
      case 'restart': {
        if (req.method !== 'POST') return answerJson(res, 405, { error: 'POST only' });
        await slot.stop();
        return answerJson(res, 200, slot.describe());
      }
      default:
        return answerJson(res, 404, { error: 'not found' });
    }
  }

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(undefined));
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the bridge has no TCP address');
  hosts = allowedHosts(address.port);

  return {
    url: `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`,
    port: address.port,
    slots,
    /** SIGKILLs every child's process group at once, synchronously: for a bridge that is dying. */
    killNow() {
      for (const slot of slots.values()) if (slot.child?.pid != null) signalGroup(slot.child.pid, 'SIGKILL');
    },
    /** Ends every child's process group, then the server. */
    async close() {
      await Promise.allSettled([...slots.values()].map((slot) => slot.stop()));
      await new Promise((resolve) => {
        server.close(() => resolve(undefined));
        server.closeAllConnections();
      });
    },
  };
}
