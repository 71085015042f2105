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
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { SkippedEntry, StdioEntry } from './config-entry';
import { allowedHosts, answerPreflight, applyCors, checkRequest } from './guards';
import { BodyError, readJsonBody } from './json-body';
import { killEndingGroups } from './process-group';
import { answerRpcError, ServerSlot, type BridgeEvent } from './server-slot';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', 'localhost']);

/** What startBridge needs: the file's entries, the allowed page origins, the token, where to listen. */
export interface BridgeOptions {
  servers: StdioEntry[];
  skipped?: SkippedEntry[];
  origins: string[];
  token: string;
  host?: string;
  port?: number;
  onEvent?: (event: BridgeEvent) => void;
}

/** A running bridge; close() ends every child's process group, then the server. */
export interface RunningBridge {
  url: string;
  port: number;
  slots: Map<string, ServerSlot>;
  /** SIGKILLs every child's process group at once, synchronously: for a bridge that is dying. */
  killNow(): void;
  close(): Promise<void>;
}

function answerJson(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }).end(JSON.stringify(value));
}

/** Starts the bridge. Binds a loopback address only; port 0 picks a free port. */
export async function startBridge({
  servers,
  skipped = [],
  origins,
  token,
  host = '127.0.0.1',
  port = 0,
  onEvent = () => {},
}: BridgeOptions): Promise<RunningBridge> {
  if (!LOOPBACK_HOSTS.has(host)) throw new Error(`--host must be a loopback address (127.0.0.1, ::1 or localhost), not "${host}"`);
  const slots = new Map(servers.map((entry) => [entry.name, new ServerSlot(entry, onEvent)]));
  const allowedOrigins = new Set(origins);
  let hosts = new Set<string>();

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) answerJson(res, 500, { error: 'internal error' });
      else res.end();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const verdict = checkRequest(req, { token, hosts, origins: allowedOrigins });
    if (!verdict.ok) {
      if (verdict.status === 401) {
        applyCors(req, res, allowedOrigins);
        res.setHeader('WWW-Authenticate', 'Bearer realm="glassbox-bridge"');
      }
      return answerJson(res, verdict.status, { error: verdict.reason });
    }
    applyCors(req, res, allowedOrigins);
    if (req.method === 'OPTIONS') return answerPreflight(res);
    const url = new URL(req.url ?? '/', 'http://bridge.invalid');
    const parts = url.pathname.split('/').slice(1);
    if (parts.length === 1 && parts[0] === 'servers') {
      if (req.method !== 'GET') return answerJson(res, 405, { error: 'GET only' });
      return answerJson(res, 200, { servers: [...slots.values()].map((slot) => slot.describe()), skipped });
    }
    if (parts.length !== 3 || parts[0] !== 'servers') return answerJson(res, 404, { error: 'not found' });
    let name: string;
    try {
      name = decodeURIComponent(parts[1] ?? '');
    } catch {
      return answerJson(res, 404, { error: 'not found' });
    }
    const slot = slots.get(name);
    if (slot === undefined) return answerJson(res, 404, { error: "no such server in the bridge's file" });
    switch (parts[2]) {
      case 'mcp': {
        let body: unknown;
        if (req.method === 'POST') {
          try {
            body = await readJsonBody(req);
          } catch (error) {
            if (error instanceof BodyError) return answerRpcError(res, error.status, error.code, error.message);
            throw error;
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

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the bridge has no TCP address');
  hosts = allowedHosts(address.port);

  return {
    url: `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`,
    port: address.port,
    slots,
    killNow() {
      for (const slot of slots.values()) slot.killNow();
      killEndingGroups();
    },
    async close() {
      await Promise.allSettled([...slots.values()].map((slot) => slot.stop()));
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
