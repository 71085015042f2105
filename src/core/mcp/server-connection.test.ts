import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTH_SCOPE,
  BIG_RESULT_CHARS,
  MANY_TOOLS_COUNT,
  NOT_RPC_BODY,
  start as startLab,
  WRONG_CONTENT_TYPE,
  WRONG_ID_OFFSET,
} from '../../../e2e/servers/lab.mjs';
import type { LabMode, RunningLab } from '../../../e2e/servers/lab.mjs';
import { SecretRegistry, TrafficLog } from '../traffic';
import type { HttpExchange } from '../traffic/types';
import { McpError } from './mcp-error';
import { SESSION_RENEWED_NOTE, ServerConnection } from './server-connection';
import { ERA_PROBE_NOTE } from './session-notes';

let lab: RunningLab;
const open: ServerConnection[] = [];

beforeAll(async () => {
  lab = await startLab();
});
afterEach(async () => {
  await Promise.allSettled(open.splice(0).map((connection) => connection.disconnect()));
});
afterAll(async () => {
  await lab.close();
});

/** A connection to `url` recording into a fresh log, with a short timeout. */
function connectionTo(url: string, timeoutMs = 5000) {
  const log = new TrafficLog();
  const connection = new ServerConnection({
    name: 'lab',
    url,
    headers: {},
    timeoutMs,
    log,
    secrets: new SecretRegistry(),
    fetch,
  });
  open.push(connection);
  const exchanges = (): HttpExchange[] => [...log.getSnapshot().exchanges];
  const carrying = (method: string, name?: string): HttpExchange[] =>
    exchanges().filter((e) => {
      const body = e.requestBody ? (JSON.parse(e.requestBody) as { method?: string; params?: { name?: string } }) : undefined;
      return body?.method === method && (name === undefined || body.params?.name === name);
    });
  return { connection, log, exchanges, carrying };
}

async function connected(mode: LabMode, timeoutMs?: number) {
  const setup = connectionTo(lab.endpoints[mode], timeoutMs);
  await setup.connection.connect();
  expect(setup.connection.getState().status).toBe('connected');
  return setup;
}

async function failure(promise: Promise<unknown>): Promise<McpError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(McpError);
  return error as McpError;
}

describe('answers that are not usable MCP fail the connection at once, with the reason', () => {
  it.each([
    ['garbage', 'not-json', 'The server answered with a body that is not JSON', 'this is not json'],
    ['not-rpc', 'not-json-rpc', 'The server answered with JSON that is not JSON-RPC', NOT_RPC_BODY],
    [
      'wrong-id',
      'unknown-response-id',
      `The server answered a request id the client never sent (sent #0, got #${WRONG_ID_OFFSET})`,
      'initialize (#0)',
    ],
    [
      'wrong-type',
      'wrong-content-type',
      `The server answered with Content-Type ${WRONG_CONTENT_TYPE}, not JSON or an event stream`,
      'application/json',
    ],
    ['bad-sse', 'malformed-sse', 'The server sent an SSE event whose data is not JSON', '{oops'],
  ] as const)('%s', async (mode, reason, title, quoted) => {
    const { connection, exchanges } = connectionTo(lab.endpoints[mode], 20_000);
    const started = Date.now();
    await connection.connect();
    // Found in the answer itself, long before the 20 s timeout.
    expect(Date.now() - started).toBeLessThan(10_000);
    const { diagnosis, status } = connection.getState();
    expect(status).toBe('failed');
    expect(diagnosis).toMatchObject({ code: 'protocol-error', reason, title });
    expect(`${diagnosis?.detail} ${diagnosis?.headersToAdd?.join(' ') ?? ''}`).toContain(quoted);
    // The trace says it on the exchange that carried the failed request.
    expect(exchanges().some((e) => e.note === title)).toBe(true);
  });

  it('labels the era probe of a 2025 server, and a 401 is not mistaken for it', async () => {
    const { exchanges } = await connected('paged');
    expect(exchanges()[0]?.note).toBe(ERA_PROBE_NOTE);
    const auth = connectionTo(lab.endpoints.auth);
    await auth.connection.connect();
    expect(auth.connection.getState().diagnosis).toMatchObject({
      code: 'auth-required',
      status: 401,
      title: 'The server needs authorization (401)',
    });
    expect(auth.connection.getState().diagnosis?.detail).toContain(
      `It asks for scope "${AUTH_SCOPE}", and points to its protected resource metadata at ${lab.url}/.well-known/oauth-protected-resource.`,
    );
    expect(auth.exchanges()[0]?.note).toBeUndefined();
  });
});

