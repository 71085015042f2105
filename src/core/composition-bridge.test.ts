/**
 * The page paired with the real glassbox-bridge, in Node: the CLI started as a person starts it
 * (with the official everything and memory servers over stdio, and a server that crashes on
 * request), the services started from its printed pair link. The config's stdio entries connect
 * through the bridge, the bridge-only servers appear, stderr lines arrive, a child that exits fails
 * its card at once (saying so, and pointing to Restart) and Restart brings it back; the token is in
 * no record.
 */
import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices, startServices } from './composition';
import type { Services } from './composition';

const ROOT = join(import.meta.dirname, '../..');
const node = process.execPath;
const EVERYTHING = { command: node, args: [join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js'), 'stdio'] };
const APP = 'http://127.0.0.1:5173/';

let bridge: ChildProcessWithoutNullStreams;
let ready: { url: string; token: string; servers: string[]; pairUrl: string };
let services: Services;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'glassbox-pair-'));
  const file = join(dir, 'mcp.json');
  writeFileSync(
    file,
    JSON.stringify({
      mcpServers: {
        everything: EVERYTHING,
        memory: {
          command: node,
          args: [join(ROOT, 'node_modules/@modelcontextprotocol/server-memory/dist/index.js')],
          env: { MEMORY_FILE_PATH: join(dir, 'memory.jsonl') },
        },
        crashing: { command: node, args: [join(ROOT, 'bridge/fixtures/crashing-server.mjs')] },
        broken: { command: node, args: [join(ROOT, 'bridge/fixtures/crashing-server.mjs'), '--exit-on-initialize'] },
      },
    }),
  );
  bridge = spawn(node, [join(ROOT, 'bridge/dist/cli.mjs'), file, '--json', '--app', APP], { stdio: ['pipe', 'pipe', 'pipe'] });
  ready = await new Promise((resolve, reject) => {
    bridge.stdout.setEncoding('utf8');
    bridge.stdout.once('data', (text: string) => resolve(JSON.parse(text.split('\n')[0]!)));
    bridge.once('exit', (code) => reject(new Error(`the bridge exited (${code})`)));
  });
  bridge.stdout.resume();
  services = createServices({ appUrl: APP });
  const text = JSON.stringify({
    mcpServers: { everything: EVERYTHING, absent: { command: 'uvx', args: ['mcp-server-absent', '--token', 'abc123secret'] } },
  });
  await (
    await startServices(services, { fragment: text, bridgeFragment: new URL(ready.pairUrl).hash })
  ).connected;
}, 60_000);

afterAll(async () => {
  services?.bridge.stop();
  await services?.connections.disconnectAll();
  bridge?.stdin.end();
  await new Promise((resolve) => (bridge.exitCode === null ? bridge.once('exit', resolve) : resolve(undefined)));
});

const stateOf = (name: string) => services.connections.getSnapshot().servers.find((server) => server.name === name);

