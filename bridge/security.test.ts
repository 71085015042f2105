// The bridge's security rules, one test each (architecture.md, "The local bridge: rules that are tests").
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ORIGIN, connectClient, CRASHING, EVERYTHING, firstText, startCli, tempDir, type StartedBridge } from './test-kit';

const SECRET = `s3cr3t-${Math.random().toString(36).slice(2)}-never-shown`;
// A secret the file names as a placeholder, filled from the bridge's own environment.
const ENV_SECRET = `env-s3cr3t-${Math.random().toString(36).slice(2)}`;
const dir = tempDir();
const marker = join(dir, 'spawned-by-a-request');
let bridge: StartedBridge;
let port: number;
const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'probe', version: '1' } },
});
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

/** A raw HTTP request (node:http lets a test set Host, which fetch does not). */
function raw(
  path: string,
  { method = 'GET', headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string } = {},
) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method, headers: { host: `127.0.0.1:${port}`, ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}
const auth = () => ({ authorization: `Bearer ${bridge.ready.token}` });
/** Everything the bridge said: responses collected by the tests, its stdout (--json events) and stderr. */
const seen: string[] = [];
async function collect<T extends { body: string; headers: Record<string, unknown> }>(response: Promise<T>): Promise<T> {
  const answered = await response;
  seen.push(answered.body, JSON.stringify(answered.headers));
  return answered;
}
async function servers() {
  return JSON.parse((await collect(raw('/servers', { headers: auth() }))).body) as {
    servers: Array<{ name: string; status: string; pid: number | null }>;
  };
}
function childrenOf(pid: number): number[] {
  try {
    return execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .map((line) => Number(line.trim()))
      .filter((value) => value > 0);
  } catch {
    return []; // ps exits 1 when it lists nothing
  }
}

beforeAll(async () => {
  bridge = await startCli(
    {
      mcpServers: {
        everything: EVERYTHING,
        crashing: {
          command: CRASHING.command,
          args: [...CRASHING.args, '--token=${env:BRIDGE_TEST_SECRET}'],
          env: { SECRET_VALUE: SECRET, FROM_PLACEHOLDER: '${BRIDGE_TEST_SECRET}' },
        },
        missing: { command: join(dir, 'no-such-program'), env: { SECRET_VALUE: SECRET } },
      },
    },
    [],
    { BRIDGE_TEST_SECRET: ENV_SECRET },
  );
  port = Number(new URL(bridge.ready.url).port);
}, 60_000);
afterAll(async () => {
  await bridge.stop();
  bridge.kill();
});

