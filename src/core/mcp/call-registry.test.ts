import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { CallRegistry } from './call-registry';

/** A transport that only keeps what it was sent. */
function transport(): Transport & { sent: JSONRPCMessage[] } {
  const sent: JSONRPCMessage[] = [];
  return { sent, start: async () => undefined, close: async () => undefined, send: async (message) => void sent.push(message) };
}

describe('CallRegistry', () => {
  it('reuses the unused controller of an ended call, never one in use or aborted', () => {
    const calls = new CallRegistry();
    const first = calls.begin({ methods: ['tools/call'] });
    calls.end(first);
    const second = calls.begin({ methods: ['tools/call'] });
    expect(second.controller).toBe(first.controller);
    const concurrent = calls.begin({ methods: ['tools/call'] });
    expect(concurrent.controller).not.toBe(second.controller);
    second.controller.abort(new Error('stream cut'));
    calls.end(second);
    calls.end(concurrent);
    const third = calls.begin({ methods: ['tools/call'] });
    expect(third.controller).toBe(concurrent.controller);
    expect(third.controller.signal.aborted).toBe(false);
    expect(calls.begin({ methods: ['tools/call'] }).controller).not.toBe(second.controller);
  });

  it("stops following an ended call's stop signal, so a reused controller is not aborted by an old turn's Stop", () => {
    const calls = new CallRegistry();
    const oldTurn = new AbortController();
    const first = calls.begin({ methods: ['tools/call'], signal: oldTurn.signal });
    expect(calls.isOpen(first)).toBe(true);
    calls.end(first);
    expect(calls.isOpen(first)).toBe(false);
    const next = calls.begin({ methods: ['tools/call'] });
    expect(next.controller).toBe(first.controller);
    oldTurn.abort();
    expect(next.controller.signal.aborted).toBe(false);
    const thisTurn = new AbortController();
    const stopped = calls.begin({ methods: ['tools/call'], signal: thisTurn.signal });
    thisTurn.abort(new Error('stopped'));
    expect(stopped.controller.signal.aborted).toBe(true);
  });

  it('gives each tools/call to the call whose arguments object it carries, even when two look alike', async () => {
    const calls = new CallRegistry();
    const wire = transport();
    calls.watch(wire);
    const first = calls.begin({ methods: ['tools/call'], arguments: { city: 'Paris' }, context: { toolCallId: 'a' } });
    const second = calls.begin({ methods: ['tools/call'], arguments: { city: 'Paris' }, context: { toolCallId: 'b' } });
    // Sent in the other order, as the SDK may after its own awaits.
    await wire.send({
      jsonrpc: '2.0',
      id: 4,
      method: 'tools/call',
      params: { name: 'forecast', arguments: second.arguments },
    } as JSONRPCMessage);
    await wire.send({
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: { name: 'forecast', arguments: first.arguments },
    } as JSONRPCMessage);
    expect(calls.of(3)?.context).toEqual({ toolCallId: 'a' });
    expect(calls.of(4)?.context).toEqual({ toolCallId: 'b' });
    expect(first.requests).toEqual([{ id: 3, method: 'tools/call' }]);
    expect(wire.sent).toHaveLength(2);
  });

  it('gives other requests to the oldest open call of their method; notifications and ended calls claim nothing', async () => {
    const calls = new CallRegistry();
    const wire = transport();
    calls.watch(wire);
    const listing = calls.begin({ methods: ['tools/list'] });
    await wire.send({ jsonrpc: '2.0', id: 1, method: 'tools/list' } as JSONRPCMessage);
    await wire.send({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: { cursor: 'p2' } } as JSONRPCMessage);
    await wire.send({ jsonrpc: '2.0', method: 'notifications/initialized' } as JSONRPCMessage);
    calls.end(listing);
    await wire.send({ jsonrpc: '2.0', id: 3, method: 'tools/list' } as JSONRPCMessage);
    expect(listing.requests.map((request) => request.id)).toEqual([1, 2]);
    expect(calls.of(2)).toBe(listing);
    expect(calls.of(3)).toBeUndefined();
    // 1 and "1" are different ids.
    expect(calls.of('1')).toBeUndefined();
  });

  it('aborts a call when the person’s signal does', () => {
    const calls = new CallRegistry();
    const stop = new AbortController();
    const call = calls.begin({ methods: ['tools/call'], signal: stop.signal });
    expect(call.controller.signal.aborted).toBe(false);
    stop.abort(new Error('stopped'));
    expect(call.controller.signal.reason).toEqual(new Error('stopped'));
    const late = calls.begin({ methods: ['tools/call'], signal: stop.signal });
    expect(late.controller.signal.aborted).toBe(true);
  });
});
