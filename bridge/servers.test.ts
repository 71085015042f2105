// The bridge against real stdio servers: the official everything and memory servers, and one that crashes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectClient,
  CRASHING,
  EVERYTHING,
  firstText,
  isAlive,
  MEMORY,
  startCli,
  tempDir,
  waitUntil,
  type StartedBridge,
} from './test-kit';

const memoryFile = join(tempDir(), 'memory.jsonl');
let bridge: StartedBridge;
const opened: Array<{ close(): Promise<void> }> = [];

beforeAll(async () => {
  bridge = await startCli({
    mcpServers: {
      everything: EVERYTHING,
      memory: { ...MEMORY, env: { MEMORY_FILE_PATH: memoryFile } },
      crashing: CRASHING,
      'two words/é': CRASHING,
      remote: { url: 'https://example.com/mcp' },
    },
  });
}, 60_000);
afterAll(async () => {
  await Promise.allSettled(opened.map((client) => client.close()));
  await bridge.stop();
  bridge.kill();
});

async function connect(name: string) {
  const { client, transport } = await connectClient(bridge, name);
  opened.push(client);
  return { client, transport };
}

async function describeServer(name: string) {
  const body = (await (await bridge.request('/servers')).json()) as { servers: Array<Record<string, unknown>> };
  const entry = body.servers.find((server) => server.name === name);
  if (entry === undefined) throw new Error(`no ${name} in /servers`);
  return entry;
}

