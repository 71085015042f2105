import { describe, expect, it } from 'vitest';
import {
  classifyRpcMessage,
  describeRpcKind,
  extractRpcMessages,
  parseRpcPayload,
  rpcKindLabel,
  rpcMessagesFromSseEvent,
} from './rpc-messages';
import { TrafficLog } from './traffic-log';
import type { HttpExchange } from './types';

const baseExchange: HttpExchange = {
  id: 7,
  wire: 'mcp',
  source: 'weather',
  method: 'POST',
  url: 'https://mcp.example/mcp',
  startedAt: 1_000,
  state: 'done',
  requestHeaders: { 'content-type': 'application/json' },
};

describe('classifyRpcMessage', () => {
  it('tells requests, notifications, responses and errors apart', () => {
    expect(classifyRpcMessage({ jsonrpc: '2.0', id: 1, method: 'tools/list' })).toEqual({
      kind: 'request',
      method: 'tools/list',
      rpcId: 1,
    });
    expect(classifyRpcMessage({ jsonrpc: '2.0', method: 'notifications/initialized' })).toEqual({
      kind: 'notification',
      method: 'notifications/initialized',
    });
    expect(classifyRpcMessage({ jsonrpc: '2.0', id: 'a', result: {} })).toEqual({ kind: 'response', rpcId: 'a' });
    expect(classifyRpcMessage({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } })).toEqual({
      kind: 'error',
    });
    expect(classifyRpcMessage({ hello: 'world' })).toBeUndefined();
    expect(classifyRpcMessage([1])).toBeUndefined();
    expect(classifyRpcMessage('text')).toBeUndefined();
  });
});

describe('parseRpcPayload', () => {
  it('parses one message or an array of them', () => {
    expect(parseRpcPayload('{"jsonrpc":"2.0","id":1,"method":"ping"}').messages).toHaveLength(1);
    const batch = parseRpcPayload('[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","method":"notifications/x"},{"nope":1}]');
    expect(batch.messages.map((message) => message.kind)).toEqual(['request', 'notification']);
    expect(batch.warnings).toEqual([{ code: 'not-json-rpc', message: 'Not a JSON-RPC message (item 2).' }]);
  });

  it('warns instead of throwing on invalid JSON', () => {
    const result = parseRpcPayload('{"jsonrpc":');
    expect(result.messages).toEqual([]);
    expect(result.warnings[0]?.code).toBe('invalid-json');
  });
});

describe('extractRpcMessages', () => {
  it('reads the request body and a JSON response', () => {
    const exchange: HttpExchange = {
      ...baseExchange,
      toolCallId: 'toolu_1',
      requestBody: '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"forecast"}}',
      responseContentType: 'application/json; charset=utf-8',
      responseBody: '{"jsonrpc":"2.0","id":3,"result":{"content":[]}}',
      durationMs: 40,
    };
    const { messages, warnings } = extractRpcMessages(exchange);
    expect(warnings).toEqual([]);
    expect(messages).toEqual([
      {
        server: 'weather',
        direction: 'out',
        kind: 'request',
        method: 'tools/call',
        rpcId: 3,
        message: { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'forecast' } },
        at: 1_000,
        exchangeId: 7,
        toolCallId: 'toolu_1',
      },
      {
        server: 'weather',
        direction: 'in',
        kind: 'response',
        rpcId: 3,
        message: { jsonrpc: '2.0', id: 3, result: { content: [] } },
        at: 1_040,
        exchangeId: 7,
        toolCallId: 'toolu_1',
      },
    ]);
  });

  it('reads one message per SSE event, skipping a priming event, and the log pairs them', () => {
    const exchange: HttpExchange = {
      ...baseExchange,
      requestBody: '{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"_meta":{"progressToken":"p"}}}',
      responseContentType: 'text/event-stream',
      sseEvents: [
        { atMs: 1, id: 'prime', data: '' },
        { atMs: 10, event: 'message', data: '{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"p","progress":1}}' },
        { atMs: 25, event: 'message', data: '{"jsonrpc":"2.0","id":5,"result":{"content":[]}}' },
      ],
    };
    const { messages } = extractRpcMessages(exchange);
    expect(messages.map((message) => [message.direction, message.kind, message.at])).toEqual([
      ['out', 'request', 1_000],
      ['in', 'notification', 1_010],
      ['in', 'response', 1_025],
    ]);

    const log = new TrafficLog();
    const seqs = messages.map((message) => log.addMessage(message));
    expect(log.getMessage(seqs[2] ?? 0)).toMatchObject({ method: 'tools/call', pairedSeq: seqs[0], latencyMs: 25 });
    expect(log.getMessage(seqs[1] ?? 0)).toMatchObject({ kind: 'notification', method: 'notifications/progress' });
  });

  it('finds nothing in a 202 or a plain-text error, and warns on a broken event', () => {
    expect(extractRpcMessages({ ...baseExchange, status: 202, responseBody: '' }).messages).toEqual([]);
    const textError = extractRpcMessages({
      ...baseExchange,
      status: 400,
      responseContentType: 'text/plain',
      responseBody: 'Bad Request: unknown method',
    });
    expect(textError).toEqual({ messages: [], warnings: [] });
    const broken = rpcMessagesFromSseEvent(baseExchange, { atMs: 3, data: '{"jsonrpc"' });
    expect(broken.messages).toEqual([]);
    expect(broken.warnings[0]?.code).toBe('invalid-json');
  });
});

describe('describing kinds', () => {
  it('labels and explains every kind', () => {
    expect(rpcKindLabel('notification')).toBe('Notification');
    expect(describeRpcKind('notification')).toContain('no id');
    expect(describeRpcKind('response')).toContain('id of the request it answers');
    expect(describeRpcKind('error')).toContain('error code');
  });
});
