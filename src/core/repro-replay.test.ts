/**
 * A repro end to end in Node: a session recorded against the real weather (2025 era, sessions) and
 * calendar (2026-07-28) servers with the scripted demo model, written as a repro file (mocks made
 * from its traffic), read back, and replayed with mocks only — the replayed model requests are the
 * recorded ones, byte for byte, and nothing but the mocks is asked.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { start as startCalendar } from '../../e2e/servers/calendar.mjs';
import { start as startWeather, type RunningServer } from '../../e2e/servers/weather.mjs';
import { createServices, type Services } from './composition';
import { buildReproFile, parseOpenedFile, reproMocksOf, serializeReproFile } from './repro';
import { inThreadMockFetch, readReproMocks, replayWithMocks } from './repro-replay';
import { memoryStorage } from './shared';
import { requestBodyOf } from './traffic';
import type { McpMock } from './mock';

let weather: RunningServer;
let calendar: RunningServer;
const built: Services[] = [];

beforeAll(async () => {
  [weather, calendar] = await Promise.all([startWeather(), startCalendar()]);
});
afterEach(async () => {
  for (const services of built.splice(0)) await services.connections.disconnectAll();
});
afterAll(async () => {
  await Promise.all([weather.close(), calendar.close()]);
});

const TOKEN = 'repro-weather-token-123456';

/** Records two turns of the demo scene with both servers; returns the repro file's text. */
async function recordRepro(): Promise<string> {
  const services = createServices({ storage: memoryStorage() });
  built.push(services);
  services.config.setText(
    JSON.stringify({
      mcpServers: { weather: { url: weather.url, headers: { Authorization: `Bearer ${TOKEN}` } }, calendar: { url: calendar.url } },
    }),
  );
  await services.applyConfig();
  services.session.setSettings({ provider: 'demo', model: 'glassbox-demo-script', baseUrl: 'https://demo-model.invalid/openai/v1' });
  services.session.subscribe(() => {
    for (const item of services.session.getSnapshot().items)
      if (item.kind === 'tool-call' && item.status === 'awaiting-approval') services.session.approve(item.id, 'once');
  });
  await services.session.send("What's the weather in Paris, and add a reminder to take an umbrella");
  await services.session.send('What is on my calendar?');
  const traffic = services.log.getSnapshot();
  const { mocks, unmocked } = reproMocksOf(traffic, services.secrets.values());
  expect(unmocked).toEqual([]);
  const { file } = buildReproFile({
    configText: services.config.getSnapshot().text,
    conversation: services.session.exportData(),
    traffic,
    appVersion: 'test',
    now: Date.now(),
    mocks,
  });
  return serializeReproFile(file, (text) => services.secrets.redact(text));
}

describe('replayWithMocks', () => {
  it('replays a repro with its mocks only: the model requests are the recorded ones, byte for byte', async () => {
    const text = await recordRepro();
    expect(text).not.toContain(TOKEN);
    const opened = parseOpenedFile(text);
    expect(opened.kind).toBe('repro');
    expect(opened.problems).toEqual([]);
    expect(opened.mocks.map((mock) => (mock as McpMock).server.entry).sort()).toEqual(['calendar', 'weather']);

    const asked: string[] = [];
    const { mocks } = readReproMocks(opened.mocks);
    const mockFetch = inThreadMockFetch(mocks);
    const replay = replayWithMocks({
      session: opened.session!,
      mocks: opened.mocks,
      mcpFetch: (input, init) => {
        asked.push(new Request(input, init).url);
        return mockFetch(input, init);
      },
    });
    built.push(replay.services);
    const { comparison, problems } = await replay.done;
    expect(problems).toEqual([]);
    expect(comparison.differences).toEqual([]);
    expect(comparison.recorded).toBeGreaterThanOrEqual(4);
    expect(comparison.same).toBe(comparison.recorded);
    expect(comparison.replayed).toBe(comparison.recorded);
    // The MCP side asked only the mocks.
    expect(asked.length).toBeGreaterThan(0);
    expect(new Set(asked.map((url) => new URL(url).hostname))).toEqual(new Set(['weather.mock.invalid', 'calendar.mock.invalid']));
    // The replay's own tool calls went through the mocks and got the recorded results.
    const calls = replay.services.session.getSnapshot().items.filter((item) => item.kind === 'tool-call');
    expect(calls.map((call) => call.kind === 'tool-call' && [call.publicName, call.status])).toEqual(
      opened
        .session!.conversation.items.filter((item) => item.kind === 'tool-call')
        .map((call) => call.kind === 'tool-call' && [call.publicName, 'done']),
    );
  });

  it('names the first request that differs when a mock answers otherwise than recorded', async () => {
    const text = await recordRepro();
    // The weather mock's forecast is changed: the tool result the model sees next differs.
    const opened = parseOpenedFile(text.replace(/Paris/g, 'Lyon'));
    const session = parseOpenedFile(text).session!;
    const replay = replayWithMocks({ session, mocks: opened.mocks });
    built.push(replay.services);
    const { comparison } = await replay.done;
    expect(comparison.differences.length).toBeGreaterThan(0);
    expect(comparison.same).toBeLessThan(comparison.recorded);
    const first = comparison.differences[0]!;
    expect(first.replayed).toContain('Lyon');
    const recordedBodies = session.traffic.exchanges
      .filter((exchange) => exchange.wire === 'model')
      .map((exchange) => requestBodyOf(exchange));
    expect(recordedBodies[first.index - 1]).toContain('Paris');
  });
});
