import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../shared/key-value-storage';
import { OTEL_STORAGE_KEY, OtelSettingsStore, otlpTracesUrl, parseOtelHeaders } from './otel-settings';
import { traceContextMeta } from './propagation';
import { parseTraceparent, turnTraceId } from './trace-ids';

describe('OtelSettingsStore', () => {
  it('gives a bare origin the OTLP traces path and says what is wrong with a bad endpoint', () => {
    expect(otlpTracesUrl('http://127.0.0.1:4318')).toEqual({ url: 'http://127.0.0.1:4318/v1/traces' });
    expect(otlpTracesUrl('https://otel.example.com/custom/path')).toEqual({ url: 'https://otel.example.com/custom/path' });
    expect(otlpTracesUrl('collector:4318')).toEqual({ problem: expect.stringContaining('http or https') });
    expect(otlpTracesUrl('not a url')).toEqual({ problem: expect.stringContaining('is not a URL') });
    expect(otlpTracesUrl('https://user:pw@otel.example.com')).toEqual({ problem: expect.stringContaining('header') });
  });

  it('names the bad header line', () => {
    expect(parseOtelHeaders('x-api-key: abc\n\nAuthorization: Bearer t')).toEqual({
      headers: { 'x-api-key': 'abc', Authorization: 'Bearer t' },
    });
    expect(parseOtelHeaders('x-api-key abc')).toEqual({ problem: 'Line 1 is not "Name: value".' });
    expect(parseOtelHeaders('ok: 1\nbad name: 2')).toEqual({ problem: 'Line 2: "bad name" is not a valid header name.' });
    expect(parseOtelHeaders('x-api-key:')).toEqual({ problem: 'Line 1: the header x-api-key has no value.' });
  });

  it('keeps the endpoint and the switch, never the headers, which it registers as secrets', () => {
    const storage = memoryStorage();
    const secrets: string[] = [];
    const store = new OtelSettingsStore(storage, (value) => secrets.push(value));
    expect(store.getSnapshot()).toMatchObject({ endpoint: '', propagate: false });
    expect(store.setEndpoint('ftp://x')).toContain('http or https');
    expect(store.getSnapshot().endpoint).toBe('');
    expect(store.setEndpoint('http://127.0.0.1:4318')).toBeUndefined();
    store.setPropagate(true);
    expect(store.setHeaders('x-honeycomb-team: hc-secret')).toBeUndefined();
    expect(secrets).toEqual(['hc-secret']);
    expect(store.headers()).toEqual({ 'x-honeycomb-team': 'hc-secret' });
    expect(store.getSnapshot().headerNames).toEqual(['x-honeycomb-team']);
    expect(JSON.stringify(store.getSnapshot())).not.toContain('hc-secret');
    expect([...storage.data.values()].join()).not.toContain('hc-secret');
    const again = new OtelSettingsStore(storage);
    expect(again.getSnapshot()).toMatchObject({ endpoint: 'http://127.0.0.1:4318', propagate: true, headerNames: [] });
    expect(again.tracesUrl()).toBe('http://127.0.0.1:4318/v1/traces');
    expect(storage.data.has(OTEL_STORAGE_KEY)).toBe(true);
  });

  it('treats a key in the endpoint query as a secret and does not keep that endpoint', () => {
    const storage = memoryStorage();
    const secrets: string[] = [];
    const store = new OtelSettingsStore(storage, (value) => secrets.push(value));
    expect(store.setEndpoint('https://otel.example.com/v1/traces?api_key=k-123456')).toBeUndefined();
    expect(secrets).toContain('k-123456');
    expect(store.tracesUrl()).toBe('https://otel.example.com/v1/traces?api_key=k-123456');
    expect(storage.data.get(OTEL_STORAGE_KEY)).not.toContain('k-123456');
  });
});

describe('traceContextMeta', () => {
  it('adds a traceparent of the running turn only when on and a turn runs', () => {
    let enabled = false;
    let running: { turn: number; startedAt: number } | undefined;
    const meta = traceContextMeta(
      () => enabled,
      () => running,
    );
    running = { turn: 2, startedAt: 1000 };
    expect(meta()).toBeUndefined();
    enabled = true;
    const first = parseTraceparent(meta()?.['traceparent']);
    const second = parseTraceparent(meta()?.['traceparent']);
    expect(first?.traceId).toBe(turnTraceId(2, 1000));
    expect(second?.traceId).toBe(first?.traceId);
    expect(second?.spanId).not.toBe(first?.spanId);
    running = undefined;
    expect(meta()).toBeUndefined();
  });
});
