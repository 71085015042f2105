import { describe, expect, it, vi } from 'vitest';
import { ViewChannel, DROP_REPORT_MS, METHOD_NOT_FOUND } from './view-channel';
import { ViewLog } from './view-log';
import { AppContextStore } from './app-context';

function channel(options: { now?: () => number } = {}) {
  const log = new ViewLog(() => 0);
  const posted: unknown[] = [];
  const received: unknown[] = [];
  const dropped: number[] = [];
  const viewChannel = new ViewChannel({
    log,
    viewId: 'v1',
    server: 'basic',
    toolCallId: 'call-1',
    post: (message) => posted.push(message),
    limit: { burst: 5, perSecond: 10 },
    onDropped: (total) => dropped.push(total),
    ...options,
  });
  viewChannel.onmessage = (message) => received.push(message);
  return { log, posted, received, dropped, viewChannel };
}

describe('ViewChannel', () => {
  it('records both directions with method, id and tool call, and hands JSON-RPC to the AppBridge', async () => {
    const { log, posted, received, viewChannel } = channel();
    viewChannel.receive({ jsonrpc: '2.0', id: 1, method: 'ui/initialize', params: {} });
    await viewChannel.send({ jsonrpc: '2.0', id: 1, result: { protocolVersion: 'x' } });
    expect(received).toHaveLength(1);
    expect(posted).toEqual([{ jsonrpc: '2.0', id: 1, result: { protocolVersion: 'x' } }]);
    expect(log.getSnapshot().entries.map((entry) => [entry.direction, entry.method, entry.rpcId, entry.toolCallId])).toEqual([
      ['from-app', 'ui/initialize', 1, 'call-1'],
      ['to-app', 'response', 1, 'call-1'],
    ]);
  });

  it('answers a request for a method the host does not serve with a clear error, without the AppBridge seeing it', () => {
    const { posted, received, viewChannel } = channel();
    viewChannel.receive({ jsonrpc: '2.0', id: 7, method: 'sampling/createMessage', params: {} });
    expect(received).toEqual([]);
    expect(posted).toEqual([
      {
        jsonrpc: '2.0',
        id: 7,
        error: { code: METHOD_NOT_FOUND, message: expect.stringContaining('does not serve "sampling/createMessage"') },
      },
    ]);
  });

  it('ignores what is not JSON-RPC, and records it as invalid', () => {
    const { log, received, viewChannel } = channel();
    viewChannel.receive('hello');
    viewChannel.receive({ id: 1, method: 'tools/call' });
    expect(received).toEqual([]);
    expect(log.getSnapshot().entries.map((entry) => entry.method)).toEqual(['invalid', 'invalid']);
  });

  it('drops a flood beyond the limit unread and reports how many, in one entry', () => {
    vi.useFakeTimers();
    try {
      let clock = 0;
      const { log, received, dropped, viewChannel } = channel({ now: () => clock });
      for (let index = 0; index < 10_000; index += 1)
        viewChannel.receive({ jsonrpc: '2.0', method: 'notifications/message', params: { index } });
      expect(received).toHaveLength(5);
      vi.advanceTimersByTime(DROP_REPORT_MS);
      const reports = log.getSnapshot().entries.filter((entry) => entry.method === 'rate-limited');
      expect(reports).toHaveLength(1);
      expect(reports[0]?.message).toEqual({ dropped: 9995, total: 9995 });
      expect(dropped).toEqual([9995]);
      // A second later the bucket has refilled: the view is heard again.
      clock = 1000;
      viewChannel.receive({ jsonrpc: '2.0', method: 'notifications/message', params: {} });
      expect(received).toHaveLength(6);
    } finally {
      vi.useRealTimers();
    }
  });

  it('records a blocked request the view reports and tells the host', () => {
    const violations: unknown[] = [];
    const log = new ViewLog();
    const viewChannel = new ViewChannel({
      log,
      viewId: 'v',
      server: 's',
      post: () => undefined,
      onViolation: (violation) => violations.push(violation),
    });
    viewChannel.receive({ type: 'glassbox/csp-violation', directive: 'connect-src', blockedURI: 'https://evil.example' });
    expect(violations).toEqual([{ directive: 'connect-src', blockedURI: 'https://evil.example' }]);
    expect(log.getSnapshot().entries[0]).toMatchObject({ method: 'csp-violation', direction: 'from-app' });
  });
});

describe('AppContextStore', () => {
  it('keeps the latest context of each view until the next request takes it', () => {
    const store = new AppContextStore();
    store.set({ viewId: 'a', label: 'basic · get-time', text: 'first' });
    store.set({ viewId: 'a', label: 'basic · get-time', text: 'second' });
    store.set({ viewId: 'b', label: 'other', text: 'b' });
    expect(store.take().map((entry) => entry.text)).toEqual(['second', 'b']);
    expect(store.take()).toEqual([]);
  });
});
