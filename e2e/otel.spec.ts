import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, openWithConfig } from './helpers';
import { expect, say, test, useModel } from './model-fixture';
import { TEST_PORTS, TEST_URLS } from './test-ports';

type Json = Record<string, unknown>;
type OtlpSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes: Array<{ key: string; value: Record<string, unknown> }>;
};

const FORECAST = 'weather_get_forecast';
const COLLECTOR_SECRET = 'otel-collector-secret-7f3a9c';

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
}

function close(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

/**
 * A tiny OTLP/HTTP receiver: POST /v1/traces takes JSON. `full` CORS lets any page send (with an
 * Authorization header); `origin-only` allows the origin but its preflight allows no header.
 */
function otlpReceiver(cors: 'full' | 'origin-only') {
  const received: Array<{ headers: IncomingMessage['headers']; body: Json }> = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-methods', 'POST, OPTIONS');
    if (cors === 'full') res.setHeader('access-control-allow-headers', 'content-type, authorization');
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    void readBody(req).then((text) => {
      if (req.url !== '/v1/traces' || req.headers['content-type'] !== 'application/json' || text === '') {
        res.writeHead(400, { 'content-type': 'text/plain' }).end('OTLP/JSON at /v1/traces only');
        return;
      }
      received.push({ headers: req.headers, body: JSON.parse(text) as Json });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return { server, received };
}

/** Forwards every request to the weather test server and keeps the JSON-RPC requests it received, as sent. */
function recordingProxy(target: string) {
  const bodies: Json[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      const body = req.method === 'POST' ? await readBody(req) : undefined;
      if (body) {
        const parsed = JSON.parse(body) as Json | Json[];
        bodies.push(...(Array.isArray(parsed) ? parsed : [parsed]));
      }
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string' && name !== 'host') headers.set(name, value);
      const answer = await fetch(target, { method: req.method ?? 'GET', headers, ...(body !== undefined && { body }) });
      const out: Record<string, string> = {};
      answer.headers.forEach((value, name) => {
        if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(name)) out[name] = value;
      });
      res.writeHead(answer.status, out);
      if (answer.body) Readable.fromWeb(answer.body as import('node:stream/web').ReadableStream).pipe(res);
      else res.end();
    })().catch(() => {
      if (!res.headersSent) res.writeHead(502).end();
    });
  });
  return { server, bodies };
}

function attribute(span: OtlpSpan, key: string): unknown {
  const value = span.attributes.find((entry) => entry.key === key)?.value;
  if (value === undefined) return undefined;
  if ('arrayValue' in value)
    return (value['arrayValue'] as { values: Array<{ stringValue: string }> }).values.map((item) => item.stringValue);
  return value['stringValue'] ?? value['intValue'] ?? value['boolValue'] ?? value['doubleValue'];
}

function spansOf(body: Json): OtlpSpan[] {
  const resourceSpans = body['resourceSpans'] as Array<{ scopeSpans: Array<{ spans: OtlpSpan[] }> }>;
  return resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans));
}

/** Opens the OpenTelemetry settings from the session menu. */
async function openOtelSettings(page: Page) {
  await page.getByTestId('session-menu').click();
  await page.getByTestId('otel-settings-open').click();
  const dialog = page.getByTestId('otel-settings');
  await expect(dialog).toBeVisible();
  return dialog;
}

/** One turn: the model asks for the forecast (approved), then answers. */
async function runTurn(page: Page) {
  await say(page, 'What is the weather in Paris?');
  await page.getByTestId('approval-allow').click();
  await expect(page.locator('[data-testid="chat-message"][data-role="assistant"]').last()).toContainText('Sunny in Paris.');
  await expect(page.getByTestId('chat-stop')).toBeDisabled();
}

