import { createServer } from 'node:http';
import type { Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { start as startWeather } from '../../../e2e/servers/weather.mjs';
import type { RunningServer } from '../../../e2e/servers/weather.mjs';
import { parseMcpConfig } from '../config/parse-mcp-config';
import type { ServerConfig } from '../config';
import { SecretRegistry, TrafficLog } from '../traffic';
import type { HttpExchange } from '../traffic/types';
import { ConnectionManager, STREAMS_WAIT_MAX_MS } from './connection-manager';

/** Milliseconds the slow server holds each request. */
const SLOW_MS = 150;

let fast: RunningServer;
let slow: RunningServer;
/** Accepts requests and never answers them. */
let silent: Server;
let silentUrl: string;
const unanswered = new Set<ServerResponse>();
const managers: ConnectionManager[] = [];

beforeAll(async () => {
  [fast, slow] = await Promise.all([startWeather(), startWeather({ latencyMs: SLOW_MS })]);
  silent = createServer((_req, res) => void unanswered.add(res));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/mcp`;
});
afterEach(async () => {
  await Promise.allSettled(managers.splice(0).map((manager) => manager.disconnectAll()));
  for (const res of unanswered) res.destroy();
  unanswered.clear();
});
afterAll(async () => {
  await Promise.all([fast.close(), slow.close(), new Promise((resolve) => silent.close(resolve))]);
});

/** A manager recording into one log, as the app wires it. */
function managerWithLog() {
  const log = new TrafficLog();
  const secrets = new SecretRegistry();
  const manager = new ConnectionManager({
    log,
    secrets,
    fetch,
  });
  managers.push(manager);
  const exchanges = (server: string): HttpExchange[] => log.getSnapshot().exchanges.filter((e) => e.source === server);
  const toolsList = (server: string): HttpExchange | undefined =>
    exchanges(server).findLast(
      (e) => e.requestBody !== undefined && (JSON.parse(e.requestBody) as { method?: string }).method === 'tools/list',
    );
  const stream = (server: string): HttpExchange | undefined => exchanges(server).find((e) => e.method === 'GET');
  return { manager, exchanges, toolsList, stream };
}

/** Server configs for a name → URL map, through the config parser. */
function servers(map: Record<string, string>, timeoutMs?: number): readonly ServerConfig[] {
  const entries = Object.fromEntries(
    Object.entries(map).map(([name, url]) => [name, timeoutMs === undefined ? { url } : { url, timeout: timeoutMs }]),
  );
  const parsed = parseMcpConfig(JSON.stringify({ mcpServers: entries }));
  if (!parsed.config) throw new Error(JSON.stringify(parsed.problems));
  return parsed.config.servers;
}

const endOf = (exchange: HttpExchange): number => exchange.startedAt + (exchange.durationMs ?? 0);

describe('event streams of servers connecting together', () => {
  it('a server that is ready opens its stream (GET) only once the others connecting with it are ready too', async () => {
    const { manager, toolsList, stream } = managerWithLog();
    await manager.apply(servers({ quick: fast.url, late: slow.url }));
    expect(manager.getSnapshot().servers.map((s) => s.status)).toEqual(['connected', 'connected']);
    await expect.poll(() => stream('quick') !== undefined && stream('late') !== undefined).toBe(true);
    // The quick one was ready well before the late one: three round trips of SLOW_MS earlier at least.
    expect(endOf(toolsList('late')!) - endOf(toolsList('quick')!)).toBeGreaterThanOrEqual(SLOW_MS);
    expect(stream('quick')!.startedAt).toBeGreaterThanOrEqual(endOf(toolsList('late')!));
    expect(stream('quick')!.requestHeaders['mcp-session-id']).toBeDefined();
  });

  it('a server that never answers keeps the others\u2019 streams waiting at most STREAMS_WAIT_MAX_MS', async () => {
    const { manager, toolsList, stream } = managerWithLog();
    void manager.apply(servers({ quick: fast.url, stuck: silentUrl }, 30_000));
    await expect.poll(() => stream('quick'), { timeout: STREAMS_WAIT_MAX_MS + 4000 }).toBeDefined();
    expect(manager.getSnapshot().servers.find((s) => s.name === 'stuck')?.status).toBe('connecting');
    const waited = stream('quick')!.startedAt - endOf(toolsList('quick')!);
    expect(waited).toBeGreaterThanOrEqual(STREAMS_WAIT_MAX_MS - 5);
    expect(waited).toBeLessThan(STREAMS_WAIT_MAX_MS + 2000);
  });

  it('reconnecting one server while the others are connected opens its stream right after its tools are listed', async () => {
    const { manager, exchanges, toolsList, stream } = managerWithLog();
    await manager.apply(servers({ quick: fast.url, late: slow.url }));
    await expect.poll(() => stream('quick') !== undefined).toBe(true);
    const before = exchanges('quick').length;
    await manager.reconnect('quick');
    const again = (): HttpExchange | undefined =>
      exchanges('quick')
        .slice(before)
        .find((e) => e.method === 'GET');
    await expect.poll(again).toBeDefined();
    expect(again()!.startedAt - endOf(toolsList('quick')!)).toBeLessThan(STREAMS_WAIT_MAX_MS / 2);
  });
});

describe('applying a config', () => {
  it('keeps the connections whose entry did not change, and replaces the others', async () => {
    const { manager, exchanges } = managerWithLog();
    await manager.apply(servers({ quick: fast.url, late: slow.url }));
    const quick = manager.get('quick');
    const late = manager.get('late');
    const sessionId = quick?.getState().sessionId;
    expect(sessionId).toBeDefined();
    const quickBefore = exchanges('quick').length;

    // The same entry for quick (written differently), a changed one for late, a new one, nothing removed yet.
    await manager.apply(servers({ quick: fast.url, late: `${slow.url}?v=2`, added: fast.url }));
    expect(manager.get('quick')).toBe(quick);
    expect(manager.get('quick')?.getState()).toMatchObject({ status: 'connected', sessionId });
    expect(manager.get('late')).not.toBe(late);
    expect(late?.getState().status).toBe('idle');
    expect(manager.getSnapshot().servers.map((s) => [s.name, s.status])).toEqual([
      ['quick', 'connected'],
      ['late', 'connected'],
      ['added', 'connected'],
    ]);
    // Nothing was sent to quick again: no new handshake, no DELETE.
    expect(
      exchanges('quick')
        .slice(quickBefore)
        .filter((e) => e.method !== 'GET'),
    ).toEqual([]);

    // An entry removed from the config is disconnected.
    await manager.apply(servers({ late: `${slow.url}?v=2` }));
    expect(manager.get('quick')).toBeUndefined();
    expect(quick?.getState().status).toBe('idle');
    expect(manager.getSnapshot().servers.map((s) => s.name)).toEqual(['late']);
  });
});

describe('holding the connects until the page is ready (startAfter)', () => {
  it('lists the servers as connecting at once, sends nothing until the promise settles, then connects', async () => {
    let start!: () => void;
    const startAfter = new Promise<void>((resolve) => (start = resolve));
    const log = new TrafficLog();
    const manager = new ConnectionManager({ log, secrets: new SecretRegistry(), fetch, startAfter });
    managers.push(manager);
    const applied = manager.apply(servers({ quick: fast.url, late: slow.url }));
    await new Promise((resolve) => setTimeout(resolve, SLOW_MS * 2));
    expect(manager.getSnapshot().servers.map((s) => [s.name, s.status])).toEqual([
      ['quick', 'connecting'],
      ['late', 'connecting'],
    ]);
    expect(log.getSnapshot().exchanges).toEqual([]);
    start();
    await applied;
    expect(manager.getSnapshot().servers.map((s) => s.status)).toEqual(['connected', 'connected']);
    expect(log.getSnapshot().exchanges.length).toBeGreaterThan(0);
  });

  it('a server disconnected while held never connects', async () => {
    let start!: () => void;
    const startAfter = new Promise<void>((resolve) => (start = resolve));
    const log = new TrafficLog();
    const manager = new ConnectionManager({ log, secrets: new SecretRegistry(), fetch, startAfter });
    managers.push(manager);
    const applied = manager.apply(servers({ quick: fast.url }));
    await expect.poll(() => manager.get('quick')?.getState().status).toBe('connecting');
    await manager.disconnect('quick');
    start();
    await applied;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(manager.get('quick')?.getState().status).toBe('idle');
    expect(log.getSnapshot().exchanges).toEqual([]);
  });
});

describe('the secret registry', () => {
  it('learns every configured header value and URL secret from the registry alone, so the log holds neither', async () => {
    const log = new TrafficLog();
    const secrets = new SecretRegistry();
    const manager = new ConnectionManager({ log, secrets, fetch });
    managers.push(manager);
    const parsed = parseMcpConfig(
      JSON.stringify({ mcpServers: { tenant: { url: `${fast.url}?token=url-token-4321`, headers: { 'X-Tenant': 'tenant-value-123' } } } }),
    );
    await manager.apply(parsed.config!.servers);
    expect(manager.getSnapshot().servers[0]?.status).toBe('connected');
    expect(secrets.values()).toEqual(expect.arrayContaining(['tenant-value-123', 'url-token-4321']));
    const recorded = JSON.stringify(log.getSnapshot().exchanges.filter((exchange) => exchange.source === 'tenant'));
    expect(recorded).toContain('x-tenant');
    expect(recorded).not.toContain('tenant-value-123');
    expect(recorded).not.toContain('url-token-4321');
  });
});
