/**
 * OpenTelemetry through the composition in Node: the weather test server, the scripted model server
 * and a local OTLP/HTTP receiver. The trace sent at the turn's end, the traceparent propagated in
 * the recorded request, and the collector's header kept as a secret.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { start as startModel, type ModelServerHandle } from '../../e2e/servers/model-server.mjs';
import { start as startWeather, type RunningServer } from '../../e2e/servers/weather.mjs';
import { start as startCalendar } from '../../e2e/servers/calendar.mjs';
import type { ToolCallItem } from './agent';
import { createServices, type Services } from './composition';
import { memoryStorage } from './shared/key-value-storage';
import { OTEL_STORAGE_KEY, parseTraceparent } from './trace';
import { turnTraceId } from './trace/trace-ids';
import { requestBodyOf } from './traffic';

type Json = Record<string, unknown>;
type OtlpSpan = { traceId: string; spanId: string; parentSpanId?: string; name: string };

let weather: RunningServer;
let calendar: RunningServer;
let model: ModelServerHandle;
let collector: Server;
let collectorUrl: string;
const received: Array<{ authorization: string | undefined; body: Json }> = [];
const built: Services[] = [];

beforeAll(async () => {
  [weather, calendar, model] = await Promise.all([startWeather(), startCalendar(), startModel({ port: 0, chunkDelayMs: 1 })]);
  collector = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ authorization: req.headers['authorization'], body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Json });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  collectorUrl = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
});
afterEach(async () => {
  for (const services of built.splice(0)) await services.connections.disconnectAll();
  model.reset();
  received.length = 0;
});
afterAll(async () => {
  collector.closeAllConnections();
  await Promise.all([weather.close(), calendar.close(), model.close(), new Promise((resolve) => collector.close(resolve))]);
});

const SECRET = 'otel-node-secret-4242';

async function turnWithTool(propagate: boolean) {
  const storage = memoryStorage();
  const services = createServices({ storage });
  built.push(services);
  services.config.start({ fragment: JSON.stringify({ mcpServers: { weather: { url: weather.url } } }) });
  await services.applyConfig();
  services.policies.setPolicy('weather', 'get_forecast', 'allow');
  expect(services.otel.setEndpoint(collectorUrl)).toBeUndefined();
  expect(services.otel.setHeaders(`Authorization: Bearer ${SECRET}`)).toBeUndefined();
  services.otel.setPropagate(propagate);
  services.session.setSettings({ provider: 'anthropic', model: 'scripted-model', baseUrl: model.url, apiKey: 'sk-trace-key' });
  model.setScript([{ toolCalls: [{ name: 'weather_get_forecast', input: { city: 'Paris', days: 1 } }] }, { text: 'Sunny.' }]);
  await services.session.send('Weather in Paris?');
  await expect.poll(() => services.otel.getSnapshot().lastSend?.state).toBe('sent');
  const mcpBodies = services.log
    .getSnapshot()
    .exchanges.filter((exchange) => exchange.wire === 'mcp')
    .map((exchange) => requestBodyOf(exchange) ?? '');
  return { services, storage, mcpBodies };
}

describe('OpenTelemetry in the composition', () => {
  it('sends the turn as it ends, and the recorded tools/call carries the traceparent of its span', async () => {
    const { services, storage, mcpBodies } = await turnWithTool(true);
    expect(received).toHaveLength(1);
    expect(received[0]!.authorization).toBe(`Bearer ${SECRET}`);
    const spans = (received[0]!.body['resourceSpans'] as Array<{ scopeSpans: Array<{ spans: OtlpSpan[] }> }>)[0]!.scopeSpans[0]!.spans;
    const call = spans.find((span) => span.name === 'tools/call get_forecast')!;
    const parent = spans.find((span) => span.spanId === call.parentSpanId)!;
    expect(parent.name).toBe('chat scripted-model');
    const root = spans.find((span) => span.spanId === parent.parentSpanId)!;
    expect(root.name).toBe('invoke_agent Glassbox');

    const toolsCall = JSON.parse(mcpBodies.find((body) => body.includes('"tools/call"'))!) as { params: { _meta: Json } };
    expect(parseTraceparent(toolsCall.params._meta['traceparent'])).toEqual({ traceId: call.traceId, spanId: call.spanId });
    // Only requests made while the turn ran carry it.
    expect(mcpBodies.find((body) => body.includes('"initialize"'))).not.toContain('traceparent');

    // The collector's header is a secret: registered, never stored, never in a snapshot.
    expect(services.secrets.redact(`Bearer ${SECRET}`)).not.toContain(SECRET);
    expect(storage.data.get(OTEL_STORAGE_KEY)).toBe(JSON.stringify({ endpoint: collectorUrl, propagate: true }));
    expect(JSON.stringify(services.otel.getSnapshot())).not.toContain(SECRET);
    expect(JSON.stringify(services.log.getSnapshot())).not.toContain(SECRET);
  });

  it('propagates on a 2026-07-28 server too, which answers the call as usual', async () => {
    const services = createServices({ storage: memoryStorage() });
    built.push(services);
    services.config.start({ fragment: JSON.stringify({ mcpServers: { calendar: { url: calendar.url } } }) });
    await services.applyConfig();
    services.policies.setPolicy('calendar', 'list_events', 'allow');
    services.otel.setPropagate(true);
    services.session.setSettings({ provider: 'anthropic', model: 'scripted-model', baseUrl: model.url, apiKey: 'sk-trace-key' });
    model.setScript([{ toolCalls: [{ name: 'calendar_list_events', input: { date: '2026-12-07' } }] }, { text: 'Done.' }]);
    await services.session.send('My day?');
    const call = services.session.getSnapshot().items.find((item): item is ToolCallItem => item.kind === 'tool-call');
    expect(call).toMatchObject({ server: 'calendar', status: 'done' });
    const body = services.log
      .getSnapshot()
      .exchanges.map((exchange) => requestBodyOf(exchange) ?? '')
      .find((text) => text.includes('"tools/call"'))!;
    const timeline = services.session.getSnapshot().timelines[0]!;
    const meta = (JSON.parse(body) as { params: { _meta: Json } }).params._meta;
    expect(parseTraceparent(meta['traceparent'])?.traceId).toBe(turnTraceId(1, timeline.startedAt));
  });

  it('leaves the MCP requests as they are when propagation is off (the default)', async () => {
    const { mcpBodies } = await turnWithTool(false);
    expect(received).toHaveLength(1);
    expect(mcpBodies.some((body) => body.includes('"tools/call"'))).toBe(true);
    expect(mcpBodies.join('\n')).not.toContain('traceparent');
  });
});
