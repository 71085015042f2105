import { describe, expect, it } from 'vitest';
import { classifyRpcMessage, describeRpcKind, parseRpcPayload, rpcKindLabel } from './rpc-messages';

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

describe('describing kinds', () => {
  it('labels and explains every kind', () => {
    expect(rpcKindLabel('notification')).toBe('Notification');
    expect(describeRpcKind('notification')).toContain('no id');
    expect(describeRpcKind('response')).toContain('id of the request it answers');
    expect(describeRpcKind('error')).toContain('error code');
  });
});
