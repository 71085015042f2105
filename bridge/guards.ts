/**
 * The bridge's front door, checked on every request before any route: the Host header (DNS
 * rebinding), the Origin header (other web pages), the bearer token (everyone else), and CORS
 * headers for allowed origins only. A loopback process that starts programs must fail closed.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Request headers a page may send (the MCP transport's, both eras). */
const ALLOW_HEADERS = 'authorization, content-type, accept, mcp-session-id, mcp-protocol-version, last-event-id, mcp-method, mcp-name';
/** Response headers a page may read. */
const EXPOSE_HEADERS = 'mcp-session-id, mcp-protocol-version, www-authenticate';
/** Methods the bridge answers. */
const ALLOW_METHODS = 'GET, POST, DELETE, OPTIONS';

/** A fresh token: 32 random bytes, base64url (256 bits), new at every start. */
export function createToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The Host values a request may carry: the loopback names with the bridge's port. Anything else
 * (`evil.example:PORT`, `127.0.0.1.nip.io:PORT`) is a page that rebinds its name to 127.0.0.1.
 */
export function allowedHosts(port: number): Set<string> {
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]);
}

/** The origin of a URL (`https://app.example/x/` → `https://app.example`). */
export function originOf(url: string): string {
  const origin = new URL(url).origin;
  if (origin === 'null') throw new Error(`"${url}" has no origin: give an http(s) URL`);
  return origin;
}

/**
 * Compares a request's Authorization header with `Bearer <token>` in constant time (both sides are
 * hashed first, so neither length nor content leaks through timing).
 */
function bearerMatches(header: string | undefined, token: string): boolean {
  if (typeof header !== 'string') return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(header), digest(`Bearer ${token}`));
}

/** What `checkRequest` compares a request with. */
export interface GuardOptions {
  token: string;
  hosts: Set<string>;
  origins: Set<string>;
}

/** The verdict on one request. */
export type GuardVerdict = { ok: true } | { ok: false; status: 401 | 403; reason: string };

/**
 * Checks one request: Host, then Origin (when present), then, for anything but a preflight, the
 * token. A preflight carries no Authorization by design, so it is answered here and never reaches
 * a route.
 */
export function checkRequest(req: IncomingMessage, { token, hosts, origins }: GuardOptions): GuardVerdict {
  const host = req.headers.host;
  if (host === undefined || !hosts.has(host.toLowerCase()))
    return { ok: false, status: 403, reason: 'Host is not this bridge on a loopback name' };
  const origin = req.headers.origin;
  if (origin !== undefined && !origins.has(origin))
    return { ok: false, status: 403, reason: 'Origin is not allowed (start the bridge with --app or --origin for it)' };
  if (req.method === 'OPTIONS') return { ok: true };
  if (!bearerMatches(req.headers.authorization, token))
    return { ok: false, status: 401, reason: 'Missing or wrong bearer token (use the pair link the bridge printed)' };
  return { ok: true };
}

/** Sets the CORS headers for an allowed Origin; none for a missing or foreign one. */
export function applyCors(req: IncomingMessage, res: ServerResponse, origins: Set<string>): void {
  const origin = req.headers.origin;
  res.setHeader('Vary', 'Origin');
  if (origin === undefined || !origins.has(origin)) return;
  res.setHeader('Access-Control-Allow-Origin', origin);
  res.setHeader('Access-Control-Expose-Headers', EXPOSE_HEADERS);
}

/**
 * Answers a preflight that passed the Host and Origin checks: 204 with the allowed methods and
 * headers, and Chrome's local network access answer.
 */
export function answerPreflight(res: ServerResponse): void {
  res.setHeader('Access-Control-Allow-Methods', ALLOW_METHODS);
  res.setHeader('Access-Control-Allow-Headers', ALLOW_HEADERS);
  res.setHeader('Access-Control-Allow-Private-Network', 'true');
  res.setHeader('Access-Control-Max-Age', '7200'); // Chromium's longest: fewer preflight round trips
  res.writeHead(204).end();
}
