import { describe, expect, it } from 'vitest';
import type { AgentSessionData, ChatItem } from '../agent';
import type { HttpExchange, RpcMessageRecord } from '../traffic';
import { buildTurnTraces, type TraceSource } from './span-tree';
import { formatTraceparent, parseTraceparent, turnTraceId } from './trace-ids';
import { toReadableSpans, otlpJson } from './otlp';

const T0 = 1_780_000_000_000;

function modelExchange(
  id: number,
  step: number,
  startedAt: number,
  durationMs: number,
  reply: object,
  extra: Partial<HttpExchange> = {},
): HttpExchange {
  return {
    id,
    wire: 'model',
    source: 'anthropic',
    method: 'POST',
    url: 'https://api.anthropic.com/v1/messages?key=sk-ant-should-not-leak',
    startedAt,
    durationMs,
    state: 'done',
    status: 200,
    requestHeaders: { 'x-api-key': '[redacted]' },
    requestBody: JSON.stringify({ model: 'claude-test-1', max_tokens: 100, messages: [] }),
    responseBody: JSON.stringify(reply),
    turn: 1,
    step,
    ...extra,
  };
}

function mcpExchange(id: number, startedAt: number, headers: Record<string, string>): HttpExchange {
  return {
    id,
    wire: 'mcp',
    source: 'weather',
    method: 'POST',
    url: 'http://127.0.0.1:3101/mcp',
    startedAt,
    durationMs: 20,
    state: 'done',
    status: 200,
    requestHeaders: headers,
  };
}

function rpc(
  seq: number,
  direction: 'out' | 'in',
  kind: RpcMessageRecord['kind'],
  method: string,
  at: number,
  message: object,
  extra: Partial<RpcMessageRecord> = {},
): RpcMessageRecord {
  return { seq, server: 'weather', direction, kind, method, rpcId: 7, message, at, ...extra };
}

const toolUse = {
  id: 'msg_1',
  type: 'message',
  role: 'assistant',
  model: 'claude-test-1',
  content: [{ type: 'tool_use', id: 'toolu_1', name: 'weather__get_forecast', input: { city: 'Paris' } }],
  stop_reason: 'tool_use',
  usage: { input_tokens: 120, output_tokens: 30 },
};
const endTurn = {
  ...toolUse,
  id: 'msg_2',
  content: [{ type: 'text', text: 'Sunny.' }],
  stop_reason: 'end_turn',
  usage: { input_tokens: 200, output_tokens: 8 },
};

function source(extraMessages: RpcMessageRecord[] = []): TraceSource {
  const items: ChatItem[] = [
    { kind: 'user', id: 'u1', text: 'Weather?', at: T0 },
    {
      kind: 'assistant',
      id: 'a1',
      turn: 1,
      step: 1,
      text: '',
      streaming: false,
      at: T0 + 500,
      provider: 'anthropic',
      stopReason: 'tool_use',
    },
    {
      kind: 'tool-call',
      id: 'toolu_1',
      turn: 1,
      step: 1,
      publicName: 'weather__get_forecast',
      server: 'weather',
      remoteName: 'get_forecast',
      args: { city: 'Paris' },
      status: 'done',
    },
    {
      kind: 'assistant',
      id: 'a2',
      turn: 1,
      step: 2,
      text: 'Sunny.',
      streaming: false,
      at: T0 + 900,
      provider: 'anthropic',
      stopReason: 'end_turn',
    },
  ];
  const conversation: Pick<AgentSessionData, 'items' | 'timelines'> = {
    items,
    timelines: [{ turn: 1, startedAt: T0, endedAt: T0 + 1000, spans: [] }],
  };
  return {
    conversation,
    exchanges: [
      mcpExchange(1, T0 - 5000, { 'mcp-protocol-version': '2025-11-25' }),
      modelExchange(2, 1, T0 + 10, 490, toolUse),
      mcpExchange(3, T0 + 520, { 'mcp-session-id': 'sess-42', 'mcp-protocol-version': '2025-11-25', authorization: '[redacted]' }),
      modelExchange(4, 2, T0 + 600, 300, endTurn),
      // Not the turn's: a fork of its first request, and an eval run's request.
      modelExchange(5, 1, T0 + 2000, 100, endTurn, { forkOf: 2 }),
      modelExchange(6, 1, T0 + 3000, 100, endTurn, { evalRun: 'run-1' }),
    ],
    messages: [
      // A handshake before the turn: not in its trace.
      rpc(
        1,
        'out',
        'request',
        'initialize',
        T0 - 5000,
        { jsonrpc: '2.0', id: 0, method: 'initialize', params: {} },
        { rpcId: 0, exchangeId: 1 },
      ),
      rpc(
        2,
        'out',
        'request',
        'tools/call',
        T0 + 520,
        { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'get_forecast', arguments: { city: 'Paris' } } },
        { exchangeId: 3, toolCallId: 'toolu_1', pairedSeq: 3 },
      ),
      rpc(
        3,
        'in',
        'response',
        'tools/call',
        T0 + 560,
        { jsonrpc: '2.0', id: 7, result: { content: [], isError: true } },
        { exchangeId: 3, pairedSeq: 2 },
      ),
      ...extraMessages,
    ],
  };
}

