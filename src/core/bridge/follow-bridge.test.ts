/**
 * Following the bridge, step by step, with a bridge store and connections that only record what is
 * asked of them (the whole path against the real glassbox-bridge is composition-bridge.test.ts).
 */
import { describe, expect, it } from 'vitest';
import type { ServerConfig } from '../config';
import type { Diagnosis } from '../mcp';
import { Listeners } from '../shared/listeners';
import type { BridgeServerInfo } from './bridge-client';
import type { BridgeSnapshot } from './bridge-store';
import { followBridge } from './follow-bridge';

const URL = 'http://127.0.0.1:4810';
const STDIO: ServerConfig[] = [{ name: 'memory', status: 'needs-local-process', command: 'npx', args: ['memory'] } as ServerConfig];

function child(name: string, status: BridgeServerInfo['status'], exitCode: number | null = null): BridgeServerInfo {
  return {
    name,
    status,
    pid: 1,
    exitCode,
    signal: null,
    stderrTail: ['bye'],
    command: 'npx',
    args: [name],
    endpoint: `/servers/${name}/mcp`,
  };
}

/** A bridge whose snapshot the test sets, and connections that record applies, losses and reconnects. */
function setup(states: Record<string, { status: string; url?: string }> = {}) {
  const listeners = new Listeners();
  let snapshot: BridgeSnapshot = { status: 'unpaired', servers: [], listed: false, skipped: [] };
  const bridge = {
    getSnapshot: () => snapshot,
    subscribe: listeners.subscribe,
    routeView: () => ({
      appUrl: 'http://127.0.0.1:5173/',
      ...(snapshot.url && { pairing: { url: snapshot.url, token: 'tok' } }),
      ...(snapshot.listed && { servers: snapshot.servers }),
    }),
  };
  const set = (change: Partial<BridgeSnapshot>) => {
    snapshot = { ...snapshot, ...change };
    listeners.notify();
  };
  const applied: Array<readonly ServerConfig[]> = [];
  const lost: Array<[string, Diagnosis]> = [];
  const reconnected: string[] = [];
  const connections = {
    apply: async (servers: readonly ServerConfig[]) => void applied.push(servers),
    get: (name: string) => (states[name] ? ({ getState: () => states[name] } as never) : undefined),
    getSnapshot: () => ({ servers: Object.entries(states).map(([name, state]) => ({ name, ...state })) }) as never,
    lost: async (name: string, diagnosis: Diagnosis) => void lost.push([name, diagnosis]),
    reconnect: async (name: string) => void reconnected.push(name),
  };
  const { applyConfig } = followBridge({ bridge, connections, servers: () => STDIO });
  return { set, applyConfig, applied, lost, reconnected };
}

describe('followBridge', () => {
  it('routes the stdio entries through the paired bridge, again only when what routing depends on changes, and only once applied', async () => {
    const { set, applyConfig, applied } = setup();
    set({ url: URL, status: 'connecting' });
    expect(applied).toHaveLength(0);
    await applyConfig();
    expect(applied).toHaveLength(1);
    expect(applied[0]![0]).toMatchObject({ name: 'memory', status: 'needs-local-process' });
    set({ status: 'up' });
    expect(applied).toHaveLength(1);
    set({ listed: true, servers: [child('memory', 'running')] });
    expect(applied).toHaveLength(2);
    expect(applied[1]![0]).toMatchObject({ name: 'memory', url: `${URL}/servers/memory/mcp` });
    set({ servers: [child('memory', 'running')] });
    expect(applied).toHaveLength(2);
  });

  it('fails the card of a server whose child exits, once, saying so', () => {
    const { set, lost } = setup({ memory: { status: 'connected', url: `${URL}/servers/memory/mcp` } });
    set({ url: URL, status: 'up', listed: true, servers: [child('memory', 'running')] });
    set({ servers: [child('memory', 'exited', 3)] });
    set({ servers: [child('memory', 'exited', 3)] });
    expect(lost.map(([name, diagnosis]) => [name, diagnosis.code])).toEqual([['memory', 'process-exited']]);
  });

  it('reconnects the bridge’s failed servers when it answers again', () => {
    const { set, reconnected } = setup({
      memory: { status: 'failed', url: `${URL}/servers/memory/mcp` },
      remote: { status: 'failed', url: 'https://example.com/mcp' },
    });
    set({ url: URL, status: 'up' });
    set({ status: 'down' });
    expect(reconnected).toEqual([]);
    set({ status: 'up' });
    expect(reconnected).toEqual(['memory']);
  });
});
