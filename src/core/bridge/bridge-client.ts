/**
 * The page's client of glassbox-bridge's own routes (not the MCP endpoints, which the MCP core
 * reaches like any streamable HTTP server): the server list, a server's stderr lines, a restart.
 * Every request carries the bearer token; answers are checked against the contract's shapes here,
 * at the boundary. `fetch` is injected (the page's plain fetch: these control requests are not MCP
 * traffic, and a stderr poll every second would flood the wire).
 */
import { isPlainObject } from '../shared/json';
import { BridgeError } from './bridge-error';
import type { BridgePairing } from './pair-link';

/** A child process's state on the bridge. */
export type BridgeProcessStatus = 'idle' | 'starting' | 'running' | 'exited';

/** One stdio server the bridge serves (`GET /servers`). Command and args are the file's, shown read-only. */
export interface BridgeServerInfo {
  name: string;
  status: BridgeProcessStatus;
  pid: number | null;
  exitCode: number | null;
  signal: string | null;
  /** The child's last stderr lines (at most 20). Untrusted text. */
  stderrTail: string[];
  command: string;
  args: string[];
  /** The MCP endpoint's path, e.g. `/servers/memory/mcp`. */
  endpoint: string;
}

/** `GET /servers`: the stdio servers, and the file's entries the bridge does not serve (url entries). */
export interface BridgeServerList {
  servers: BridgeServerInfo[];
  skipped: Array<{ name: string; reason: string }>;
}

/** One stderr line of a child. */
interface BridgeStderrLine {
  seq: number;
  /** ISO time the bridge read it. */
  time: string;
  line: string;
}

/** `GET /servers/<name>/stderr?after=<seq>`. */
export interface BridgeStderrPage {
  lines: BridgeStderrLine[];
  /** The `after` of the next poll. */
  next: number;
}

const STATUSES: ReadonlySet<string> = new Set(['idle', 'starting', 'running', 'exited']);

/** Talks to one paired bridge. */
export class BridgeClient {
  constructor(
    private readonly pairing: BridgePairing,
    private readonly fetch: typeof globalThis.fetch,
  ) {}

  /** The stdio servers the bridge serves. */
  async listServers(signal?: AbortSignal): Promise<BridgeServerList> {
    const body = await this.request('GET', '/servers', signal);
    if (!isPlainObject(body) || !Array.isArray(body['servers'])) throw badResponse('/servers');
    const servers = body['servers'].map((entry) => readServer(entry, '/servers'));
    const skipped = Array.isArray(body['skipped'])
      ? body['skipped'].flatMap((entry) =>
          isPlainObject(entry) && typeof entry['name'] === 'string'
            ? [{ name: entry['name'], reason: typeof entry['reason'] === 'string' ? entry['reason'] : '' }]
            : [],
        )
      : [];
    return { servers, skipped };
  }

  /** A child's stderr lines after `after` (0: from the first kept). */
  async stderr(name: string, after: number, signal?: AbortSignal): Promise<BridgeStderrPage> {
    const path = `/servers/${encodeURIComponent(name)}/stderr?after=${after}`;
    const body = await this.request('GET', path, signal);
    if (!isPlainObject(body) || !Array.isArray(body['lines']) || typeof body['next'] !== 'number') throw badResponse(path);
    const lines = body['lines'].flatMap((line): BridgeStderrLine[] =>
      isPlainObject(line) && typeof line['seq'] === 'number' && typeof line['line'] === 'string'
        ? [{ seq: line['seq'], time: typeof line['time'] === 'string' ? line['time'] : '', line: line['line'] }]
        : [],
    );
    return { lines, next: body['next'] };
  }

  /** Ends a server's child (if running) and its session; the next MCP connection starts a fresh one. */
  async restart(name: string): Promise<BridgeServerInfo> {
    const path = `/servers/${encodeURIComponent(name)}/restart`;
    return readServer(await this.request('POST', path), path);
  }

  private async request(method: 'GET' | 'POST', path: string, signal?: AbortSignal): Promise<unknown> {
    let response: Response;
    try {
      response = await this.fetch(this.pairing.url + path, {
        method,
        headers: { authorization: `Bearer ${this.pairing.token}`, accept: 'application/json' },
        cache: 'no-store',
        ...(signal && { signal }),
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new BridgeError(
        'unreachable',
        `No answer from the bridge at ${this.pairing.url} (${error instanceof Error ? error.message : String(error)}).`,
        { cause: error },
      );
    }
    if (!response.ok) throw statusError(response.status, this.pairing.url, path);
    try {
      return await response.json();
    } catch (error) {
      throw new BridgeError('bad-response', `The bridge's answer to ${path} is not JSON.`, { cause: error, status: response.status });
    }
  }
}

function statusError(status: number, url: string, path: string): BridgeError {
  if (status === 401)
    return new BridgeError(
      'unauthorized',
      `The bridge at ${url} refused this page's token (401): it was restarted with a new one. Open the pair link it printed last.`,
      { status },
    );
  if (status === 403)
    return new BridgeError(
      'forbidden',
      `The bridge at ${url} refused this page (403): its origin is not one the bridge allows. Start it with --app set to this page's URL.`,
      { status },
    );
  if (status === 404) return new BridgeError('not-found', `The bridge has nothing at ${path} (404).`, { status });
  return new BridgeError('http-error', `The bridge answered ${status} to ${path}.`, { status });
}

function badResponse(path: string): BridgeError {
  return new BridgeError('bad-response', `The bridge's answer to ${path} is not the shape this page expects (an older or newer bridge?).`);
}

function readServer(entry: unknown, path: string): BridgeServerInfo {
  if (!isPlainObject(entry) || typeof entry['name'] !== 'string' || typeof entry['status'] !== 'string' || !STATUSES.has(entry['status']))
    throw badResponse(path);
  const numberOrNull = (value: unknown): number | null => (typeof value === 'number' ? value : null);
  const strings = (value: unknown): string[] =>
    Array.isArray(value) ? value.filter((each): each is string => typeof each === 'string') : [];
  return {
    name: entry['name'],
    status: entry['status'] as BridgeProcessStatus,
    pid: numberOrNull(entry['pid']),
    exitCode: numberOrNull(entry['exitCode']),
    signal: typeof entry['signal'] === 'string' ? entry['signal'] : null,
    stderrTail: strings(entry['stderrTail']),
    command: typeof entry['command'] === 'string' ? entry['command'] : '',
    args: strings(entry['args']),
    endpoint: typeof entry['endpoint'] === 'string' ? entry['endpoint'] : `/servers/${encodeURIComponent(entry['name'])}/mcp`,
  };
}