describe('buildTurnTraces', () => {
  it('puts a span per turn, a child per model request, and the tool call under the model request that asked for it', () => {
    const [trace] = buildTurnTraces(source());
    expect(trace).toBeDefined();
    const spans = trace!.spans;
    expect(spans.map((span) => span.name)).toEqual([
      'invoke_agent Glassbox',
      'chat claude-test-1',
      'tools/call get_forecast',
      'chat claude-test-1',
    ]);
    const [turn, model1, call, model2] = spans;
    expect(turn!.parentSpanId).toBeUndefined();
    expect(model1!.parentSpanId).toBe(turn!.spanId);
    expect(model2!.parentSpanId).toBe(turn!.spanId);
    expect(call!.parentSpanId).toBe(model1!.spanId);
    expect(new Set(spans.map((span) => span.traceId))).toEqual(new Set([turnTraceId(1, T0)]));
    expect(new Set(spans.map((span) => span.spanId)).size).toBe(4);
  });

  it('takes every time from the record', () => {
    const [turn, model1, call, model2] = buildTurnTraces(source())[0]!.spans;
    expect([turn!.startMs, turn!.endMs]).toEqual([T0, T0 + 1000]);
    expect([model1!.startMs, model1!.endMs]).toEqual([T0 + 10, T0 + 500]);
    expect([call!.startMs, call!.endMs]).toEqual([T0 + 520, T0 + 560]);
    expect([model2!.startMs, model2!.endMs]).toEqual([T0 + 600, T0 + 900]);
  });

  it('gives model spans the GenAI attributes and MCP spans the MCP ones', () => {
    const [, model1, call, model2] = buildTurnTraces(source())[0]!.spans;
    expect(model1!.attributes).toMatchObject({
      'gen_ai.operation.name': 'chat',
      'gen_ai.provider.name': 'anthropic',
      'gen_ai.request.model': 'claude-test-1',
      'gen_ai.response.finish_reasons': ['tool_use'],
      'gen_ai.usage.input_tokens': 120,
      'gen_ai.usage.output_tokens': 30,
      'server.address': 'api.anthropic.com',
    });
    expect(model2!.attributes['gen_ai.response.finish_reasons']).toEqual(['end_turn']);
    expect(call!.kind).toBe('client');
    expect(call!.attributes).toMatchObject({
      'mcp.method.name': 'tools/call',
      'gen_ai.tool.name': 'get_forecast',
      'jsonrpc.request.id': '7',
      'mcp.session.id': 'sess-42',
      'mcp.protocol.version': '2025-11-25',
      'error.type': 'tool_error',
      'server.port': 3101,
    });
    expect(call!.error).toBe('tool_error');
  });

  it('names a JSON-RPC error with its code, and keeps a request that carried the turn traceparent under the turn', () => {
    const traceId = turnTraceId(1, T0);
    const propagated = formatTraceparent(traceId, 'aaaaaaaaaaaaaaaa');
    const [trace] = buildTurnTraces(
      source([
        rpc(
          10,
          'out',
          'request',
          'resources/read',
          T0 + 700,
          { jsonrpc: '2.0', id: 9, method: 'resources/read', params: { uri: 'file:///notes.txt', _meta: { traceparent: propagated } } },
          { rpcId: 9, pairedSeq: 11 },
        ),
        rpc(
          11,
          'in',
          'error',
          'resources/read',
          T0 + 710,
          { jsonrpc: '2.0', id: 9, error: { code: -32002, message: 'nope' } },
          { rpcId: 9 },
        ),
        // Another turn's traceparent: not this trace.
        rpc(12, 'out', 'request', 'ping', T0 + 720, {
          jsonrpc: '2.0',
          id: 10,
          method: 'ping',
          params: { _meta: { traceparent: formatTraceparent(turnTraceId(2, T0), 'bbbbbbbbbbbbbbbb') } },
        }),
      ]),
    );
    const read = trace!.spans.find((span) => span.attributes['mcp.method.name'] === 'resources/read');
    expect(read).toMatchObject({
      name: 'resources/read',
      spanId: 'aaaaaaaaaaaaaaaa',
      parentSpanId: trace!.spans[0]!.spanId,
      startMs: T0 + 700,
      endMs: T0 + 710,
    });
    expect(read!.attributes).toMatchObject({
      'mcp.resource.uri': 'file:///notes.txt',
      'rpc.response.status_code': '-32002',
      'error.type': '-32002',
    });
    expect(trace!.spans.some((span) => span.attributes['mcp.method.name'] === 'ping')).toBe(false);
  });

  it('puts no secret in any attribute', () => {
    const spans = buildTurnTraces(source())[0]!.spans;
    const text = JSON.stringify(spans);
    expect(text).not.toContain('sk-ant-should-not-leak');
    expect(spans[1]!.attributes['url.full']).toContain('key=');
  });
});