describe('the page paired with glassbox-bridge', () => {
  it('connects the config stdio entry and the bridge-only servers through the bridge; an entry the bridge lacks says what to run', async () => {
    expect(services.bridge.getSnapshot()).toMatchObject({ url: ready.url, status: 'up', listed: true });
    expect(services.connections.getSnapshot().servers.map((server) => [server.name, server.status])).toEqual([
      ['everything', 'connected'],
      ['absent', 'needs-local-process'],
      ['memory', 'connected'],
      ['crashing', 'connected'],
      ['broken', 'failed'],
    ]);
    expect(stateOf('everything')!.url).toBe(`${ready.url}/servers/everything/mcp`);
    expect(stateOf('absent')!.diagnosis!.detail).toContain(`npx glassbox-bridge <your file> --app ${APP}`);
    expect(stateOf('absent')!.diagnosis!.detail).not.toContain('abc123secret');
    const echo = await services.connections.get('everything')!.callTool('echo', { message: 'through the bridge' });
    expect(JSON.stringify(echo.content)).toContain('through the bridge');
    const created = await services.connections
      .get('memory')!
      .callTool('create_entities', { entities: [{ name: 'Glassbox', entityType: 'app', observations: ['paired'] }] });
    expect(JSON.stringify(created)).toContain('Glassbox');
  }, 60_000);

  it('records the exchanges with the bearer token redacted, and keeps the token out of the snapshot', () => {
    const recorded = JSON.stringify(services.log.getSnapshot());
    expect(recorded).toContain('/servers/everything/mcp');
    expect(recorded).toContain('Bearer [redacted]');
    expect(recorded).not.toContain(ready.token);
    expect(JSON.stringify(services.bridge.getSnapshot())).not.toContain(ready.token);
    expect(JSON.stringify(services.connections.getSnapshot())).not.toContain(ready.token);
  });

  it('a child that exits during initialize: the card says the local process exited, with its code, and points to Restart', () => {
    const broken = stateOf('broken')!;
    expect(services.bridge.getSnapshot().servers.find((server) => server.name === 'broken')).toMatchObject({
      status: 'exited',
      exitCode: 4,
    });
    expect(broken.status).toBe('failed');
    expect(broken.diagnosis).toMatchObject({ code: 'process-exited', title: 'The local process of "broken" exited with code 4' });
    expect(broken.diagnosis!.detail).toContain('Restart');
    expect(broken.diagnosis!.detail).toContain('cannot start, exiting with code 4');
    expect(broken.diagnosis!.detail).not.toContain('call again');
  });

  it('a child exit fails its card at once (no request needed), with its code and stderr, and Restart brings it back', async () => {
    await services.connections.get('crashing')!.callTool('crash', {});
    // Only the bridge's poll (the page polls it every second) tells: no MCP request is sent to it.
    const posts = () => {
      const { exchanges, exchangeCount } = services.log.getSnapshot();
      return exchanges
        .slice(0, exchangeCount)
        .filter((exchange) => exchange.method === 'POST' && exchange.url.includes('/servers/crashing/')).length;
    };
    const before = posts();
    await expect
      .poll(
        async () => (
          await services.bridge.poll(),
          services.bridge.getSnapshot().servers.find((server) => server.name === 'crashing')?.status
        ),
        { timeout: 10_000 },
      )
      .toBe('exited');
    expect(stateOf('crashing')).toMatchObject({
      status: 'failed',
      diagnosis: { code: 'process-exited', title: 'The local process of "crashing" exited with code 3' },
    });
    expect(stateOf('crashing')!.diagnosis!.detail).toContain('Restart');
    expect(posts()).toBe(before);
    const exited = services.bridge.getSnapshot().servers.find((server) => server.name === 'crashing')!;
    expect(exited.exitCode).toBe(3);
    expect(exited.stderrTail.join('\n')).toContain('about to exit with code 3');
    expect(
      services.bridge.stderrLog
        .getSnapshot()
        .some((entry) => entry.server === 'crashing' && entry.logger === 'stderr' && String(entry.data).includes('started (pid')),
    ).toBe(true);
    await services.bridge.restart('crashing');
    expect(stateOf('crashing')!.status).toBe('connected');
    const who = await services.connections.get('crashing')!.callTool('whoami', {});
    expect(JSON.parse((who.content[0] as { text: string }).text)).toMatchObject({ initializeCount: 1 });
    expect(services.bridge.getSnapshot().servers.find((server) => server.name === 'crashing')!.status).toBe('running');
  }, 60_000);

  it('a bridge blocked at first (as by a local network access prompt) is used once it answers: its servers are routed and connect then', async () => {
    let blocked = true;
    const gated: typeof fetch = (input, init) =>
      blocked && String(input instanceof Request ? input.url : input).startsWith(ready.url)
        ? Promise.reject(new TypeError('Failed to fetch'))
        : fetch(input, init);
    const page = createServices({ appUrl: 'https://glassbox.example/', baseFetch: gated, localNetworkPermission: async () => 'prompt' });
    try {
      await (
        await startServices(page, {
          fragment: JSON.stringify({ mcpServers: { everything: EVERYTHING } }),
          bridgeFragment: new URL(ready.pairUrl).hash,
        })
      ).connected;
      expect(page.bridge.getSnapshot()).toMatchObject({ status: 'down', problem: { code: 'local-network-access' } });
      expect(page.connections.getSnapshot().servers.map((server) => [server.name, server.status, server.diagnosis?.title])).toEqual([
        ['everything', 'needs-local-process', 'The bridge does not answer'],
      ]);
      blocked = false;
      await page.bridge.poll();
      // When this fails, say why each card is where it is (it once ended 'failed' under a full suite's load).
      await expect
        .poll(() => page.connections.getSnapshot().servers.map((server) => [server.name, server.status]), { timeout: 20_000 })
        .toEqual([
          ['everything', 'connected'],
          ['memory', 'connected'],
          ['crashing', 'connected'],
          ['broken', 'failed'],
        ])
        .catch((error: unknown) => {
          const why = page.connections
            .getSnapshot()
            .servers.map((server) => ({ name: server.name, status: server.status, diagnosis: server.diagnosis }));
          throw new Error(`${error instanceof Error ? error.message : String(error)}\nThe cards: ${JSON.stringify(why, null, 2)}`);
        });
    } finally {
      page.bridge.stop();
      await page.connections.disconnectAll();
    }
  }, 60_000);
});
