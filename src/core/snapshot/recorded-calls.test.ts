import { describe, expect, it } from 'vitest';
import { TrafficLog } from '../traffic';
import { recordedToolCalls } from '.';

describe('recordedToolCalls', () => {
  it('lists the tools/call requests sent to one server, with their paired answers', () => {
    const log = new TrafficLog();
    const call = (server: string, id: number, name: string, args?: unknown) =>
      log.addMessage({
        server,
        direction: 'out',
        method: 'tools/call',
        rpcId: id,
        at: 1000 + id,
        message: { jsonrpc: '2.0', id, method: 'tools/call', params: { name, ...(args !== undefined && { arguments: args }) } },
      });
    const answer = (server: string, id: number, body: Record<string, unknown>) =>
      log.addMessage({ server, direction: 'in', rpcId: id, at: 2000 + id, message: { jsonrpc: '2.0', id, ...body } });
    call('a', 1, 'get_forecast', { city: 'Paris' });
    call('b', 1, 'get_forecast', { city: 'Rome' });
    answer('a', 1, { result: { content: [{ type: 'text', text: 'sunny' }] } });
    log.addMessage({
      server: 'a',
      direction: 'out',
      method: 'tools/list',
      rpcId: 2,
      at: 1002,
      message: { jsonrpc: '2.0', id: 2, method: 'tools/list' },
    });
    call('a', 3, 'delete_all');
    answer('a', 3, { error: { code: -32602, message: 'nope' } });
    call('a', 4, 'slow', { n: 1 });

    const calls = recordedToolCalls(log.getSnapshot().messages, 'a');
    expect(calls.map(({ seq: _seq, ...rest }) => rest)).toEqual([
      { tool: 'get_forecast', arguments: { city: 'Paris' }, at: 1001, answer: { result: { content: [{ type: 'text', text: 'sunny' }] } } },
      { tool: 'delete_all', arguments: {}, at: 1003, answer: { error: { code: -32602, message: 'nope' } } },
      { tool: 'slow', arguments: { n: 1 }, at: 1004 },
    ]);
    expect(recordedToolCalls(log.getSnapshot().messages, 'c')).toEqual([]);
  });
});