describe('connecting', () => {
  it('opens the server-to-client stream (GET) once the tools are listed, not in the middle of the handshake', async () => {
    const { exchanges, carrying } = await connected('paged');
    await expect.poll(() => exchanges().some((e) => e.method === 'GET')).toBe(true);
    const stream = exchanges().find((e) => e.method === 'GET')!;
    const lastList = carrying('tools/list').at(-1)!;
    expect(stream.id).toBeGreaterThan(lastList.id);
    expect(stream.startedAt).toBeGreaterThanOrEqual(lastList.startedAt + (lastList.durationMs ?? 0));
    expect(stream.requestHeaders['mcp-session-id']).toBeDefined();
  });
});

describe('tool calls that go wrong after connecting', () => {
  it('an answer to another id fails the call at once; the card keeps it as the last problem', async () => {
    const { connection, carrying } = await connected('flaky', 20_000);
    const started = Date.now();
    const error = await failure(connection.callTool('wrong_id', {}));
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(error.message).toBe(`The server answered a request id the client never sent (sent #2, got #${2 + WRONG_ID_OFFSET})`);
    expect(error.reason).toBe('unknown-response-id');
    expect(connection.getState().lastProblem).toMatchObject({ method: 'tools/call', diagnosis: { reason: 'unknown-response-id' } });
    expect(carrying('tools/call', 'wrong_id')[0]?.note).toBe(error.message);
    expect(await connection.callTool('echo', { text: 'fine' })).toMatchObject({ content: [{ type: 'text', text: 'fine' }] });
  });

  it('a stream cut before the result fails with a clear message, and the server stays usable', async () => {
    const { connection, carrying } = await connected('flaky', 20_000);
    const error = await failure(connection.callTool('cut_stream', {}));
    expect(error.message).toBe('The server closed the stream before answering');
    expect(error.diagnosis.detail).toContain('was cut off after 1 event');
    expect(carrying('tools/call', 'cut_stream')[0]?.note).toBe('The server closed the stream before answering');
    expect(await connection.callTool('echo', { text: 'again' })).toMatchObject({ content: [{ text: 'again' }] });
    expect(connection.getState().status).toBe('connected');
  });

  it('no answer within the timeout: cancelled with notifications/cancelled, the stream closed, said in the trace', async () => {
    const { connection, log, carrying } = await connected('flaky', 600);
    const error = await failure(connection.callTool('never_answer', {}));
    expect(error.name).toBe('TimeoutError');
    expect(error.code).toBe('timeout');
    expect(error.message).toBe('No answer within 600 ms — the request was cancelled');
    const call = carrying('tools/call', 'never_answer')[0];
    expect(call?.note).toBe(error.message);
    await expect.poll(() => carrying('tools/call', 'never_answer')[0]?.state).toBe('aborted');
    const cancelled = log.getSnapshot().messages.filter((m) => m.method === 'notifications/cancelled' && m.direction === 'out');
    expect(cancelled).toHaveLength(1);
    expect((cancelled[0]?.message as { params: { requestId: number } }).params.requestId).toBe(2);
    expect(connection.getState().lastProblem?.diagnosis.code).toBe('timeout');
  });

  it('a 10 MB result arrives whole', async () => {
    const { connection } = await connected('flaky', 20_000);
    const result = await connection.callTool('big_result', {});
    expect((result.content[0] as { text: string }).text).toHaveLength(BIG_RESULT_CHARS);
  });

  it('a JSON-RPC error the server sends on purpose is passed on unchanged', async () => {
    const { connection } = await connected('flaky');
    const error = await connection.callTool('no_such_tool', {}).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(McpError);
    expect((error as { code?: unknown }).code).toBe(-32602);
    expect(connection.getState().lastProblem).toBeUndefined();
  });
});

