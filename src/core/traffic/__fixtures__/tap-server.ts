/**
 * The HTTP server the wire tap's tests talk to (JSON, chunked and cut bodies, event streams,
 * slow and hanging answers), and the helpers they share.
 */
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { SecretRegistry } from '../redact';
import { TrafficLog } from '../traffic-log';
import type { CallContext, HttpExchange } from '../types';
import { createWireTap } from '../wire-tap';
import type { AnswerProblem, RpcTapOptions } from '../wire-tap';

/** A secret the tests register: it must never be recorded. */
export const API_KEY = 'sk-test-0123456789abcdef';

/** The event stream the server sends, cut into 7-byte chunks (splitting events, lines and the "é"). */
export const SSE_TEXT =
  'id: 1\nretry: 3000\nevent: message\ndata: {"a":1}\n\n' +
  'data: {"b":2}\n\n' +
  ': a comment\nid: 2\ndata: line one\ndata: line two é\n\n' +
  'event: ping\ndata:\n\n';

/** A JSON answer with a two-byte character, sent in three chunks. */
export const CHUNKED_JSON = '{"jsonrpc":"2.0","id":7,"result":{"city":"Orléans"}}';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The running test server. */
export interface TapServer {
  base: string;
  /** A port nothing listens on. */
  closedPort: number;
  /** The headers of the last request the server got. */
  lastHeaders: IncomingHttpHeaders;
  /** Resolves when the server sees the next /hang-sse connection close. */
  expectHangingClose(): Promise<void>;
  close(): Promise<void>;
}

/** Starts the server on a free port. */
async function startTapServer(): Promise<TapServer> {
  let markHangingClosed: () => void = () => {};
  const server: Server = createServer((req, res) => {
    state.lastHeaders = req.headers;
    const path = (req.url ?? '').split('?')[0];
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      switch (path) {
        case '/json':
          res.writeHead(200, {
            'content-type': 'application/json',
            'mcp-session-id': 'session-1',
            'set-cookie': 'sid=abc; HttpOnly',
          });
          res.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: { echo: body } }));
          return;
        case '/sse': {
          res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
          const bytes = Buffer.from(SSE_TEXT, 'utf8');
          void (async () => {
            for (let at = 0; at < bytes.length; at += 7) {
              res.write(bytes.subarray(at, at + 7));
              await wait(2);
            }
            res.end();
          })();
          return;
        }
        case '/hang-sse':
          res.writeHead(200, { 'content-type': 'text/event-stream' });
          res.write('id: 1\ndata: {"jsonrpc":"2.0","method":"notifications/progress","params":{"progress":1}}\n\n');
          res.on('close', () => markHangingClosed());
          return;
        case '/slow-headers':
          setTimeout(() => {
            if (!res.destroyed) res.end('late');
          }, 5_000);
          return;
        case '/chunked-json': {
          // "é" split between two chunks: the caller must still get the very bytes sent.
          res.writeHead(200, { 'content-type': 'application/json' });
          const bytes = Buffer.from(CHUNKED_JSON, 'utf8');
          const split = bytes.indexOf(0xa9);
          void (async () => {
            res.write(bytes.subarray(0, split));
            await wait(5);
            res.write(bytes.subarray(split, split + 3));
            await wait(5);
            res.end(bytes.subarray(split + 3));
          })();
          return;
        }
        case '/cut-json':
          res.writeHead(200, { 'content-type': 'application/json', 'content-length': '200' });
          res.write('{"jsonrpc":"2.0","id":1,"res');
          setTimeout(() => res.destroy(), 20);
          return;
        case '/stalled-json':
          res.writeHead(200, { 'content-type': 'application/json' });
          res.write('{"jsonrpc":"2.0",');
          return;
        case '/two-cookies':
          res.writeHead(200, { 'content-type': 'text/plain', 'set-cookie': ['a=1', 'b=2'], 'x-served-by': 'test' });
          res.end('ok');
          return;
        case '/no-content':
          res.writeHead(204);
          res.end();
          return;
        case '/big':
          res.writeHead(200, { 'content-type': 'text/plain' });
          res.end('x'.repeat(1_000));
          return;
        default:
          res.writeHead(404, { 'content-type': 'text/plain' });
          res.end('not found');
      }
    });
  });
  const state: TapServer = {
    base: '',
    closedPort: 0,
    lastHeaders: {},
    expectHangingClose: () => new Promise<void>((resolve) => (markHangingClosed = resolve)),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const spare = createServer();
  await new Promise<void>((resolve) => spare.listen(0, '127.0.0.1', resolve));
  state.closedPort = (spare.address() as AddressInfo).port;
  await new Promise<void>((resolve) => spare.close(() => resolve()));
  return state;
}

/** The server for one test file: started before its tests, closed after them. */
export function useTapServer(): TapServer {
  let running: TapServer | undefined;
  beforeAll(async () => {
    running = await startTapServer();
  });
  afterAll(async () => {
    await running?.close();
  });
  const get = (): TapServer => {
    if (!running) throw new Error('The tap server is not started.');
    return running;
  };
  return {
    get base() {
      return get().base;
    },
    get closedPort() {
      return get().closedPort;
    },
    get lastHeaders() {
      return get().lastHeaders;
    },
    expectHangingClose: () => get().expectHangingClose(),
    close: () => get().close(),
  };
}

/** The tap over the real fetch (as the app composes it), with the exchanges it reported ended and the problems it found. */
export function setup(
  overrides: { fetch?: typeof fetch; maxBodyChars?: number; wire?: 'mcp' | 'model'; context?: CallContext; rpc?: RpcTapOptions } = {},
) {
  const log = new TrafficLog();
  const secrets = new SecretRegistry();
  secrets.add(API_KEY);
  const ends: HttpExchange[] = [];
  const problems: AnswerProblem[] = [];
  const tap = createWireTap({
    log,
    wire: overrides.wire ?? 'mcp',
    source: 'weather',
    secrets,
    ...(overrides.context ? { context: overrides.context } : {}),
    rpc: { onExchangeEnd: (exchange) => void ends.push(exchange), onProblem: (problem) => void problems.push(problem), ...overrides.rpc },
    ...(overrides.maxBodyChars !== undefined ? { maxBodyChars: overrides.maxBodyChars } : {}),
  });
  const next = overrides.fetch ?? fetch;
  const recordingFetch = tap((url, init) => next(url, init)) as typeof fetch;
  return { log, ends, problems, tap, recordingFetch };
}

/** True when no glassbox header reached the server. */
export const noGlassboxHeaders = (server: TapServer): boolean =>
  !Object.keys(server.lastHeaders).some((name) => name.startsWith('x-glassbox'));

/** The most recent exchange of a log. */
export function latest(log: TrafficLog): HttpExchange {
  const { exchanges } = log.getSnapshot();
  const exchange = exchanges[exchanges.length - 1];
  if (!exchange) throw new Error('no exchange recorded');
  return exchange;
}

/** Resolves with the exchange once it reaches a final state. */
export function ended(log: TrafficLog, id: number): Promise<HttpExchange> {
  return new Promise((resolve) => {
    const check = () => {
      const exchange = log.getExchange(id);
      if (exchange && (exchange.state === 'done' || exchange.state === 'failed' || exchange.state === 'aborted')) {
        unsubscribe();
        resolve(exchange);
      }
    };
    const unsubscribe = log.subscribe(check);
    check();
  });
}
