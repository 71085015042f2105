/**
 * `npm run mock -- file.mcp-mock.json [--port P]` without the page: reads and checks the mock file,
 * and serves it on loopback with the same HTTP handler the page's Service Worker uses. The
 * listening itself is injected (scripts/mock/cli.mjs gives Node's HTTP server behind the SDK's
 * Node adapter and its localhost Host check), so this file is pure TypeScript like the rest of core.
 * CORS is answered only for loopback origins and the ones named with `--allow-origin`.
 */
import type { HeadlessIo } from '../shared/headless-io';
import { createMockHttpHandler, type MockHttpHandler } from './http-handler';
import { MockFileError, parseMock } from './mock-file';
import { MISS_POLICIES, type MissPolicy } from './mock-types';

/** What `startMock` needs besides the usual I/O: a loopback HTTP listener. */
interface MockIo extends HeadlessIo {
  /** Listens on `host:port` (0 = any free port) and answers with `handle`; resolves with the port it got. */
  listen(
    handle: (request: Request) => Promise<Response>,
    options: { host: string; port: number },
  ): Promise<{ port: number; close(): Promise<void> }>;
}

/** The command's options. */
interface MockOptions {
  file: string;
  port: number;
  host: string;
  latency: 'none' | 'recorded';
  missPolicy?: MissPolicy;
  allowOrigins: string[];
}

/** The usage line printed with a bad command. */
const MOCK_USAGE =
  'usage: npm run mock -- <file.mcp-mock.json> [--port P] [--host 127.0.0.1] [--latency none|recorded]\n' +
  `                     [--miss ${MISS_POLICIES.join('|')}] [--allow-origin https://app.example]`;

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/** Parses the command line; a string is what is wrong with it. */
function parseMockArguments(argv: readonly string[]): MockOptions | string {
  const options: MockOptions = { file: '', port: 0, host: '127.0.0.1', latency: 'none', allowOrigins: [] };
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index] ?? '';
    const value = () => {
      const next = argv[index + 1];
      index += 1;
      return next;
    };
    if (arg === '--port') {
      const text = value();
      const port = Number(text);
      if (text === undefined || !Number.isInteger(port) || port < 0 || port > 65535)
        return `--port needs a port number (0–65535), not ${text ?? 'nothing'}`;
      options.port = port;
    } else if (arg === '--host') {
      const host = value();
      if (host === undefined || !LOOPBACK_HOSTS.has(host))
        return `--host must be a loopback address (127.0.0.1, localhost, ::1), not ${host ?? 'nothing'}: a mock serves this machine only`;
      options.host = host;
    } else if (arg === '--latency') {
      const latency = value();
      if (latency !== 'none' && latency !== 'recorded') return `--latency is "none" or "recorded", not ${latency ?? 'nothing'}`;
      options.latency = latency;
    } else if (arg === '--miss') {
      const policy = value();
      if (!MISS_POLICIES.includes(policy as MissPolicy)) return `--miss is one of ${MISS_POLICIES.join(', ')}, not ${policy ?? 'nothing'}`;
      options.missPolicy = policy as MissPolicy;
    } else if (arg === '--allow-origin') {
      const origin = value();
      if (origin === undefined || !/^https?:\/\/[^/]+$/.test(origin))
        return `--allow-origin needs an origin such as https://app.example, not ${origin ?? 'nothing'}`;
      options.allowOrigins.push(origin);
    } else if (arg.startsWith('--')) return `unknown option ${arg}`;
    else if (options.file !== '') return `one mock file at a time (got ${options.file} and ${arg})`;
    else options.file = arg;
  }
  if (options.file === '') return 'name the mock file (a *.mcp-mock.json made with Make a mock)';
  return options;
}

/** Whether a page at `origin` may read the mock's answers: loopback pages, and the origins named. */
function originAllowed(origin: string, allowed: readonly string[]): boolean {
  if (allowed.includes(origin)) return true;
  try {
    return LOOPBACK_HOSTS.has(new URL(origin).hostname);
  } catch {
    return false;
  }
}

/** The handler with CORS for allowed origins (preflights answered 204), serving `/mcp` only. */
function withCors(handler: MockHttpHandler, allowOrigins: readonly string[]): (request: Request) => Promise<Response> {
  return async (request) => {
    const origin = request.headers.get('origin');
    const cors: Record<string, string> =
      origin !== null && originAllowed(origin, allowOrigins)
        ? {
            'Access-Control-Allow-Origin': origin,
            'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
            'Access-Control-Allow-Headers':
              'content-type, authorization, mcp-session-id, mcp-protocol-version, last-event-id, mcp-method, mcp-name, accept',
            'Access-Control-Expose-Headers': 'mcp-session-id, mcp-protocol-version, www-authenticate',
            Vary: 'Origin',
          }
        : {};
    if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: cors });
    const path = new URL(request.url).pathname.replace(/\/+$/, '');
    const response =
      path === '/mcp'
        ? await handler.fetch(request)
        : new Response(JSON.stringify({ error: `The mock answers at /mcp, not ${path || '/'}.` }), {
            status: 404,
            headers: { 'Content-Type': 'application/json' },
          });
    const headers = new Headers(response.headers);
    for (const [name, value] of Object.entries(cors)) headers.set(name, value);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  };
}

/** A mock being served. */
interface RunningMock {
  url: string;
  handler: MockHttpHandler;
  close(): Promise<void>;
}

/**
 * Starts serving the mock the command line names. Resolves with the running mock (after printing
 * its address), or with exit code 2 after printing why it cannot: a bad command, an unreadable
 * or invalid file (the field and what is wrong), a port in use.
 */
export async function startMock(io: MockIo): Promise<RunningMock | 2> {
  const options = parseMockArguments(io.argv);
  if (typeof options === 'string') {
    io.err(`mock: ${options}\n${MOCK_USAGE}\n`);
    return 2;
  }
  let text: string;
  try {
    text = await io.readText(options.file);
  } catch (error) {
    io.err(`mock: cannot read ${options.file} (${error instanceof Error ? error.message : String(error)})\n`);
    return 2;
  }
  let mock;
  try {
    mock = parseMock(text);
  } catch (error) {
    if (!(error instanceof MockFileError)) throw error;
    io.err(`mock: ${options.file} is not a mock file: ${error.message}\n`);
    return 2;
  }
  if (options.missPolicy !== undefined) mock = { ...mock, missPolicy: options.missPolicy };
  const handler = createMockHttpHandler(mock, {
    latency: options.latency,
    onMiss: (miss) => io.err(`mock: miss: ${miss.sentence}\n`),
  });
  let listening: { port: number; close(): Promise<void> };
  try {
    listening = await io.listen(withCors(handler, options.allowOrigins), { host: options.host, port: options.port });
  } catch (error) {
    io.err(`mock: cannot listen on ${options.host}:${options.port} (${error instanceof Error ? error.message : String(error)})\n`);
    return 2;
  }
  const host = options.host.includes(':') && !options.host.startsWith('[') ? `[${options.host}]` : options.host;
  const url = `http://${host}:${listening.port}/mcp`;
  const era = mock.era === 'legacy' ? '2025' : '2026';
  io.out(
    `mock: serving ${mock.server.entry} (${mock.server.name ?? 'unnamed'} ${mock.server.version ?? ''}, ${era} era, ${mock.exchanges.length} recorded requests, recorded ${mock.recordedAt}) at ${url}\n`,
  );
  return {
    url,
    handler,
    close: async () => {
      handler.close();
      await listening.close();
    },
  };
}