describe('sessions the server forgot', () => {
  it('an expired session is renewed once and the call retried', async () => {
    const { connection, carrying } = await connected('expiring');
    const first = connection.getState().sessionId;
    await connection.callTool('expire_my_session', {});
    expect(connection.getState().sessionRenewedAt).toBeUndefined();
    const result = await connection.callTool('echo', { text: 'after expiry' });
    expect(result).toMatchObject({ content: [{ text: 'after expiry' }] });
    const state = connection.getState();
    expect(state.sessionId).toBeTruthy();
    expect(state.sessionId).not.toBe(first);
    expect(state.sessionRenewedAt).toBeGreaterThan(0);
    expect(state.lastProblem).toBeUndefined();
    const echoes = carrying('tools/call', 'echo');
    expect(echoes.map((e) => e.status)).toEqual([404, 200]);
    expect(echoes[0]?.note).toBe(SESSION_RENEWED_NOTE);
    expect(carrying('initialize')).toHaveLength(2);
  });

  it('after a restart (every session dropped) the next call recovers', async () => {
    const { connection } = await connected('expiring');
    const response = await fetch(`${lab.url}/__restart`, { method: 'POST' });
    expect(((await response.json()) as { forgotten: number }).forgotten).toBeGreaterThanOrEqual(1);
    expect(await connection.callTool('echo', { text: 'back' })).toMatchObject({ content: [{ text: 'back' }] });
    expect(connection.getState().sessionRenewedAt).toBeDefined();
  });

  it('a second 404 right after renewing is reported as a failure', async () => {
    // A server that forgets every session as soon as a tool is called.
    let sessions = 0;
    const server: Server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        if (req.method !== 'POST') return void res.writeHead(405).end();
        const message = JSON.parse(Buffer.concat(chunks).toString()) as { id?: number; method: string };
        const json = (body: unknown, headers: Record<string, string> = {}) =>
          res.writeHead(200, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
        if (message.method === 'server/discover')
          return void res
            .writeHead(400, { 'content-type': 'application/json' })
            .end('{"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Bad Request"}}');
        if (message.method === 'initialize') {
          sessions += 1;
          return json(
            {
              jsonrpc: '2.0',
              id: message.id,
              result: { protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 'forgetful', version: '1' } },
            },
            { 'mcp-session-id': `s${sessions}` },
          );
        }
        if (message.id === undefined) return void res.writeHead(202).end();
        if (message.method === 'tools/list')
          return json({ jsonrpc: '2.0', id: message.id, result: { tools: [{ name: 'echo', inputSchema: { type: 'object' } }] } });
        res
          .writeHead(404, { 'content-type': 'application/json' })
          .end('{"jsonrpc":"2.0","id":null,"error":{"code":-32001,"message":"Session not found"}}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const { connection, carrying } = connectionTo(`http://127.0.0.1:${port}/mcp`);
      await connection.connect();
      const error = await failure(connection.callTool('echo', {}));
      expect(error.code).toBe('session-expired');
      expect(error.message).toBe('The session expired again right after it was renewed (404)');
      expect(sessions).toBe(2);
      expect(carrying('tools/call').map((e) => e.status)).toEqual([404, 404]);
      expect(connection.getState().lastProblem?.diagnosis.code).toBe('session-expired');
    } finally {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    }
  });
});

describe('tool lists', () => {
  it('a list with invalid schemas and a duplicate name is kept, with warnings', async () => {
    const { connection } = await connected('bad-tools');
    const state = connection.getState();
    expect(state.tools.map((tool) => tool.name)).toEqual([
      'fine',
      'schema_not_object',
      'schema_string_root',
      'schema_broken_ref',
      'search',
    ]);
    expect(state.toolPages).toBe(1);
    expect(state.warnings).toContain('2 tools share the name search; the second is ignored.');
    expect(state.warnings).toContain('Tool schema_broken_ref: its inputSchema refers to #/$defs/missing, which does not exist.');
    expect(await connection.callTool('fine', {})).toMatchObject({ content: [{ text: 'fine' }] });
  });

  it('a thousand tools', async () => {
    const { connection } = await connected('many-tools');
    expect(connection.getState().tools).toHaveLength(MANY_TOOLS_COUNT);
    expect(connection.getState().warnings).toEqual([]);
  });

  it('a paginated list is still followed by the SDK, page by page', async () => {
    const { connection } = await connected('paged');
    expect(connection.getState().tools).toHaveLength(7);
    expect(connection.getState().toolPages).toBe(3);
  });
});
