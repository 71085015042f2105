/**
 * The composition end to end in Node: real MCP servers (weather, 2025 era with sessions; calendar,
 * 2026-07-28 era), the scripted model server, the in-memory backend. What the app renders is
 * exactly what these services do.
 */
import { MemoryBackend } from './shared/memory-backend';
import { memoryStorage } from './shared/key-value-storage';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { start as startCalendar } from '../../e2e/servers/calendar.mjs';
import { start as startModel, type ModelServerHandle } from '../../e2e/servers/model-server.mjs';
import { start as startWeather, type RunningServer } from '../../e2e/servers/weather.mjs';
import type { ToolCallItem } from './agent';
import { CONFIG_STORAGE_KEY } from './config';
import { createServices, startServices, type Services } from './composition';
import { requestBodyOf } from './traffic';

let weather: RunningServer;
let calendar: RunningServer;
let model: ModelServerHandle;
const built: Services[] = [];

beforeAll(async () => {
  [weather, calendar, model] = await Promise.all([startWeather(), startCalendar(), startModel({ port: 0, chunkDelayMs: 1 })]);
});
afterEach(async () => {
  for (const services of built.splice(0)) {
    services.persistence.stop();
    await services.connections.disconnectAll();
  }
  model.reset();
});
afterAll(async () => {
  await Promise.all([weather.close(), calendar.close(), model.close()]);
});

const TOKEN = 'Bearer composition-secret';

/** The mcp.json of both servers; the weather entry carries a bearer token. */
function configText(servers: { weather?: string; calendar?: string }): string {
  const entries: Record<string, unknown> = {};
  if (servers.weather) entries['weather'] = { url: servers.weather, headers: { Authorization: TOKEN } };
  if (servers.calendar) entries['calendar'] = { url: servers.calendar };
  return JSON.stringify({ mcpServers: entries }, null, 2);
}

function build(backend = new MemoryBackend(), storage = memoryStorage()): Services {
  const services = createServices({ backend, storage });
  built.push(services);
  return services;
}

const mcpToolNames = (services: Services, server: string): string[] =>
  services.registry
    .getSnapshot()
    .tools.filter((tool) => tool.origin === 'mcp' && tool.server === server)
    .map((tool) => tool.publicName)
    .sort();

