import { describe, expect, it } from 'vitest';
import type { Services } from '../../core/composition';
import type { ServerState } from '../../core/mcp';
import { memoryStorage } from '../../core/shared';
import { FirstSnapshots } from '../../core/snapshot';
import { trackFirstSnapshots } from './snapshots';

const state = (status: ServerState['status'], version: string): ServerState =>
  ({
    name: 'weather',
    status,
    url: 'http://127.0.0.1:3000/mcp?api_key=tok-123',
    serverInfo: { name: 'weather', version },
    era: 'legacy',
    capabilities: { tools: {} },
    tools: [{ name: 'get_forecast', description: 'Uses key tok-123.', inputSchema: { type: 'object' }, problems: [] }],
  }) as unknown as ServerState;

/** The connection manager's two methods the tracker uses, over a list the test moves. */
function fakeServices() {
  const listeners = new Set<() => void>();
  let servers: ServerState[] = [];
  const services = {
    connections: {
      getSnapshot: () => ({ servers }),
      subscribe: (listener: () => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
    secrets: { redact: (text: string) => text.replaceAll('tok-123', '[redacted]') },
  } as unknown as Services;
  const set = (next: ServerState[]) => {
    servers = next;
    for (const listener of listeners) listener();
  };
  return { services, set, listeners };
}

describe('trackFirstSnapshots', () => {
  it('keeps each server as it was when first seen connected, once, with its secrets replaced', () => {
    const storage = memoryStorage();
    const { services, set, listeners } = fakeServices();
    const stop = trackFirstSnapshots(services, storage);
    set([state('connecting', '1.0.0')]);
    expect(new FirstSnapshots(storage).get('weather')).toBeUndefined();
    set([state('connected', '1.0.0')]);
    set([state('connected', '2.0.0')]);
    const kept = new FirstSnapshots(storage).get('weather');
    expect(kept?.server.version).toBe('1.0.0');
    expect(JSON.stringify(kept)).not.toContain('tok-123');
    expect(kept?.tools[0]?.description).toBe('Uses key [redacted].');
    stop();
    expect(listeners.size).toBe(0);
  });
});
