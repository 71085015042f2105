import { memoryStorage } from '../shared/key-value-storage';
import { describe, expect, it } from 'vitest';
import { PolicyStore } from './tool-policy';
import { ToolRegistry } from './tool-registry';

describe('PolicyStore: tools switched off (not offered to the model)', () => {
  it('offers every tool until the person switches one off, and back on', () => {
    const store = new PolicyStore({ storage: memoryStorage() });
    let changes = 0;
    store.subscribe(() => changes++);
    expect(store.isOffered('weather', 'get_forecast')).toBe(true);
    store.setOffered('weather', 'get_forecast', false);
    store.setOffered('weather', 'get_forecast', false);
    expect(changes).toBe(1);
    expect(store.isOffered('weather', 'get_forecast')).toBe(false);
    expect(store.isOffered('calendar', 'get_forecast')).toBe(true);
    expect(store.getSnapshot().notOffered).toEqual([{ server: 'weather', tool: 'get_forecast' }]);
    store.setOffered('weather', 'get_forecast', true);
    expect(store.isOffered('weather', 'get_forecast')).toBe(true);
    expect(store.getSnapshot().notOffered).toEqual([]);
  });

  it('keeps the call policy of a tool switched off, persists the choice, and forgets it with the server', () => {
    const storage = memoryStorage();
    const store = new PolicyStore({ storage });
    store.setPolicy('weather', 'get_forecast', 'deny');
    store.setOffered('weather', 'get_forecast', false);
    const reloaded = new PolicyStore({ storage });
    expect(reloaded.isOffered('weather', 'get_forecast')).toBe(false);
    expect(reloaded.effectivePolicy('weather', 'get_forecast')).toBe('deny');
    expect(reloaded.getSnapshot().problems).toEqual([]);
    reloaded.forgetServer('weather');
    expect(reloaded.isOffered('weather', 'get_forecast')).toBe(true);
  });

  it('reads stored state from before tools could be switched off, and skips bad entries', () => {
    const storage = memoryStorage();
    storage.setItem(
      'glassbox.tool-policies.v1',
      JSON.stringify({ version: 1, policies: [], trustReadOnlyHints: [], notOffered: [{ server: 'a', tool: 'b' }, { server: 1 }] }),
    );
    const store = new PolicyStore({ storage });
    expect(store.isOffered('a', 'b')).toBe(false);
    expect(store.getSnapshot().problems).toHaveLength(1);
  });

  it('is what leaves a tool out of the registry definitions of a model request', () => {
    const store = new PolicyStore({ storage: memoryStorage() });
    const registry = new ToolRegistry();
    registry.setServerTools('weather', [
      { name: 'get_forecast', description: 'Forecast', inputSchema: { type: 'object' } },
      { name: 'get_alerts', description: 'Alerts', inputSchema: { type: 'object' } },
    ]);
    store.setOffered('weather', 'get_alerts', false);
    const offered = registry.definitionsFor('anthropic', (tool) => store.isOffered(tool.server, tool.remoteName));
    expect(offered.map((definition) => definition.name)).toEqual(['weather_get_forecast']);
  });
});
