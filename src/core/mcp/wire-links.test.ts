/**
 * The links the wire tap records, end to end: real SDK servers (the 2025-era weather server and
 * the 2026-era calendar server), real connections, one traffic log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start as startCalendar } from '../../../e2e/servers/calendar.mjs';
import { start as startWeather } from '../../../e2e/servers/weather.mjs';
import type { RunningServer } from '../../../e2e/servers/weather.mjs';
import { parseMcpConfig } from '../config/parse-mcp-config';
import { SecretRegistry, TrafficLog } from '../traffic';
import { toHar } from '../traffic/har';
import type { RpcMessageRecord } from '../traffic/types';
import { ConnectionManager } from './connection-manager';

let weather: RunningServer;
let calendar: { url: string; close(): Promise<void> };
let manager: ConnectionManager;
const log = new TrafficLog();

beforeAll(async () => {
  [weather, calendar] = await Promise.all([startWeather(), startCalendar()]);
  manager = new ConnectionManager({ log, secrets: new SecretRegistry(), fetch });
  const parsed = parseMcpConfig(JSON.stringify({ mcpServers: { weather: { url: weather.url }, calendar: { url: calendar.url } } }));
  await manager.apply(parsed.config!.servers);
  expect(manager.getSnapshot().servers.map((server) => server.status)).toEqual(['connected', 'connected']);
});
afterAll(async () => {
  await manager.disconnectAll();
  await Promise.all([weather.close(), calendar.close()]);
});

const messagesOf = (): RpcMessageRecord[] => {
  const { messages, messageCount } = log.getSnapshot();
  return messages.slice(0, messageCount);
};

describe('messages recorded with their exchange', () => {
  it('two calls with the same JSON-RPC id, sent to two servers at the same moment, each land on their own exchange', async () => {
    const before = messagesOf().length;
    // Both clients number their requests from 0; a tool listing aligns them if their handshakes differed.
    const nextId = (server: string) =>
      Math.max(
        -1,
        ...messagesOf()
          .filter((m) => m.server === server && m.direction === 'out' && typeof m.rpcId === 'number')
          .map((m) => m.rpcId as number),
      ) + 1;
    while (nextId('weather') < nextId('calendar')) await manager.get('weather')!.refreshTools();
    while (nextId('calendar') < nextId('weather')) await manager.get('calendar')!.refreshTools();

    await Promise.all([
      manager.get('weather')!.callTool('get_forecast', { city: 'Paris', days: 1 }, { toolCallId: 'toolu_weather' }),
      manager.get('calendar')!.callTool('list_events', {}, { toolCallId: 'toolu_calendar' }),
    ]);
    const calls = messagesOf()
      .slice(before)
      .filter((m) => m.method === 'tools/call' && m.kind === 'request');
    expect(calls).toHaveLength(2);
    // The premise: the same id on both wires.
    expect(calls[0]!.rpcId).toBe(calls[1]!.rpcId);

    for (const request of calls) {
      const exchange = log.getExchange(request.exchangeId!)!;
      expect(exchange.source).toBe(request.server);
      expect(JSON.parse(exchange.requestBody!)).toMatchObject({ id: request.rpcId, method: 'tools/call' });
      const response = log.getMessage(request.pairedSeq!)!;
      expect(response).toMatchObject({
        server: request.server,
        direction: 'in',
        rpcId: request.rpcId,
        toolCallId: `toolu_${request.server}`,
      });
      // The answer came on the same exchange (a JSON body or an event of its stream).
      expect(response.exchangeId).toBe(exchange.id);
      expect(exchange.toolCallId).toBe(`toolu_${request.server}`);
      expect(request.toolCallId).toBe(`toolu_${request.server}`);
    }
    expect(calls[0]!.exchangeId).not.toBe(calls[1]!.exchangeId);
  });

  it('the HAR export carries each exchange’s messages, as linked at record time', () => {
    const { exchanges, exchangeCount } = log.getSnapshot();
    const har = toHar(exchanges.slice(0, exchangeCount), { creatorVersion: 'test', messages: messagesOf() });
    const call = [...messagesOf()].reverse().find((m) => m.method === 'tools/call' && m.kind === 'request' && m.server === 'weather')!;
    const entry = har.log.entries.find((e) => e._exchangeId === call.exchangeId)!;
    expect(entry._source).toBe('weather');
    expect(entry._toolCallId).toBe('toolu_weather');
    expect(entry._rpcMessages).toEqual(
      expect.arrayContaining([
        {
          seq: call.seq,
          direction: 'out',
          kind: 'request',
          method: 'tools/call',
          rpcId: call.rpcId,
          pairedSeq: call.pairedSeq,
          toolCallId: 'toolu_weather',
        },
        expect.objectContaining({ seq: call.pairedSeq, direction: 'in', rpcId: call.rpcId }),
      ]),
    );
    // Every message with an exchange is listed under that exchange, and only there.
    const listed = har.log.entries.flatMap((e) => (e._rpcMessages ?? []).map((m) => [m.seq, e._exchangeId]));
    expect(new Map(listed as Array<[number, number]>)).toEqual(
      new Map(
        messagesOf()
          .filter((m) => m.exchangeId !== undefined)
          .map((m) => [m.seq, m.exchangeId!]),
      ),
    );
  });
});
