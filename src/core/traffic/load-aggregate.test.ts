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

/** The probe's row, as core/load begins it. */
const LOAD_ROW = { wire: 'mcp', source: 'demo', method: 'LOAD', url: 'http://127.0.0.1:1/mcp', startedAt: 0, requestHeaders: {} } as const;

function tapFor(log: TrafficLog, run: string | undefined, server = answer) {
  const tap = createWireTap({
    log,
    wire: 'mcp',
    source: 'demo',
    secrets: new SecretRegistry(),
    rpc: { contextOf: () => (run === undefined ? undefined : { loadRun: run }) },
  });
  const send = tap(server);
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
    const rowId = log.beginLoadRun('run-1', LOAD_ROW);
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

  it('past its first samples, counts each request and records whole only the example of a new error group', async () => {
    const log = new TrafficLog();
    log.beginLoadRun('run-2', LOAD_ROW);
    // Request 15 fails with a JSON-RPC error in a JSON body, 17 in an event stream, 18 like 15 again.
    const server = async (_input: string | URL, init?: RequestInit): Promise<Response> => {
      const { id } = JSON.parse(String(init?.body)) as { id: number };
      const error = (code: number) => ({ jsonrpc: '2.0', id, error: { code, message: `failed ${id}` } });
      if (id === 17)
        return new Response(`event: message\ndata: ${JSON.stringify(error(-32001))}\n\n`, {
          headers: { 'content-type': 'text/event-stream' },
        });
      const body = id === 15 || id === 18 ? error(-32000) : { jsonrpc: '2.0', id, result: { tools: [] } };
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    };
    const send = tapFor(log, 'run-2', server);
    const answers: string[] = [];
    for (let id = 1; id <= 20; id++) answers.push(await send(id));
    // The caller reads every answer as it came.
    expect(JSON.parse(answers[14]!)).toMatchObject({ id: 15, error: { code: -32000 } });
    expect(answers[16]).toContain('"code":-32001');
    const aggregate = log.loadRunOf('run-2')!;
    expect(aggregate.requests).toBe(20);
    expect(Object.fromEntries(aggregate.groups.map((group) => [group.key, group.count]))).toEqual({
      'HTTP 200 · JSON-RPC -32000': 2,
      'HTTP 200 · JSON-RPC -32001': 1,
    });
    const json = aggregate.samples.find((sample) => sample.group === 'HTTP 200 · JSON-RPC -32000')!;
    expect(json.messages.map((message) => [message.direction, message.kind])).toEqual([
      ['out', 'request'],
      ['in', 'error'],
    ]);
    expect(json.exchange).toMatchObject({ status: 200, state: 'done', responseBody: expect.stringContaining('failed 15') });
    const stream = aggregate.samples.find((sample) => sample.group === 'HTTP 200 · JSON-RPC -32001')!;
    expect(stream.exchange.sseEvents?.map((event) => event.data)).toEqual([expect.stringContaining('failed 17')]);
    expect(stream.messages.map((message) => message.kind)).toEqual(['request', 'error']);
    expect(aggregate.samples).toHaveLength(FIRST_SAMPLES + 2);
  });

  it('still records a row per request for a run the log was not told about', async () => {
    const log = new TrafficLog();
    const send = tapFor(log, 'unknown-run');
    await Promise.all([send(1), send(2)]);
    expect(log.getSnapshot().exchangeCount).toBe(2);
  });
});
