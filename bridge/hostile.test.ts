// Findings of a hostile test of the bridge, one test each: a filled command in error reports, a
// grandchild that ignores SIGTERM, a deeply nested body, and an initialize refused after it acted.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectClient, CRASHING, firstText, isAlive, startCli, tempDir, waitUntil, type StartedBridge } from './test-kit';

const ENV_SECRET = `env-s3cr3t-${Math.random().toString(36).slice(2)}`;
const dir = tempDir();
// A server whose grandchild ignores SIGTERM and lets go of the bridge's pipes (as a daemon does):
// only SIGKILL ends it, and the leader's streams close while it still runs.
const STUBBORN = {
  command: '/bin/sh',
  args: ['-c', `(trap '' TERM; exec sleep 300 </dev/null >/dev/null 2>&1) & exec "${CRASHING.command}" "${CRASHING.args[0]}"`],
};
const CONFIG = {
  mcpServers: {
    hidden: { command: join(dir, 'bin-${env:BRIDGE_TEST_SECRET}', 'server') },
    stubborn: STUBBORN,
    crashing: CRASHING,
  },
};
const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'probe', version: '1' } },
};
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
/** Long enough for stdin's grace, SIGTERM's grace and a loaded machine. */
const GROUP_GONE_MS = 15_000;

let bridge: StartedBridge;
const spawnedGroups = () => bridge.events.filter((event) => event.event === 'spawn').map((event) => event.pid as number);

beforeAll(async () => {
  bridge = await startCli(CONFIG, [], { BRIDGE_TEST_SECRET: ENV_SECRET });
}, 60_000);
afterAll(async () => {
  await bridge.stop();
  bridge.kill();
});

async function whoami(name: string): Promise<number> {
  const { client } = await connectClient(bridge, name);
  return (JSON.parse(firstText(await client.callTool({ name: 'whoami', arguments: {} }))) as { pid: number }).pid;
}

describe('a program that cannot start', { timeout: 60_000 }, () => {
  it('is reported with its command as written, never with a filled placeholder', async () => {
    const answer = await bridge.request('/servers/hidden/mcp', { method: 'POST', headers: MCP_HEADERS, body: JSON.stringify(INITIALIZE) });
    const said = [await answer.text()];
    expect(answer.status).toBe(502);
    said.push(await (await bridge.request('/servers')).text(), await (await bridge.request('/servers/hidden/stderr')).text());
    await new Promise((resolve) => setTimeout(resolve, 200));
    const everything = [...said, bridge.stdout(), bridge.stderr()].join('\n');
    expect(said[0]).toContain('ENOENT');
    expect(everything).toContain('bin-${env:BRIDGE_TEST_SECRET}');
    expect(everything).not.toContain(ENV_SECRET);
  });
});

describe('a grandchild that ignores SIGTERM', { timeout: 60_000 }, () => {
  it('is gone after a restart', async () => {
    const pid = await whoami('stubborn');
    expect((await bridge.request('/servers/stubborn/restart', { method: 'POST' })).status).toBe(200);
    await waitUntil(() => !isAlive(-pid), GROUP_GONE_MS);
  });

  it('is gone after a new initialize replaces its leader', async () => {
    const pid = await whoami('stubborn');
    const next = await whoami('stubborn');
    expect(next).not.toBe(pid);
    await waitUntil(() => !isAlive(-pid), GROUP_GONE_MS);
  });

  it("is gone after its leader's own exit", async () => {
    const { client } = await connectClient(bridge, 'stubborn');
    const { pid } = JSON.parse(firstText(await client.callTool({ name: 'whoami', arguments: {} }))) as { pid: number };
    await client.callTool({ name: 'crash', arguments: {} });
    await waitUntil(() => !isAlive(pid), GROUP_GONE_MS);
    await waitUntil(() => !isAlive(-pid), GROUP_GONE_MS);
  });

  it('is gone after the bridge stops', async () => {
    const own = await startCli({ mcpServers: { stubborn: STUBBORN } });
    try {
      await connectClient(own, 'stubborn');
      const [pid] = own.events.filter((event) => event.event === 'spawn').map((event) => event.pid as number);
      expect(isAlive(-(pid ?? 0))).toBe(true);
      own.process.kill('SIGTERM');
      expect(await own.exited).toBe(0);
      await waitUntil(() => !isAlive(-(pid ?? 0)), GROUP_GONE_MS);
    } finally {
      own.kill();
    }
  });
});

describe('a deeply nested body', { timeout: 60_000 }, () => {
  it('is answered 400 at once, and the session keeps working', async () => {
    const { client, transport } = await connectClient(bridge, 'crashing');
    const depth = 2_000_000;
    const body = `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"whoami","arguments":{"x":${'['.repeat(depth)}${']'.repeat(depth)}}}}`;
    const answer = await bridge.request('/servers/crashing/mcp', {
      method: 'POST',
      headers: { ...MCP_HEADERS, 'mcp-session-id': transport.sessionId ?? '', 'mcp-protocol-version': '2025-06-18' },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain('nested');
    expect(firstText(await client.callTool({ name: 'whoami', arguments: {} }))).toContain('pid');
  });
});

describe('an initialize the transport refuses', { timeout: 60_000 }, () => {
  it('leaves the running child and its session alone', async () => {
    const { client } = await connectClient(bridge, 'crashing');
    const before = JSON.parse(firstText(await client.callTool({ name: 'whoami', arguments: {} }))) as { pid: number };
    const spawned = spawnedGroups().length;
    for (const headers of [
      { 'content-type': 'application/json', accept: 'application/json' },
      { 'content-type': 'text/plain', accept: 'application/json, text/event-stream' },
    ]) {
      const answer = await bridge.request('/servers/crashing/mcp', { method: 'POST', headers, body: JSON.stringify(INITIALIZE) });
      expect([406, 415]).toContain(answer.status);
    }
    expect(spawnedGroups()).toHaveLength(spawned);
    expect(isAlive(before.pid)).toBe(true);
    const after = JSON.parse(firstText(await client.callTool({ name: 'whoami', arguments: {} }))) as { pid: number };
    expect(after.pid).toBe(before.pid);
  });
});