// Under load (2 shared cores) a Node child takes seconds to start: generous timeouts.
describe('glassbox-bridge with real stdio servers', { timeout: 60_000 }, () => {
  it('lists the stdio entries (idle until connected) and skips the url entry', async () => {
    const body = (await (await bridge.request('/servers')).json()) as {
      servers: Array<Record<string, unknown>>;
      skipped: Array<{ name: string }>;
    };
    expect(body.servers.map((server) => server.name)).toEqual(['everything', 'memory', 'crashing', 'two words/é']);
    expect(body.skipped.map((entry) => entry.name)).toEqual(['remote']);
    expect(body.servers[0]).toMatchObject({
      status: 'idle',
      pid: null,
      exitCode: null,
      command: process.execPath,
      endpoint: '/servers/everything/mcp',
    });
    expect(body.servers[3]?.endpoint).toBe('/servers/two%20words%2F%C3%A9/mcp');
    expect(bridge.ready.servers).toEqual(['everything', 'memory', 'crashing', 'two words/é']);
  });

  it('serves the everything server: tools listed and called through the SDK v2 client', async () => {
    const { client } = await connect('everything');
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(['echo', 'get-sum']));
    expect(firstText(await client.callTool({ name: 'echo', arguments: { message: 'through the bridge' } }))).toBe(
      'Echo: through the bridge',
    );
    expect(firstText(await client.callTool({ name: 'get-sum', arguments: { a: 2, b: 40 } }))).toContain('42');
    expect(await describeServer('everything')).toMatchObject({ status: 'running', pid: expect.any(Number) });
    expect(bridge.events).toContainEqual({ event: 'spawn', server: 'everything', pid: expect.any(Number) });
  });

  it('passes progress notifications to the request that asked for them', async () => {
    const { client } = await connect('everything');
    const progress: number[] = [];
    await client.callTool(
      { name: 'trigger-long-running-operation', arguments: { duration: 0.3, steps: 3 } },
      { onprogress: (update) => progress.push(update.progress) },
    );
    expect(progress).toEqual([1, 2, 3]);
  });

  it('serves the memory server with its env: an entity written is read back from its file', async () => {
    const { client } = await connect('memory');
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(['create_entities', 'read_graph']));
    await client.callTool({
      name: 'create_entities',
      arguments: { entities: [{ name: 'Glassbox', entityType: 'project', observations: ['reached through the bridge'] }] },
    });
    expect(firstText(await client.callTool({ name: 'read_graph', arguments: {} }))).toContain('reached through the bridge');
    // MEMORY_FILE_PATH reached the child: it wrote where the entry's env said.
    expect(readFileSync(memoryFile, 'utf8')).toContain('Glassbox');
  });

  it('serves a name that needs URL encoding', async () => {
    const { client } = await connect('two words/é');
    expect(JSON.parse(firstText(await client.callTool({ name: 'whoami', arguments: {} })))).toMatchObject({ initializeCount: 1 });
  });

  it('shows a crash with its exit code and last stderr lines; restart brings the server back', async () => {
    const { client } = await connect('crashing');
    const first = JSON.parse(firstText(await client.callTool({ name: 'whoami', arguments: {} }))) as {
      pid: number;
      initializeCount: number;
    };
    expect(first.initializeCount).toBe(1);
    await client.callTool({ name: 'crash', arguments: {} });
    await waitUntil(async () => (await describeServer('crashing')).status === 'exited');
    const exited = await describeServer('crashing');
    expect(exited).toMatchObject({ status: 'exited', exitCode: 3, signal: null, pid: null });
    expect(exited.stderrTail).toEqual(expect.arrayContaining(['crashing-server: about to exit with code 3']));
    expect(bridge.events).toContainEqual({ event: 'exit', server: 'crashing', code: 3, signal: null });
    expect(bridge.events).toContainEqual({ event: 'stderr', server: 'crashing', line: 'crashing-server: about to exit with code 3' });
    expect(isAlive(first.pid)).toBe(false);

    // The old session is gone with the child.
    await expect(client.callTool({ name: 'whoami', arguments: {} })).rejects.toThrow();

    const restarted = await bridge.request('/servers/crashing/restart', { method: 'POST' });
    expect(restarted.status).toBe(200);
    expect(await restarted.json()).toMatchObject({ name: 'crashing', status: 'idle', exitCode: null });
    const again = await connect('crashing');
    const second = JSON.parse(firstText(await again.client.callTool({ name: 'whoami', arguments: {} }))) as {
      pid: number;
      initializeCount: number;
    };
    expect(second.pid).not.toBe(first.pid);
    expect(second.initializeCount).toBe(1);
  });

  it('restart ends a running child (its process group) and a new connection starts a fresh one', async () => {
    const { client } = await connect('crashing');
    const before = JSON.parse(firstText(await client.callTool({ name: 'whoami', arguments: {} }))) as { pid: number };
    expect((await bridge.request('/servers/crashing/restart', { method: 'POST' })).status).toBe(200);
    await waitUntil(() => !isAlive(before.pid) && !isAlive(-before.pid));
    expect(await describeServer('crashing')).toMatchObject({ status: 'idle', pid: null });
    const again = await connect('crashing');
    const after = JSON.parse(firstText(await again.client.callTool({ name: 'whoami', arguments: {} }))) as { pid: number };
    expect(after.pid).not.toBe(before.pid);
  });

  it('a new initialize while a session exists ends the old child: each child sees one initialize', async () => {
    const first = await connect('crashing');
    const one = JSON.parse(firstText(await first.client.callTool({ name: 'whoami', arguments: {} }))) as {
      pid: number;
      initializeCount: number;
    };
    const second = await connect('crashing');
    const two = JSON.parse(firstText(await second.client.callTool({ name: 'whoami', arguments: {} }))) as {
      pid: number;
      initializeCount: number;
    };
    expect(two.pid).not.toBe(one.pid);
    expect(two.initializeCount).toBe(1);
    await waitUntil(() => !isAlive(one.pid));
  });

  it('a DELETE of the session ends its child', async () => {
    const { client, transport } = await connect('crashing');
    const { pid } = JSON.parse(firstText(await client.callTool({ name: 'whoami', arguments: {} }))) as { pid: number };
    await transport.terminateSession();
    await waitUntil(() => !isAlive(pid));
    expect(await describeServer('crashing')).toMatchObject({ status: 'idle', pid: null });
  });

  it('serves stderr lines by sequence number', async () => {
    const all = (await (await bridge.request('/servers/crashing/stderr')).json()) as {
      lines: Array<{ seq: number; time: string; line: string }>;
      next: number;
    };
    expect(all.lines.length).toBeGreaterThan(2);
    expect(all.lines.map((entry) => entry.line)).toContain('crashing-server: about to exit with code 3');
    expect(all.next).toBe(all.lines.at(-1)?.seq);
    expect(new Date(all.lines[0]?.time ?? '').toISOString()).toBe(all.lines[0]?.time);
    const later = (await (await bridge.request(`/servers/crashing/stderr?after=${all.next - 1}`)).json()) as {
      lines: Array<{ seq: number }>;
      next: number;
    };
    expect(later.lines.map((entry) => entry.seq)).toEqual([all.next]);
  });

  it('answers an unknown name with 404 and a request without a session as a 2025 server does', async () => {
    expect((await bridge.request('/servers/nope/mcp', { method: 'POST', body: '{}' })).status).toBe(404);
    expect((await bridge.request('/servers/nope/restart', { method: 'POST' })).status).toBe(404);
    const noSession = await bridge.request('/servers/memory/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(noSession.status).toBe(400);
    const goneSession = await bridge.request('/servers/memory/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-session-id': 'no-such-session' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(goneSession.status).toBe(404);
  });
});
