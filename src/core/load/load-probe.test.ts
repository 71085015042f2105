import { describe, expect, it } from 'vitest';
import { TrafficLog } from '../traffic';
import { checkLoadSpec, LoadProbe, maxOverlap, probeSafety, remoteSentence } from '.';
import type { LoadTarget } from '.';
import { histogram, percentile } from './stats';

/** A target answering after `delayMs` (aborted at once by the signal), counting what it was sent. */
function fakeTarget(delayMs: number, answer: (index: number) => unknown = () => ({ tools: [] })) {
  const seen = { sent: 0, inFlight: 0, maxInFlight: 0, params: [] as unknown[] };
  const target: LoadTarget = {
    sendProbeRequest: (_method, params, { signal }) => {
      const index = seen.sent++;
      seen.params.push(params);
      seen.inFlight += 1;
      seen.maxInFlight = Math.max(seen.maxInFlight, seen.inFlight);
      return new Promise((resolve, reject) => {
        const onAbort = () => {
          clearTimeout(timer);
          seen.inFlight -= 1;
          reject(signal.reason);
        };
        const timer = setTimeout(() => {
          signal.removeEventListener('abort', onAbort);
          seen.inFlight -= 1;
          const value = answer(index);
          if (value instanceof Error) reject(value);
          else resolve(value);
        }, delayMs);
        signal.addEventListener('abort', onAbort, { once: true });
      });
    },
  };
  return { target, seen };
}

const options = (log: TrafficLog) => ({ server: 'demo', url: 'http://127.0.0.1:1/mcp', log, updateEveryMs: 20 });

describe('LoadProbe', () => {
  it('sends exactly the requests asked, `concurrency` at a time, and writes one row with its figures', async () => {
    const log = new TrafficLog();
    const { target, seen } = fakeTarget(2);
    const probe = new LoadProbe(target, { method: 'tools/list', concurrency: 6, requests: 200 }, options(log));
    const state = await probe.start();
    expect(seen.sent).toBe(200);
    expect(seen.maxInFlight).toBe(6);
    expect(state).toMatchObject({ running: false, stopped: false, completed: 200, ok: 200, errors: 0, concurrencyReached: 6 });
    expect(state.p50).toBeGreaterThan(0);
    expect(state.p99).toBeGreaterThanOrEqual(state.p95);
    expect(state.histogram.reduce((sum, bin) => sum + bin.count, 0)).toBe(200);
    expect(state.series.length).toBe(200);
    expect(state.consistency?.consistent).toBe(true);
    const rows = log.getSnapshot();
    expect(rows.exchangeCount).toBe(1);
    expect(rows.exchanges[0]).toMatchObject({ method: 'LOAD', state: 'done', load: { figures: { completed: 200, concurrencyAsked: 6 } } });
  });

  it('stops at once: in-flight requests aborted, none sent after', async () => {
    const log = new TrafficLog();
    const { target, seen } = fakeTarget(50);
    const probe = new LoadProbe(target, { method: 'tools/list', concurrency: 4, requests: 1000 }, options(log));
    const running = probe.start();
    await new Promise((resolve) => setTimeout(resolve, 120));
    probe.stop();
    const state = await running;
    const sentAtStop = seen.sent;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seen.sent).toBe(sentAtStop);
    expect(seen.inFlight).toBe(0);
    expect(state.stopped).toBe(true);
    expect(state.aborted).toBe(4);
    expect(state.completed).toBeLessThan(1000);
    expect(state.completed + state.aborted).toBe(seen.sent);
  });

  it('holds the rate, and gives each tools/call its own arguments object', async () => {
    const log = new TrafficLog();
    const { target, seen } = fakeTarget(0);
    const started = performance.now();
    const spec = { method: 'tools/call' as const, tool: 'add', args: { a: 1 }, concurrency: 8, requests: 10, rate: 100 };
    await new LoadProbe(target, spec, options(log)).start();
    // Ten starts at 100/s: the last one 90 ms after the first.
    expect(performance.now() - started).toBeGreaterThanOrEqual(85);
    const args = seen.params.map((params) => (params as { arguments: object }).arguments);
    expect(new Set(args).size).toBe(10);
    expect(args[0]).toEqual({ a: 1 });
  });

  it('lists differing answers (state kept per instance) and counts errors the wire did not see', async () => {
    const log = new TrafficLog();
    const { target } = fakeTarget(1, (index) =>
      index === 7 ? new Error('result did not match the output schema') : index % 5 === 4 ? { n: 2 } : { n: 1 },
    );
    const state = await new LoadProbe(target, { method: 'tools/list', concurrency: 2, requests: 10 }, options(log)).start();
    expect(state.errors).toBe(1);
    expect(state.groups).toEqual([{ key: 'client', count: 1, message: 'result did not match the output schema' }]);
    expect(state.consistency?.consistent).toBe(false);
    expect(state.consistency?.differing.length).toBe(2);
  });

  it('shows the concurrency the wire reached when something below can tell', async () => {
    const log = new TrafficLog();
    const { target } = fakeTarget(1);
    const state = await new LoadProbe(
      target,
      { method: 'tools/list', concurrency: 8, requests: 16 },
      { ...options(log), wireConcurrency: () => ({ reached: 6, note: 'HTTP/1.1: about 6 connections per host' }) },
    ).start();
    expect(state).toMatchObject({ maxInFlight: 8, concurrencyReached: 6, concurrencyNote: 'HTTP/1.1: about 6 connections per host' });
  });
});

describe('checkLoadSpec', () => {
  it('says what is wrong with a spec', () => {
    expect(checkLoadSpec({ method: 'tools/list', concurrency: 65, requests: 1 })).toMatch(/1 to 64/);
    expect(checkLoadSpec({ method: 'tools/list', concurrency: 1 })).toMatch(/either a number of requests or a duration/);
    expect(checkLoadSpec({ method: 'tools/call', concurrency: 1, requests: 1 })).toMatch(/tool/);
    expect(checkLoadSpec({ method: 'tools/list', concurrency: 1, requests: 0 })).toMatch(/requests/);
    expect(checkLoadSpec({ method: 'tools/list', concurrency: 1, durationMs: 1000, rate: -1 })).toMatch(/rate/);
    expect(checkLoadSpec({ method: 'tools/list', concurrency: 1, durationMs: 1000 })).toBeUndefined();
  });
});

describe('load figures', () => {
  it('percentiles, histogram and overlap', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 0.5)).toBe(50);
    expect(percentile(sorted, 0.99)).toBe(99);
    expect(histogram(sorted, 10).map((bin) => bin.count)).toEqual([9, 10, 10, 10, 10, 10, 10, 10, 10, 11]);
    expect(
      maxOverlap([
        [0, 10],
        [5, 15],
        [10, 20],
        [6, 7],
      ]),
    ).toBe(3);
  });
});

describe('probeSafety', () => {
  it('asks about a remote host and a destructive tool, not about loopback', () => {
    expect(probeSafety('http://127.0.0.1:3000/mcp')).toEqual({});
    expect(probeSafety('http://localhost/mcp', { name: 'read' })).toEqual({});
    expect(probeSafety('https://mcp.example.com/mcp')).toEqual({ remoteHost: 'mcp.example.com' });
    expect(probeSafety('http://[::1]:1/mcp', { name: 'wipe', annotations: { destructiveHint: true } })).toEqual({
      destructiveTool: 'wipe',
    });
    expect(remoteSentence('mcp.example.com', { requests: 100, concurrency: 4, rate: 10 })).toMatch(
      /100 requests, 4 at a time, at most 10 per second/,
    );
  });
});