test.describe('OpenTelemetry', () => {
  test.use({ monacoEditor: false });

  test('a turn is sent to the collector as it ends (turn → model spans → MCP spans), exported as OTLP/JSON, and propagated to the server', async ({
    page,
    model,
  }) => {
    const receiver = otlpReceiver('full');
    const proxy = recordingProxy(TEST_URLS.weather);
    await listen(receiver.server, TEST_PORTS.spare(30));
    await listen(proxy.server, TEST_PORTS.spare(31));
    try {
      model.setScript([{ toolCalls: [{ name: FORECAST, input: { city: 'Paris', days: 1 } }] }, { text: 'Sunny in Paris.' }]);
      await openWithConfig(page, { mcpServers: { weather: { url: `http://127.0.0.1:${TEST_PORTS.spare(31)}/mcp` } } }, ['weather']);
      await expect(page.getByTestId('server-weather')).toHaveAttribute('data-status', 'connected');
      await useModel(page, model, 'anthropic');

      const dialog = await openOtelSettings(page);
      // A bad endpoint is refused with a clear message.
      await dialog.getByTestId('otel-endpoint').fill('ftp://collector');
      await dialog.getByTestId('otel-save').click();
      await expect(dialog.getByTestId('otel-problem')).toContainText('http or https');
      await dialog.getByTestId('otel-endpoint').fill(`http://127.0.0.1:${TEST_PORTS.spare(30)}`);
      await dialog.getByTestId('otel-headers').fill(`Authorization: Bearer ${COLLECTOR_SECRET}`);
      await expect(dialog.getByTestId('otel-propagate')).not.toBeChecked();
      await dialog.getByTestId('otel-propagate').check();
      await dialog.getByTestId('otel-save').click();
      await expect(dialog.getByTestId('otel-problem')).toHaveCount(0);
      await expect(dialog).toContainText('Set now: Authorization');
      await expectNoSeriousA11yViolations(page);
      await dialog.getByTestId('otel-close').click();

      await runTurn(page);

      // The collector got the turn's trace, with its header.
      await expect.poll(() => receiver.received.length).toBe(1);
      const sent = receiver.received[0]!;
      expect(sent.headers['authorization']).toBe(`Bearer ${COLLECTOR_SECRET}`);
      const spans = spansOf(sent.body);
      const roots = spans.filter((span) => span.parentSpanId === undefined || span.parentSpanId === '');
      expect(roots.map((span) => span.name)).toEqual(['invoke_agent Glassbox']);
      const turn = roots[0]!;
      const models = spans
        .filter((span) => attribute(span, 'gen_ai.operation.name') === 'chat')
        .sort((a, b) => (BigInt(a.startTimeUnixNano) < BigInt(b.startTimeUnixNano) ? -1 : 1));
      expect(models).toHaveLength(2);
      for (const span of models) {
        expect(span.parentSpanId).toBe(turn.spanId);
        expect(span.kind).toBe(3);
        expect(attribute(span, 'gen_ai.provider.name')).toBe('anthropic');
        expect(attribute(span, 'gen_ai.request.model')).toBe('claude-test');
        expect(Number(attribute(span, 'gen_ai.usage.input_tokens'))).toBeGreaterThan(0);
      }
      expect(attribute(models[0]!, 'gen_ai.response.finish_reasons')).toEqual(['tool_use']);
      expect(attribute(models[1]!, 'gen_ai.response.finish_reasons')).toEqual(['end_turn']);
      const call = spans.find((span) => attribute(span, 'mcp.method.name') === 'tools/call')!;
      expect(call.name).toBe('tools/call get_forecast');
      expect(call.kind).toBe(3);
      // Under the model request whose answer asked for the call.
      expect(call.parentSpanId).toBe(models[0]!.spanId);
      expect(attribute(call, 'gen_ai.tool.name')).toBe('get_forecast');
      expect(attribute(call, 'mcp.session.id')).toEqual(expect.any(String));
      expect(attribute(call, 'mcp.protocol.version')).toEqual(expect.any(String));
      expect(attribute(call, 'jsonrpc.request.id')).toEqual(expect.any(String));
      expect(BigInt(call.startTimeUnixNano)).toBeGreaterThanOrEqual(BigInt(models[0]!.endTimeUnixNano));
      expect(new Set(spans.map((span) => span.traceId))).toEqual(new Set([turn.traceId]));
      expect(JSON.stringify(sent.body)).not.toContain(COLLECTOR_SECRET);

      // The server received the trace context in the tools/call's _meta, naming the trace's MCP span.
      const toolsCall = proxy.bodies.find((body) => body['method'] === 'tools/call')!;
      const traceparent = ((toolsCall['params'] as Json)['_meta'] as Json)['traceparent'];
      expect(traceparent).toBe(`00-${turn.traceId}-${call.spanId}-01`);
      // Before the turn (the handshake) nothing carried one.
      const initialize = proxy.bodies.find((body) => body['method'] === 'initialize')!;
      expect(JSON.stringify(initialize)).not.toContain('traceparent');
      // The MCP wire shows it: it is in the recorded bytes.
      const row = page.getByTestId('mcp-traffic').locator('[data-testid="traffic-row"][data-method="tools/call"][data-direction="out"]');
      await row.click();
      await expect(page.getByTestId('mcp-traffic')).toContainText('traceparent');

      // The settings say it was sent.
      const again = await openOtelSettings(page);
      await expect(again.getByTestId('otel-status')).toHaveAttribute('data-state', 'sent');
      await expect(again.getByTestId('otel-headers')).toHaveValue('');
      await again.getByTestId('otel-close').click();

      // The turn's export: the same trace, as an OTLP/JSON file.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.locator('[data-testid="otel-export"][data-turn="1"]').click(),
      ]);
      const exported = JSON.parse(await readFile((await download.path())!, 'utf8')) as Json;
      const exportedSpans = spansOf(exported);
      expect(exportedSpans.map((span) => span.spanId).sort()).toEqual(spans.map((span) => span.spanId).sort());
      expect(exportedSpans.find((span) => span.spanId === call.spanId)!.startTimeUnixNano).toBe(call.startTimeUnixNano);
      expect(JSON.stringify(exported)).not.toContain(COLLECTOR_SECRET);

      // The session's export (from the session menu) parses as OTLP/JSON too.
      await page.getByTestId('session-menu').click();
      const [whole] = await Promise.all([page.waitForEvent('download'), page.locator('[role="menu"] [data-testid="otel-export"]').click()]);
      const session = JSON.parse(await readFile((await whole.path())!, 'utf8')) as Json;
      expect(spansOf(session)).toHaveLength(spans.length);
      await expect(page.getByTestId('session-message')).toContainText('OTLP/JSON');
    } finally {
      await close(receiver.server);
      await close(proxy.server);
    }
  });

  test('a collector whose preflight refuses the headers is diagnosed with the CORS header to add', async ({ page, model }) => {
    const receiver = otlpReceiver('origin-only');
    await listen(receiver.server, TEST_PORTS.spare(30));
    try {
      model.setScript([{ toolCalls: [{ name: FORECAST, input: { city: 'Paris', days: 1 } }] }, { text: 'Sunny in Paris.' }]);
      await openWithConfig(page, { mcpServers: { weather: { url: TEST_URLS.weather } } }, ['weather']);
      await useModel(page, model, 'anthropic');
      const dialog = await openOtelSettings(page);
      await dialog.getByTestId('otel-endpoint').fill(`http://127.0.0.1:${TEST_PORTS.spare(30)}/v1/traces`);
      await dialog.getByTestId('otel-headers').fill(`Authorization: Bearer ${COLLECTOR_SECRET}`);
      await dialog.getByTestId('otel-save').click();
      await dialog.getByTestId('otel-close').click();

      await runTurn(page);
      // Propagation is off by default: the request carried no traceparent.
      const row = page.getByTestId('mcp-traffic').locator('[data-testid="traffic-row"][data-method="tools/call"][data-direction="out"]');
      await row.click();
      await expect(page.getByTestId('mcp-traffic')).toContainText('get_forecast');
      await expect(page.getByTestId('mcp-traffic')).not.toContainText('traceparent');

      const again = await openOtelSettings(page);
      await expect(again.getByTestId('otel-status')).toHaveAttribute('data-state', 'failed');
      await expect(again.getByTestId('otel-status')).toContainText(
        'Blocked by CORS: the preflight does not allow content-type, authorization',
      );
      await expect(again.getByTestId('otel-cors-headers')).toHaveText('Access-Control-Allow-Headers: content-type, authorization');
      await expect(again).not.toContainText(COLLECTOR_SECRET);
      expect(receiver.received).toHaveLength(0);
    } finally {
      await close(receiver.server);
    }
  });
});
