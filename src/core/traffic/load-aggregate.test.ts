import { describe, expect, it } from 'vitest';
import { createWireTap, SecretRegistry, TrafficLog } from '.';
import { FIRST_SAMPLES, MAX_GROUP_SAMPLES } from './load-aggregate';

/** A server answering tools/list: every 10th request with HTTP 503, every 7th with a JSON-RPC error. */
const answer = async (_input: string | URL, init?: RequestInit): Promise<Response> => {
  const request = JSON.parse(String(init?.body)) as { id: number };
  if (request.id % 10 === 0) return new Response('overloaded', { status: 503, statusText: 'Service Unavailable' });
  const body =
    request.id % 7 === 0
      ? { jsonrpc: '2.0', id: request.id, error: { code: -32602, message: 'bad params' } }
      : { jsonrpc: '2.0', id: request.id, result: { tools: [] } };
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
};

function tapFor(log: TrafficLog, run: string | undefined) {
  const tap = createWireTap({
    log,
    wire: 'mcp',
    source: 'demo',
    secrets: new SecretRegistry(),
    rpc: { contextOf: () => (run === undefined ? undefined : { loadRun: run }) },
  });
  const send = tap(answer);
  return (id: number) =>
    send('http://127.0.0.1:1/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/list' }),
    }).then((response) => response.text());
}

describe('a load probe on the wire', () => {
  it('adds one row for 1,000 requests, with their count, error groups and a bounded number of samples', async () => {
    const log = new TrafficLog();
    const rowId = log.beginLoadRun('run-1', {
      wire: 'mcp',
      source: 'demo',
      method: 'LOAD',
      url: 'http://127.0.0.1:1/mcp',
      startedAt: 0,
      requestHeaders: {},
    });
    const send = tapFor(log, 'run-1');
    for (let batch = 0; batch < 100; batch++) await Promise.all(Array.from({ length: 10 }, (_, i) => send(batch * 10 + i + 1)));

    const snapshot = log.getSnapshot();
    expect(snapshot.exchangeCount).toBe(1);
    expect(snapshot.messageCount).toBe(0);
    const aggregate = log.loadRunOf('run-1')!;
    expect(aggregate.requests).toBe(1000);
    const groups = Object.fromEntries(aggregate.groups.map((group) => [group.key, group.count]));
    expect(groups).toEqual({ 'HTTP 503': 100, 'HTTP 200 · JSON-RPC -32602': 128 });
    expect(aggregate.samples.length).toBeLessThanOrEqual(FIRST_SAMPLES + MAX_GROUP_SAMPLES);
    // The first requests whole, and one example per group with its messages.
    expect(aggregate.samples.filter((sample) => sample.group === undefined)).toHaveLength(FIRST_SAMPLES);
    const rpcExample = aggregate.samples.find((sample) => sample.group === 'HTTP 200 · JSON-RPC -32602')!;
    expect(rpcExample.messages.map((message) => message.kind)).toEqual(['request', 'error']);
    expect(rpcExample.exchange.responseBody).toContain('bad params');
    expect(aggregate.samples.find((sample) => sample.group === 'HTTP 503')?.exchange.status).toBe(503);
    // The row carries what was kept; the counters arrive with the run's figures.
    expect(log.getExchange(rowId)?.load?.samples).toHaveLength(aggregate.samples.length);
  });

  it('still records a row per request for a run the log was not told about', async () => {
    const log = new TrafficLog();
    const send = tapFor(log, 'unknown-run');
    await Promise.all([send(1), send(2)]);
    expect(log.getSnapshot().exchangeCount).toBe(2);
  });
});
