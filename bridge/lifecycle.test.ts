// The bridge leaves no process behind: SIGTERM, SIGINT and a closed stdin end every child's process group.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { connectClient, CRASHING, EVERYTHING, firstText, isAlive, startCli, tempDir, waitUntil, type StartedBridge } from './test-kit';

// The child starts a grandchild in its process group (as `npx` or a shell wrapper does), then becomes the server.
const WRAPPED = { command: '/bin/sh', args: ['-c', `sleep 300 & exec "${CRASHING.command}" "${CRASHING.args[0]}"`] };

const started: StartedBridge[] = [];
// A failed test must not leave its bridge or children behind either.
afterEach(() => {
  for (const bridge of started.splice(0)) bridge.kill();
});

/** Starts a bridge, connects to both servers, and returns the pids that must be gone after it stops. */
async function startWithChildren(): Promise<{ bridge: StartedBridge; pids: number[] }> {
  const bridge = await startCli({ mcpServers: { everything: EVERYTHING, wrapped: WRAPPED } });
  started.push(bridge);
  const everything = await connectClient(bridge, 'everything');
  await everything.client.listTools();
  const wrapped = await connectClient(bridge, 'wrapped');
  const { pid } = JSON.parse(firstText(await wrapped.client.callTool({ name: 'whoami', arguments: {} }))) as { pid: number };
  const spawned = bridge.events.filter((event) => event.event === 'spawn').map((event) => event.pid as number);
  expect(spawned).toHaveLength(2);
  expect(spawned).toContain(pid); // exec kept the shell's pid: the group leader is the server
  for (const child of spawned) expect(isAlive(-child), `group ${child}`).toBe(true);
  return { bridge, pids: spawned };
}

async function expectAllGone(bridge: StartedBridge, pids: number[]) {
  expect(await bridge.exited).toBe(0);
  // Each pid is its own group (detached): the group gone means the grandchild `sleep` is gone too.
  await waitUntil(() => pids.every((pid) => !isAlive(pid) && !isAlive(-pid)), 5000);
}

// Under load (2 shared cores) a Node child takes seconds to start: generous timeouts.
describe('glassbox-bridge ends its children', { timeout: 60_000 }, () => {
  it('on SIGTERM', async () => {
    const { bridge, pids } = await startWithChildren();
    bridge.process.kill('SIGTERM');
    await expectAllGone(bridge, pids);
  });

  it('on SIGINT', async () => {
    const { bridge, pids } = await startWithChildren();
    bridge.process.kill('SIGINT');
    await expectAllGone(bridge, pids);
  });

  it('when its stdin closes', async () => {
    const { bridge, pids } = await startWithChildren();
    bridge.process.stdin.end();
    await expectAllGone(bridge, pids);
  });

  it("closes a server's stdin first: one that saves its state on EOF gets its chance, on restart and on the bridge's stop", async () => {
    const dir = tempDir();
    const [onRestart, onStop] = [join(dir, 'restart'), join(dir, 'stop')];
    const flushing = (file: string) => ({ command: CRASHING.command, args: [CRASHING.args[0] ?? '', '--flush-on-eof', file] });
    const bridge = await startCli({ mcpServers: { restarted: flushing(onRestart), stopped: flushing(onStop) } });
    started.push(bridge);
    await connectClient(bridge, 'restarted');
    await connectClient(bridge, 'stopped');
    expect((await bridge.request('/servers/restarted/restart', { method: 'POST' })).status).toBe(200);
    expect(existsSync(onRestart) && readFileSync(onRestart, 'utf8')).toBe('flushed');
    bridge.process.kill('SIGTERM');
    expect(await bridge.exited).toBe(0);
    expect(existsSync(onStop) && readFileSync(onStop, 'utf8')).toBe('flushed');
  });
});
