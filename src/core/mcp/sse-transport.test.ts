import { afterEach, describe, expect, it } from 'vitest';
import { start as startLegacySse } from '../../../e2e/servers/legacy-sse.mjs';
import { start as startWeather } from '../../../e2e/servers/weather.mjs';
import { useServer } from '../../../e2e/servers/test-kit';
import { parseMcpConfig } from '../config/parse-mcp-config';
import { SecretRegistry, TrafficLog } from '../traffic';
import { ConnectionManager } from './connection-manager';
import { SSE_FALLBACK_NOTE } from './open-transport';

const { server: legacy } = useServer(startLegacySse);
const { server: weather } = useServer(startWeather);
const managers: ConnectionManager[] = [];
afterEach(async () => {
  await Promise.allSettled(managers.splice(0).map((manager) => manager.disconnectAll()));
});

/** A manager over one log, connected to the servers of an mcp.json text. */
async function connect(config: object) {
  const log = new TrafficLog();
  const manager = new ConnectionManager({ log, secrets: new SecretRegistry(), fetch });
  managers.push(manager);
  await manager.apply(parseMcpConfig(JSON.stringify(config)).config?.servers ?? []);
  const exchanges = (source: string) => log.getSnapshot().exchanges.filter((exchange) => exchange.source === source);
  const methodOf = (body: string | undefined) => (body === undefined ? undefined : (JSON.parse(body) as { method?: string }).method);
  return { manager, log, exchanges, methodOf };
}

describe('the 2024 HTTP+SSE transport', () => {
  it('"type": "sse" goes straight to the GET stream, and its tools list and call, recorded by the tap', async () => {
    const { manager, exchanges, methodOf, log } = await connect({ servers: { old: { type: 'sse', url: legacy().url } } });
    const state = manager.getSnapshot().servers[0];
    expect(state).toMatchObject({ status: 'connected', transport: 'sse', era: 'legacy', serverInfo: { name: 'legacy-sse' } });
    expect(state?.tools.map((tool) => tool.name)).toEqual(['echo', 'add', 'summarize', 'confirm_order']);
    const result = await manager.get('old')?.callTool('add', { a: 2, b: 40 });
    expect(result?.content).toEqual([{ type: 'text', text: '42' }]);
    const recorded = exchanges('old');
    // No POST to the SSE URL itself: the stream first, then every message to the endpoint it named.
    expect(recorded[0]).toMatchObject({ method: 'GET', url: legacy().url, status: 200 });
    expect(recorded[0]?.sseEvents?.[0]).toMatchObject({ event: 'endpoint' });
    const posts = recorded.filter((exchange) => exchange.method === 'POST');
    expect(posts.map((exchange) => methodOf(exchange.requestBody))).toEqual([
      'initialize',
      'notifications/initialized',
      'tools/list',
      'tools/call',
    ]);
    expect(posts.every((exchange) => exchange.url.includes('/messages?sessionId=') && exchange.status === 202)).toBe(true);
    // The answers come on the stream and are recorded as messages of the GET exchange.
    const answer = log.getSnapshot().messages.find((message) => message.direction === 'in' && message.method === 'tools/call');
    expect(answer?.exchangeId).toBe(recorded[0]?.id);
  });

  it('a streamable HTTP address answered 405 at initialize falls back to GET-SSE, noted on the wire', async () => {
    const { manager, exchanges, methodOf } = await connect({ servers: { old: { url: legacy().url } } });
    expect(manager.getSnapshot().servers[0]).toMatchObject({ status: 'connected', transport: 'sse', era: 'legacy' });
    const recorded = exchanges('old');
    expect(recorded.slice(0, 3).map((exchange) => [exchange.method, methodOf(exchange.requestBody) ?? null, exchange.status])).toEqual([
      ['POST', 'server/discover', 405],
      ['POST', 'initialize', 405],
      ['GET', null, 200],
    ]);
    expect(recorded[1]?.note).toBe(SSE_FALLBACK_NOTE);
    expect((await manager.get('old')?.callTool('echo', { message: 'hi' }))?.content).toEqual([{ type: 'text', text: 'Echo: hi' }]);
  });

  it('a streamable HTTP server stays on streamable HTTP; a 404 address tries SSE once and keeps its first diagnosis', async () => {
    const missing = weather().url.replace(/\/mcp$/, '/nothing-here');
    const { manager, exchanges } = await connect({ servers: { good: { url: weather().url }, gone: { url: missing } } });
    const [good, gone] = manager.getSnapshot().servers;
    expect(good).toMatchObject({ status: 'connected', transport: 'streamable-http' });
    expect(exchanges('good').some((exchange) => exchange.note === SSE_FALLBACK_NOTE)).toBe(false);
    expect(gone).toMatchObject({ status: 'failed', diagnosis: { code: 'http-error', status: 404 } });
    expect(gone?.diagnosis?.detail).toContain('2024 HTTP+SSE transport');
    expect(exchanges('gone').filter((exchange) => exchange.method === 'GET')).toHaveLength(1);
  });
});
