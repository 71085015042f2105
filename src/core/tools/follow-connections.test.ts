/**
 * The tools follow real MCP connections (the weather test server): a connected server's tools are
 * offered and observed once per list, withdrawn when it goes; the guard scans what the connected
 * servers say; `use_skill` follows the offers.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { start as startWeather } from '../../../e2e/servers/weather.mjs';
import type { RunningServer } from '../../../e2e/servers/weather.mjs';
import { parseMcpConfig } from '../config/parse-mcp-config';
import { GuardStore } from '../guard';
import { ConnectionManager } from '../mcp';
import { SecretRegistry, TrafficLog } from '../traffic';
import { followConnections, offerSkills } from './follow-connections';
import { memoryStorage } from '../shared/key-value-storage';
import { SkillOffers } from './skill-tool';
import { PolicyStore } from './tool-policy';
import { ToolRegistry } from './tool-registry';

let weather: RunningServer;
let connections: ConnectionManager;

beforeAll(async () => {
  weather = await startWeather();
});
afterEach(async () => {
  await connections?.disconnectAll();
});
afterAll(async () => {
  await weather.close();
});

function followed() {
  connections = new ConnectionManager({ log: new TrafficLog(), secrets: new SecretRegistry(), fetch });
  const registry = new ToolRegistry();
  const policies = new PolicyStore({ storage: memoryStorage() });
  const skillOffers = new SkillOffers();
  const guard = new GuardStore();
  followConnections({ connections, registry, policies, skillOffers, guard });
  return { registry, policies, skillOffers, guard };
}

const config = (servers: Record<string, string>) =>
  parseMcpConfig(JSON.stringify({ mcpServers: Object.fromEntries(Object.entries(servers).map(([name, url]) => [name, { url }])) })).config!
    .servers;

describe('followConnections', () => {
  it('offers a connected server’s tools, converting each list once, and withdraws them when it goes', async () => {
    const { registry, policies } = followed();
    const setServerTools = vi.spyOn(registry, 'setServerTools');
    const observeTools = vi.spyOn(policies, 'observeTools');
    await connections.apply(config({ north: weather.url, south: weather.url }));
    expect(
      registry.resolve('get_forecast') ?? registry.getSnapshot().tools.find((tool) => tool.remoteName === 'get_forecast'),
    ).toBeDefined();
    expect(new Set(registry.getSnapshot().tools.map((tool) => tool.server))).toEqual(new Set(['north', 'south']));
    // Many state changes (two servers connecting, their streams opening), one conversion per server's list.
    expect(setServerTools.mock.calls.map(([server]) => server).sort()).toEqual(['north', 'south']);
    expect(observeTools.mock.calls.map(([server]) => server).sort()).toEqual(['north', 'south']);

    await connections.apply(config({ north: weather.url }));
    expect(new Set(registry.getSnapshot().tools.map((tool) => tool.server))).toEqual(new Set(['north']));
    expect(setServerTools).toHaveBeenCalledTimes(2);
  });

  it('hands the guard the connected servers’ text and the local tools’ names', async () => {
    const { guard } = followed();
    const update = vi.spyOn(guard, 'update');
    await connections.apply(config({ north: weather.url }));
    const [servers, localTools] = update.mock.calls.at(-1)!;
    expect(servers.map((server) => server.server)).toEqual(['north']);
    expect(servers[0]!.tools.map((tool) => tool.name)).toContain('get_forecast');
    expect(localTools).toEqual([]);
  });
});

describe('offerSkills', () => {
  it('registers use_skill while a skill is offered, and withdraws it when none is left', () => {
    const registry = new ToolRegistry();
    const offers = new SkillOffers();
    offerSkills(offers, registry, { get: () => undefined });
    expect(registry.resolve('use_skill')).toBeUndefined();
    offers.offer({ server: 'library', uri: 'skill://review/SKILL.md', name: 'review', description: 'Review a change.' });
    expect(registry.resolve('use_skill')).toBeDefined();
    offers.keepServers(new Set());
    expect(registry.resolve('use_skill')).toBeUndefined();
  });
});
