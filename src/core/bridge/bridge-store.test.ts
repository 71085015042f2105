import { afterEach, describe, expect, it } from 'vitest';
import { BridgeStore } from './bridge-store';
import type { BridgeKeeper } from './bridge-store';
import type { BridgePairing } from './pair-link';
import { encodeBridgeFragment } from './pair-link';

const PAIRING: BridgePairing = { url: 'http://127.0.0.1:4810', token: 'tok_0123456789abcdefghij' };

/** A keeper in memory that records what it was asked. */
function memoryKeeper(): BridgeKeeper & { kept: BridgePairing | undefined; on: boolean } {
  const keeper = {
    kept: undefined as BridgePairing | undefined,
    on: false,
    remembering: () => keeper.on,
    setRemembering: (on: boolean) => void (keeper.on = on),
    load: async () => keeper.kept,
    save: async (pairing: BridgePairing) => void (keeper.kept = pairing),
    forget: async () => void (keeper.kept = undefined),
  };
  return keeper;
}

/** A fetch that answers /servers with one server, recording each request's URL and Authorization header. */
function bridgeFetch(seen: Array<{ url: string; authorization: string | null }>): typeof fetch {
  return async (input, init) => {
    seen.push({ url: String(input), authorization: new Headers(init?.headers).get('authorization') });
    return Response.json({
      servers: [
        {
          name: 'memory',
          status: 'idle',
          pid: null,
          exitCode: null,
          signal: null,
          stderrTail: [],
          command: 'npx',
          args: ['server-memory'],
          endpoint: '/servers/memory/mcp',
        },
      ],
      skipped: [],
    });
  };
}

const stores: BridgeStore[] = [];
afterEach(() => stores.splice(0).forEach((store) => store.stop()));
function build(options: Partial<ConstructorParameters<typeof BridgeStore>[0]> = {}): BridgeStore {
  const store = new BridgeStore({
    fetch: bridgeFetch([]),
    appUrl: 'http://127.0.0.1:5173/',
    pageOrigin: 'http://127.0.0.1:5173',
    ...options,
  });
  stores.push(store);
  return store;
}

describe('BridgeStore', () => {
  it('pairs from a link: lists the servers with the bearer token, registers the token as a secret, and never shows it', async () => {
    const seen: Array<{ url: string; authorization: string | null }> = [];
    const secrets: string[] = [];
    const store = build({ fetch: bridgeFetch(seen), registerSecret: (value) => secrets.push(value) });
    expect(await store.pairFromFragment(encodeBridgeFragment(PAIRING))).toBe(true);
    expect(store.getSnapshot()).toMatchObject({ url: PAIRING.url, status: 'up', listed: true, servers: [{ name: 'memory' }] });
    expect(seen[0]).toEqual({ url: `${PAIRING.url}/servers`, authorization: `Bearer ${PAIRING.token}` });
    expect(secrets).toEqual([PAIRING.token]);
    expect(JSON.stringify(store.getSnapshot())).not.toContain(PAIRING.token);
  });

  it('refuses a bad link, pairing nothing and saying why', async () => {
    const store = build();
    expect(
      await store.pairFromFragment('#bridge=eyJ2IjoxLCJ1cmwiOiJodHRwOi8vZXZpbC5leGFtcGxlOjgwIiwidG9rZW4iOiJhYmNkZWZnaGlqa2xtbm9wcXIifQ'),
    ).toBe(false);
    expect(store.getSnapshot().status).toBe('unpaired');
    expect(store.getSnapshot().pairError).toMatch(/not loopback/);
  });

  it('a public page that cannot reach a loopback bridge is told about local network access', async () => {
    const store = build({
      fetch: async () => Promise.reject(new TypeError('Failed to fetch')),
      appUrl: 'https://glassbox.example/',
      pageOrigin: 'https://glassbox.example',
      localNetworkPermission: async () => 'denied',
    });
    await store.pair(PAIRING);
    expect(store.getSnapshot()).toMatchObject({
      status: 'down',
      problem: { code: 'local-network-access', title: 'Local network access is blocked for this page' },
    });
  });

  it('remembers the pairing only when asked, forgets it when unticked, and pairs again from it', async () => {
    const keeper = memoryKeeper();
    const store = build({ keeper });
    await store.pair(PAIRING);
    expect(keeper.kept).toBeUndefined();
    expect(store.getSnapshot().remember).toBe(false);
    await store.setRemember(true);
    expect(keeper.kept).toEqual(PAIRING);
    const next = build({ keeper });
    expect(await next.restore()).toBe(true);
    expect(next.getSnapshot()).toMatchObject({ url: PAIRING.url, status: 'up', remember: true });
    await next.setRemember(false);
    expect(keeper.kept).toBeUndefined();
    expect(await build({ keeper }).restore()).toBe(false);
  });
});