describe('the token', { timeout: 60_000 }, () => {
  it('is 32 random bytes, base64url', () => {
    expect(bridge.ready.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('no token → 401 with WWW-Authenticate: Bearer, on every route, and nothing starts', async () => {
    for (const [path, method, body] of [
      ['/servers', 'GET', undefined],
      ['/servers/everything/stderr', 'GET', undefined],
      ['/servers/everything/restart', 'POST', undefined],
      ['/servers/everything/mcp', 'POST', INITIALIZE],
    ] as const) {
      const answer = await collect(raw(path, { method, headers: MCP_HEADERS, ...(body === undefined ? {} : { body }) }));
      expect(answer.status, path).toBe(401);
      expect(answer.headers['www-authenticate']).toMatch(/^Bearer/);
    }
    expect((await servers()).servers.every((server) => server.status === 'idle')).toBe(true);
  });

  it('a wrong token (same length, one character off) → 401', async () => {
    const token = bridge.ready.token;
    const wrong = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect((await collect(raw('/servers', { headers: { authorization: `Bearer ${wrong}` } }))).status).toBe(401);
    expect((await collect(raw('/servers', { headers: { authorization: token } }))).status).toBe(401);
    expect(
      (
        await collect(
          raw('/servers/everything/mcp', {
            method: 'POST',
            headers: { ...MCP_HEADERS, authorization: `Bearer ${wrong}` },
            body: INITIALIZE,
          }),
        )
      ).status,
    ).toBe(401);
    expect((await servers()).servers.every((server) => server.status === 'idle')).toBe(true);
  });
});

describe('the Host header (DNS rebinding)', { timeout: 60_000 }, () => {
  it('a foreign Host → 403, even with the token', async () => {
    for (const host of [
      `evil.example:${port}`,
      `127.0.0.1.nip.io:${port}`,
      `127.0.0.1:${port + 1}`,
      '127.0.0.1',
      `localhost.evil.example:${port}`,
    ]) {
      const answer = await collect(raw('/servers', { headers: { ...auth(), host } }));
      expect(answer.status, host).toBe(403);
    }
  });

  it('the loopback names with the port are allowed', async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`])
      expect((await collect(raw('/servers', { headers: { ...auth(), host } }))).status, host).toBe(200);
  });
});

describe('the Origin header and CORS', { timeout: 60_000 }, () => {
  it('a foreign Origin → 403 without CORS headers, even with the token', async () => {
    for (const origin of ['https://evil.example', 'http://127.0.0.1:5174', 'null', 'http://localhost:5173']) {
      const answer = await collect(raw('/servers', { headers: { ...auth(), origin } }));
      expect(answer.status, origin).toBe(403);
      expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    }
    const preflight = await collect(
      raw('/servers/everything/mcp', {
        method: 'OPTIONS',
        headers: {
          origin: 'https://evil.example',
          'access-control-request-method': 'POST',
          'access-control-request-private-network': 'true',
        },
      }),
    );
    expect(preflight.status).toBe(403);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-private-network']).toBeUndefined();
  });

  it('the --app origin gets CORS headers for itself', async () => {
    const answer = await collect(raw('/servers', { headers: { ...auth(), origin: APP_ORIGIN } }));
    expect(answer.status).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
    expect(answer.headers.vary).toBe('Origin');
    expect(answer.headers['access-control-expose-headers']).toBe('mcp-session-id, mcp-protocol-version, www-authenticate');
    const unauthorised = await collect(raw('/servers', { headers: { origin: APP_ORIGIN } }));
    expect(unauthorised.status).toBe(401);
    expect(unauthorised.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
  });

  it('no Origin with the token (a non-browser client) is allowed, without CORS headers', async () => {
    const answer = await collect(raw('/servers', { headers: auth() }));
    expect(answer.status).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('a preflight from the app answers 204 with Private-Network, and never reaches a route', async () => {
    const answer = await collect(
      raw('/servers/everything/mcp', {
        method: 'OPTIONS',
        headers: {
          origin: APP_ORIGIN,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, content-type, mcp-session-id',
          'access-control-request-private-network': 'true',
        },
      }),
    );
    expect(answer.status).toBe(204);
    expect(answer.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
    expect(answer.headers['access-control-allow-private-network']).toBe('true');
    expect(answer.headers['access-control-allow-methods']).toBe('GET, POST, DELETE, OPTIONS');
    expect(answer.headers['access-control-allow-headers']).toBe(
      'authorization, content-type, accept, mcp-session-id, mcp-protocol-version, last-event-id, mcp-method, mcp-name',
    );
    expect((await servers()).servers.find((server) => server.name === 'everything')?.status).toBe('idle');
  });
});

describe('nothing in a request names what to run', { timeout: 60_000 }, () => {
  it('requests naming a command, args, env or cwd spawn nothing', async () => {
    const command = { command: 'touch', args: [marker], env: { X: '1' }, cwd: dir };
    const probes: Array<[string, string, string | undefined]> = [
      ['/servers', 'POST', JSON.stringify({ name: 'evil', ...command })],
      ['/spawn', 'POST', JSON.stringify(command)],
      ['/servers/evil/mcp', 'POST', INITIALIZE],
      ['/servers/touch/mcp', 'POST', INITIALIZE],
      [`/servers?command=touch&args=${encodeURIComponent(marker)}`, 'GET', undefined],
      [`/servers/evil/restart?command=touch&args=${encodeURIComponent(marker)}`, 'POST', JSON.stringify(command)],
      [`/servers/..%2F..%2Fspawn/mcp`, 'POST', INITIALIZE],
      [
        `/servers/everything/mcp?command=touch&args=${encodeURIComponent(marker)}`,
        'POST',
        JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'x', arguments: command } }),
      ],
    ];
    const before = bridge.events.length;
    for (const [path, method, body] of probes) {
      const answer = await collect(raw(path, { method, headers: { ...auth(), ...MCP_HEADERS }, ...(body === undefined ? {} : { body }) }));
      // A GET of the list ignores its query (200); everything else is refused.
      if (method !== 'GET') expect(answer.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
    }
    expect(existsSync(marker)).toBe(false);
    expect(bridge.events.slice(before).filter((event) => event.event === 'spawn')).toEqual([]);
    expect(childrenOf(bridge.process.pid ?? 0)).toEqual([]);
    expect((await servers()).servers.map((server) => server.name)).toEqual(['everything', 'crashing', 'missing']);
  });
});

describe('env values go to the child and nowhere else', { timeout: 60_000 }, () => {
  it('the secret reaches the child', async () => {
    const { client } = await connectClient(bridge, 'crashing');
    const result = JSON.parse(firstText(await client.callTool({ name: 'has-env', arguments: { name: 'SECRET_VALUE' } }))) as {
      present: boolean;
      length: number;
    };
    expect(result).toEqual({ present: true, length: SECRET.length });
    const filled = JSON.parse(firstText(await client.callTool({ name: 'has-env', arguments: { name: 'FROM_PLACEHOLDER' } }))) as {
      present: boolean;
      length: number;
    };
    expect(filled).toEqual({ present: true, length: ENV_SECRET.length });
    // Only the minimal inherited environment and the entry's own: not the bridge's whole env.
    expect(JSON.parse(firstText(await client.callTool({ name: 'has-env', arguments: { name: 'GLASSBOX_TEST_PORT_BASE' } })))).toMatchObject(
      { present: false },
    );
    await client.callTool({ name: 'crash', arguments: {} }).catch(() => {});
  });

  it('a program that cannot start answers an error naming the program only', async () => {
    const answer = await collect(raw('/servers/missing/mcp', { method: 'POST', headers: { ...auth(), ...MCP_HEADERS }, body: INITIALIZE }));
    expect(answer.status).toBe(502);
    expect(answer.body).toContain('ENOENT');
  });

  it('the secret is in no response, event, stderr line or log line of the bridge', async () => {
    await collect(raw('/servers/crashing/stderr', { headers: auth() }));
    await collect(raw('/servers/missing/stderr', { headers: auth() }));
    await collect(raw('/servers/crashing/restart', { method: 'POST', headers: auth() }));
    await servers();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const everything = [...seen, bridge.stdout(), bridge.stderr()].join('\n');
    expect(everything).toContain('crashing-server: about to exit with code 3'); // the collection did see the child's stderr
    expect(everything).toContain('"name":"crashing"');
    expect(everything).not.toContain(SECRET);
    expect(everything).not.toContain(ENV_SECRET);
    // Arguments are shown as written, placeholders unfilled.
    expect(everything).toContain('--token=${env:BRIDGE_TEST_SECRET}');
  });
});

describe('binding', { timeout: 60_000 }, () => {
  it('refuses a non-loopback --host', async () => {
    await expect(startCli({ mcpServers: { everything: EVERYTHING } }, ['--host', '0.0.0.0'])).rejects.toThrow(/loopback/);
  });
});