describe('createServices', () => {
  it('connects the configured servers and offers their tools, beside the local reminder tool', async () => {
    const services = build();
    services.config.start({ fragment: configText({ weather: weather.url, calendar: calendar.url }) });
    await services.applyConfig();

    expect(services.connections.getSnapshot().servers.map((server) => [server.name, server.status])).toEqual([
      ['weather', 'connected'],
      ['calendar', 'connected'],
    ]);
    expect(mcpToolNames(services, 'weather')).toEqual(['weather_get_alert_tone', 'weather_get_forecast', 'weather_get_radar']);
    expect(mcpToolNames(services, 'calendar')).toEqual(['calendar_create_event', 'calendar_export_calendar', 'calendar_list_events']);
    expect(services.registry.getSnapshot().tools.some((tool) => tool.origin === 'local')).toBe(true);
    // Both wires go to one log: the MCP exchanges of both servers are in it.
    const sources = new Set(services.log.getSnapshot().exchanges.map((exchange) => `${exchange.wire}:${exchange.source}`));
    expect(sources).toEqual(new Set(['mcp:weather', 'mcp:calendar']));
  });

  it('withdraws a server’s tools when its connection drops, and when a new config leaves it out', async () => {
    const doomed = await startWeather();
    const services = build();
    services.config.start({ fragment: configText({ weather: doomed.url, calendar: calendar.url }) });
    await services.applyConfig();
    expect(mcpToolNames(services, 'weather')).toHaveLength(3);

    // The server goes away; reconnecting fails, and the model is no longer offered its tools.
    await doomed.close();
    await services.connections.reconnect('weather');
    expect(services.connections.get('weather')?.getState().status).toBe('failed');
    expect(mcpToolNames(services, 'weather')).toEqual([]);
    expect(mcpToolNames(services, 'calendar')).toHaveLength(3);

    services.config.setText(configText({ weather: weather.url }));
    await services.applyConfig();
    expect(mcpToolNames(services, 'weather')).toHaveLength(3);
    expect(mcpToolNames(services, 'calendar')).toEqual([]);
  });

  it('lets the agent call a server’s tool through the registry and the connection, recorded on both wires', async () => {
    const services = build();
    services.config.start({ fragment: configText({ weather: weather.url }) });
    await services.applyConfig();
    services.policies.setPolicy('weather', 'get_forecast', 'allow');
    services.session.setSettings({ provider: 'openai', model: 'scripted-model', baseUrl: `${model.url}/v1`, apiKey: 'sk-composition-key' });
    model.setScript([{ toolCalls: [{ name: 'weather_get_forecast', input: { city: 'Paris', days: 1 } }] }, { echoToolResults: true }]);

    await services.session.send('Weather in Paris?');

    const call = services.session.getSnapshot().items.find((item): item is ToolCallItem => item.kind === 'tool-call');
    expect(call).toMatchObject({ server: 'weather', remoteName: 'get_forecast', status: 'done' });
    expect(JSON.stringify(call?.mcpResult)).toContain('Paris');
    expect(JSON.stringify(call?.modelResult)).toContain('Paris');
    const answer = services.session.getSnapshot().items.findLast((item) => item.kind === 'assistant');
    expect(answer?.kind === 'assistant' && answer.text).toContain('Tool results seen (1)');
    const exchanges = services.log.getSnapshot().exchanges;
    const toolCall = exchanges.find((exchange) => exchange.wire === 'mcp' && exchange.requestBody?.includes('"tools/call"'));
    expect(toolCall?.status).toBe(200);
    expect(exchanges.filter((exchange) => exchange.wire === 'model')).toHaveLength(2);
    // The MCP server's token and the model key were registered as secrets: the log has neither.
    const logged = JSON.stringify(services.log.getSnapshot());
    expect(logged).not.toContain('composition-secret');
    expect(logged).not.toContain('sk-composition-key');
  });

  it('plays the scripted demo scene in the page: get_forecast on the weather server, add_reminder locally, recorded on the model wire, no model request on the network', async () => {
    const network: string[] = [];
    const services = createServices({
      baseFetch: (input, init) => {
        network.push(String(input instanceof Request ? input.url : input));
        return fetch(input, init);
      },
      storage: memoryStorage(),
    });
    built.push(services);
    services.config.start({ fragment: configText({ weather: weather.url }) });
    await services.applyConfig();
    services.session.setSettings({ provider: 'demo', model: 'glassbox-demo-script', baseUrl: 'https://demo-model.invalid/openai/v1' });
    // The approval gate stays in the way: the person (here, this listener) allows each call once.
    const approved = new Set<string>();
    services.session.subscribe(() => {
      for (const item of services.session.getSnapshot().items) {
        if (item.kind === 'tool-call' && item.status === 'awaiting-approval' && !approved.has(item.id)) {
          approved.add(item.id);
          services.session.approve(item.id, 'once');
        }
      }
    });

    await services.session.send("What's the weather in Paris, and add a reminder to take an umbrella");

    const calls = services.session.getSnapshot().items.filter((item): item is ToolCallItem => item.kind === 'tool-call');
    expect(calls.map((call) => [call.publicName, call.origin, call.status, call.decision])).toEqual([
      ['weather_get_forecast', 'mcp', 'done', 'allowed-once'],
      ['add_reminder', 'local', 'done', 'allowed-once'],
    ]);
    const forecastText = JSON.stringify(calls[0]?.modelResult);
    const answer = services.session.getSnapshot().items.findLast((item) => item.kind === 'assistant');
    expect(answer?.kind === 'assistant' && answer.text).toContain('Here is what the weather server said about Paris');
    expect(forecastText).toContain('Paris');
    expect(services.reminders.getSnapshot().map((reminder) => reminder.text)).toEqual(['Take an umbrella']);
    const modelExchanges = services.log.getSnapshot().exchanges.filter((exchange) => exchange.wire === 'model');
    expect(modelExchanges.map((exchange) => [exchange.source, exchange.url, exchange.status])).toEqual(
      Array.from({ length: 3 }, () => ['demo', 'https://demo-model.invalid/openai/v1/chat/completions', 200]),
    );
    expect(modelExchanges[2]?.requestBodyParts).toBeDefined();
    expect(requestBodyOf(modelExchanges[2]!)).toContain('"role":"tool"');
    expect(network.filter((url) => url.includes('demo-model.invalid'))).toEqual([]);
    expect(network.length).toBeGreaterThan(0);
  });

  it('start-up loads the config schema: a problem only the schema finds is shown after startServices, not before', async () => {
    const services = createServices();
    services.config.setText(JSON.stringify({ mcpServers: { weather: { url: weather.url, timeout: 'soon' } } }));
    const codes = () => services.config.current().problems.map((problem) => problem.code);
    expect(codes()).not.toContain('bad-timeout');
    services.config.setText('{}');
    await startServices(services, { fragment: JSON.stringify({ mcpServers: { weather: { url: weather.url, timeout: 'soon' } } }) });
    expect(codes()).toContain('bad-timeout');
    await services.connections.disconnectAll();
  });

  it('saves the config (secrets stripped), the conversation and the traffic; a new page restores them before it connects', async () => {
    const backend = new MemoryBackend();
    const storage = memoryStorage();
    const services = build(backend, storage);
    const first = await startServices(services, { fragment: configText({ calendar: calendar.url, weather: weather.url }) });
    expect(first.configSource).toBe('fragment');
    await first.connected;
    services.session.setSettings({ provider: 'anthropic', model: 'scripted-model', baseUrl: model.url, apiKey: 'sk-composition-key' });
    model.setScript([{ text: 'Hello from the script.' }]);
    await services.session.send('Hello?');
    await services.persistence.flush();
    const savedExchanges = services.log.getSnapshot().exchangeCount;

    const saved = storage.getItem(CONFIG_STORAGE_KEY);
    expect(saved).toContain(calendar.url);
    expect(saved).not.toContain('composition-secret');

    // A reload: new services over the same backend and storage.
    const reloaded = build(backend, storage);
    const second = await startServices(reloaded);
    expect(second.restored.problems).toEqual([]);
    expect(second.configSource).toBe('storage');
    expect(reloaded.config.getSnapshot().text).toBe(saved);
    const texts = reloaded.session
      .getSnapshot()
      .items.flatMap((item) => (item.kind === 'user' || item.kind === 'assistant' ? [item.text] : []));
    expect(texts).toEqual(['Hello?', 'Hello from the script.']);
    await second.connected;
    expect(reloaded.connections.getSnapshot().servers.map((server) => server.status)).toEqual(['connected', 'connected']);
    // The restored traffic is still there, followed by the new connects: restoring came first.
    const exchanges = reloaded.log.getSnapshot().exchanges;
    expect(exchanges.length).toBeGreaterThan(savedExchanges);
    expect(exchanges.slice(0, savedExchanges).some((exchange) => exchange.wire === 'model')).toBe(true);
    expect(exchanges.slice(savedExchanges).every((exchange) => exchange.wire === 'mcp')).toBe(true);

    // Without localStorage (blocked, or cleared), the session's copy of the config is used.
    const withoutStorage = build(backend);
    const third = await startServices(withoutStorage);
    expect(third.configSource).toBe('restored');
    expect(withoutStorage.config.getSnapshot().text).toBe(saved);
    await third.connected;
  });
});
