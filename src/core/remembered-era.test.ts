/**
 * The era remembered per server URL, through the composition against the real demo servers: a
 * 2025 server is probed once, then connected without the probe; a 2026 server always discovers;
 * a server that became 2026-only still connects, probing again.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { start as startCalendar } from '../../e2e/servers/calendar.mjs';
import { start as startWeather } from '../../e2e/servers/weather.mjs';
import type { RunningServer } from '../../e2e/servers/weather.mjs';
import { createServices } from './composition';
import type { KeyValueStorage } from './config';
import { parseMcpConfig } from './config/parse-mcp-config';
import { ERA_MEMORY_KEY, REMEMBERED_ERA_FAILED_NOTE } from './mcp';

function memoryStorage(): KeyValueStorage {
  const items = new Map<string, string>();
  return { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) };
}

describe('real connects', () => {
  const running: RunningServer[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((server) => server.close()));
  });

  /** One page visit: fresh services on the same storage, connected to `url`; the requests it sent by method, and the notes. */
  async function visit(
    storage: KeyValueStorage,
    url: string,
  ): Promise<{ era: string | undefined; status: string; methods: string[]; notes: string[] }> {
    const services = createServices({ baseFetch: fetch, storage });
    await services.connections.apply(parseMcpConfig(JSON.stringify({ mcpServers: { server: { url } } })).config!.servers);
    const state = services.connections.getSnapshot().servers[0]!;
    const { messages, messageCount, exchanges, exchangeCount } = services.log.getSnapshot();
    const methods = messages
      .slice(0, messageCount)
      .filter((message) => message.direction === 'out')
      .map((message) => message.method);
    const notes = exchanges.slice(0, exchangeCount).flatMap((exchange) => (exchange.note ? [exchange.note] : []));
    await services.connections.disconnectAll();
    return { era: state.era, status: state.status, methods, notes };
  }

  it('probes a 2025 server once; the next visit connects straight in its era', async () => {
    const weather = await startWeather();
    running.push(weather);
    const storage = memoryStorage();
    const first = await visit(storage, weather.url);
    expect(first).toMatchObject({ status: 'connected', era: 'legacy' });
    expect(first.methods.slice(0, 2)).toEqual(['server/discover', 'initialize']);
    const second = await visit(storage, weather.url);
    expect(second).toMatchObject({ status: 'connected', era: 'legacy' });
    expect(second.methods).not.toContain('server/discover');
    expect(second.methods[0]).toBe('initialize');
  });

  it('remembers nothing for a 2026 server: every visit discovers', async () => {
    const calendar = await startCalendar();
    running.push(calendar);
    const storage = memoryStorage();
    for (let round = 0; round < 2; round++) {
      const seen = await visit(storage, calendar.url);
      expect(seen).toMatchObject({ status: 'connected', era: 'modern' });
      expect(seen.methods[0]).toBe('server/discover');
    }
    expect(JSON.parse(storage.getItem(ERA_MEMORY_KEY) ?? '{}')).toEqual({});
  });

  it('a server upgraded to 2026-only still connects: the remembered era fails, is forgotten, and the probe follows', async () => {
    const storage = memoryStorage();
    const weather = await startWeather();
    const url = weather.url;
    expect((await visit(storage, url)).era).toBe('legacy');
    await weather.close();
    // Let the client's pool see the old server's sockets close (else the next request may take a dead one).
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The same address, now a strict 2026 server.
    const upgraded = await startCalendar({ port: Number(new URL(url).port), legacy: 'reject' });
    running.push(upgraded);
    const after = await visit(storage, url);
    expect(after).toMatchObject({ status: 'connected', era: 'modern' });
    expect(after.methods.slice(0, 2)).toEqual(['initialize', 'server/discover']);
    expect(after.notes).toContain(REMEMBERED_ERA_FAILED_NOTE);
    expect(JSON.parse(storage.getItem(ERA_MEMORY_KEY) ?? '{}')).toEqual({});
    // And the visit after that discovers straight away.
    expect((await visit(storage, url)).methods[0]).toBe('server/discover');
  });
});