describe('trace ids', () => {
  it('reads back the traceparent it writes and refuses malformed ones', () => {
    const traceId = turnTraceId(3, T0);
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(parseTraceparent(formatTraceparent(traceId, '0123456789abcdef'))).toEqual({ traceId, spanId: '0123456789abcdef' });
    expect(parseTraceparent('00-' + '0'.repeat(32) + '-0123456789abcdef-01')).toBeUndefined();
    expect(parseTraceparent('not a traceparent')).toBeUndefined();
  });
});

describe('OTLP/JSON', () => {
  it('keeps the tree, ids and recorded times through the OpenTelemetry SDK and serializer', () => {
    const spans = toReadableSpans(buildTurnTraces(source()));
    expect(spans).toHaveLength(4);
    const { json } = otlpJson(source(), 1);
    const body = JSON.parse(json) as {
      resourceSpans: Array<{
        resource: { attributes: Array<{ key: string }> };
        scopeSpans: Array<{ spans: Array<Record<string, unknown>> }>;
      }>;
    };
    const otlpSpans = body.resourceSpans[0]!.scopeSpans[0]!.spans;
    const byName = (name: string) => otlpSpans.find((span) => span['name'] === name)!;
    const turn = byName('invoke_agent Glassbox');
    const call = byName('tools/call get_forecast');
    expect(turn['traceId']).toBe(turnTraceId(1, T0));
    expect(turn['parentSpanId']).toBeUndefined();
    expect(String(turn['startTimeUnixNano'])).toBe(`${T0}000000`);
    expect(String(call['endTimeUnixNano'])).toBe(`${T0 + 560}000000`);
    expect(call['kind']).toBe(3);
    const parent = otlpSpans.find((span) => span['spanId'] === call['parentSpanId'])!;
    expect(parent['name']).toBe('chat claude-test-1');
    expect(body.resourceSpans[0]!.resource.attributes.map((attribute) => attribute.key)).toContain('service.name');
  });
});
