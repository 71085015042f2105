import { describe, expect, it } from 'vitest';
import type { HttpExchange } from '../../core/traffic';
import { exchangeStatusLabel, exchangeTone, isExchangeFailed, shortPath, teachingTopicsFor } from './exchange-status';
import { formatClock, formatDuration } from '../../ui/format-time';

/** A hand-made MCP exchange. */
function exchange(fields: Partial<HttpExchange>): HttpExchange {
  return {
    id: 1,
    wire: 'mcp',
    source: 'alpha',
    method: 'POST',
    url: 'https://alpha.example/mcp',
    startedAt: 0,
    state: 'done',
    requestHeaders: {},
    ...fields,
  };
}

describe('exchange status', () => {
  it('tells failed, expected, pending and ok exchanges apart', () => {
    expect(exchangeTone(exchange({ status: 500 }))).toBe('failed');
    expect(exchangeTone(exchange({ state: 'failed', error: 'TypeError: Failed to fetch' }))).toBe('failed');
    expect(exchangeTone(exchange({ status: 400, note: 'Era probe: a 2025-era server rejects server/discover.' }))).toBe('expected');
    expect(exchangeTone(exchange({ state: 'streaming', status: 200 }))).toBe('pending');
    expect(exchangeTone(exchange({ state: 'aborted', status: 200, note: 'closed by the client' }))).toBe('ok');
    expect(isExchangeFailed(exchange({ status: 202 }))).toBe(false);
  });

  it('labels the status, or the state when there is no status', () => {
    expect(exchangeStatusLabel(exchange({ status: 404 }))).toBe('404');
    expect(exchangeStatusLabel(exchange({ state: 'failed', error: 'x' }))).toBe('failed');
    expect(exchangeStatusLabel(exchange({ state: 'pending' }))).toBe('pending');
  });

  it('shortens a URL to its path and query', () => {
    expect(shortPath('https://alpha.example/mcp?x=1')).toBe('/mcp?x=1');
    expect(shortPath('not a url')).toBe('not a url');
  });

  it('picks the teaching topics an exchange shows', () => {
    const probe = exchange({ requestBody: '{"jsonrpc":"2.0","id":0,"method":"server/discover"}', status: 400 });
    expect(teachingTopicsFor(probe)).toEqual(['era-probe']);
    const stream = exchange({
      method: 'GET',
      status: 200,
      responseContentType: 'text/event-stream',
      requestHeaders: { 'mcp-session-id': 'abc', 'mcp-protocol-version': '2025-11-25' },
    });
    expect(teachingTopicsFor(stream)).toEqual(['get-stream', 'session-id', 'protocol-version-header']);
    expect(teachingTopicsFor(exchange({ method: 'DELETE', status: 200, requestHeaders: { 'mcp-session-id': 'abc' } }))).toEqual([
      'delete-session',
    ]);
    expect(teachingTopicsFor(exchange({ status: 202, requestHeaders: { 'mcp-method': 'notifications/initialized' } }))).toEqual([
      'accepted-202',
      'method-headers',
    ]);
    expect(teachingTopicsFor(exchange({ status: 200, responseContentType: 'text/event-stream; charset=utf-8' }))).toEqual(['sse-response']);
    expect(teachingTopicsFor(exchange({ status: 200, requestHeaders: { 'mcp-method': 'tools/call', 'mcp-param-region': 'eu' } }))).toEqual([
      'method-headers',
      'param-headers',
    ]);
    expect(teachingTopicsFor(exchange({ status: 200, requestHeaders: { authorization: 'DPoP [redacted]', dpop: 'eyJ.x.y' } }))).toEqual([
      'dpop-proof',
    ]);
  });
});

describe('time labels', () => {
  it('formats a clock time as hh:mm:ss.mmm', () => {
    const at = new Date(2026, 4, 1, 9, 5, 7, 42).getTime();
    expect(formatClock(at)).toBe('09:05:07.042');
  });

  it('formats durations from milliseconds to minutes', () => {
    expect(formatDuration(850)).toBe('850 ms');
    expect(formatDuration(1_250)).toBe('1.25 s');
    expect(formatDuration(59_960)).toBe('1 min');
    expect(formatDuration(125_000)).toBe('2 min 5 s');
    expect(formatDuration(-1)).toBe('');
  });
});
