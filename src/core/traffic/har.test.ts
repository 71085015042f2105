import { describe, expect, it } from 'vitest';
import { sseEventsToText, toHar } from './har';
import type { HttpExchange } from './types';

const jsonExchange: HttpExchange = {
  id: 1,
  wire: 'mcp',
  source: 'weather',
  method: 'POST',
  url: 'https://mcp.example/mcp?api_key=[redacted]&q=a%20b',
  startedAt: Date.UTC(2026, 7, 1, 12, 0, 0),
  headersMs: 30,
  durationMs: 45,
  state: 'done',
  requestHeaders: { 'content-type': 'application/json', authorization: 'Bearer [redacted]' },
  requestBody: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
  status: 200,
  statusText: 'OK',
  responseHeaders: { 'content-type': 'application/json', 'mcp-session-id': 's-1' },
  responseContentType: 'application/json',
  responseBody: '{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}',
  toolCallId: 'toolu_1',
};

const sseExchange: HttpExchange = {
  id: 2,
  wire: 'model',
  source: 'anthropic',
  method: 'POST',
  url: 'https://api.anthropic.com/v1/messages',
  startedAt: Date.UTC(2026, 7, 1, 12, 0, 1),
  headersMs: 200,
  durationMs: 900,
  state: 'done',
  requestHeaders: { 'x-api-key': '[redacted]' },
  requestBody: '{"stream":true,"note":"é"}',
  status: 200,
  statusText: 'OK',
  responseHeaders: { 'content-type': 'text/event-stream' },
  responseContentType: 'text/event-stream',
  sseEvents: [
    { atMs: 210, event: 'message_start', data: '{"type":"message_start"}' },
    { atMs: 400, id: '7', retry: 1500, data: 'line one\nline two' },
  ],
  turn: 1,
  step: 2,
};

const failedExchange: HttpExchange = {
  id: 3,
  wire: 'mcp',
  source: 'calendar',
  method: 'GET',
  url: 'https://cal.example/mcp',
  startedAt: Date.UTC(2026, 7, 1, 11, 59, 59),
  durationMs: 12,
  state: 'failed',
  requestHeaders: {},
  error: 'Failed to fetch',
  note: 'Probably CORS',
};

/** The checks Chrome DevTools' HAR importer makes (HARFormat.ts), plus HAR 1.2's required fields. */
function validateEntry(entry: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const isNumber = (value: unknown) => typeof value === 'number' && !Number.isNaN(value);
  const isString = (value: unknown) => typeof value === 'string';
  const object = (value: unknown, name: string): Record<string, unknown> => {
    if (typeof value !== 'object' || value === null) {
      problems.push(`${name} is not an object`);
      return {};
    }
    return value as Record<string, unknown>;
  };
  if (!isString(entry['startedDateTime']) || Number.isNaN(new Date(String(entry['startedDateTime'])).getTime())) {
    problems.push('startedDateTime');
  }
  if (!isNumber(entry['time']) || (entry['time'] as number) < 0) problems.push('time');
  object(entry['cache'], 'cache');
  const request = object(entry['request'], 'request');
  for (const field of ['method', 'url', 'httpVersion']) if (!isString(request[field])) problems.push(`request.${field}`);
  for (const field of ['headers', 'queryString', 'cookies']) if (!Array.isArray(request[field])) problems.push(`request.${field}`);
  for (const field of ['headersSize', 'bodySize']) if (!isNumber(request[field])) problems.push(`request.${field}`);
  if (request['postData'] !== undefined) {
    const postData = object(request['postData'], 'postData');
    if (!isString(postData['mimeType']) || !isString(postData['text'])) problems.push('request.postData');
  }
  const response = object(entry['response'], 'response');
  if (!isNumber(response['status'])) problems.push('response.status');
  for (const field of ['statusText', 'httpVersion', 'redirectURL']) if (!isString(response[field])) problems.push(`response.${field}`);
  for (const field of ['headers', 'cookies']) if (!Array.isArray(response[field])) problems.push(`response.${field}`);
  for (const field of ['headersSize', 'bodySize']) if (!isNumber(response[field])) problems.push(`response.${field}`);
  const content = object(response['content'], 'content');
  if (!isNumber(content['size']) || !isString(content['mimeType'])) problems.push('response.content');
  const timings = object(entry['timings'], 'timings');
  for (const field of ['send', 'wait', 'receive']) {
    if (!isNumber(timings[field]) || (timings[field] as number) < 0) problems.push(`timings.${field}`);
  }
  for (const field of ['blocked', 'dns', 'connect', 'ssl']) if (!isNumber(timings[field])) problems.push(`timings.${field}`);
  for (const key of Object.keys(entry)) {
    if (
      ![
        'startedDateTime',
        'time',
        'request',
        'response',
        'cache',
        'timings',
        'pageref',
        'serverIPAddress',
        'connection',
        'comment',
      ].includes(key) &&
      !key.startsWith('_')
    ) {
      problems.push(`custom field without _: ${key}`);
    }
  }
  return problems;
}

describe('toHar', () => {
  const har = toHar([jsonExchange, sseExchange, failedExchange], { creatorVersion: '0.1.0' });

  it('writes a HAR 1.2 log whose every entry passes the importer’s checks', () => {
    expect(har.log.version).toBe('1.2');
    expect(har.log.creator).toEqual({ name: 'Glassbox', version: '0.1.0' });
    expect(har.log.entries).toHaveLength(3);
    for (const entry of har.log.entries) {
      expect(validateEntry(entry as unknown as Record<string, unknown>)).toEqual([]);
    }
  });

  it('survives a JSON round trip unchanged', () => {
    expect(JSON.parse(JSON.stringify(har))).toEqual(har);
  });

  it('orders entries by start time', () => {
    expect(har.log.entries.map((entry) => entry._exchangeId)).toEqual([3, 1, 2]);
  });

  it('maps a JSON exchange field by field, with the recorded (redacted) values', () => {
    const entry = har.log.entries[1];
    expect(entry).toMatchObject({
      startedDateTime: '2026-08-01T12:00:00.000Z',
      time: 45,
      timings: { send: 0, wait: 30, receive: 15, blocked: -1, dns: -1, connect: -1, ssl: -1 },
      cache: {},
      _wire: 'mcp',
      _source: 'weather',
      _state: 'done',
      _toolCallId: 'toolu_1',
      _resourceType: 'fetch',
    });
    expect(entry?.request).toEqual({
      method: 'POST',
      url: 'https://mcp.example/mcp?api_key=[redacted]&q=a%20b',
      httpVersion: '',
      headers: [
        { name: 'content-type', value: 'application/json' },
        { name: 'authorization', value: 'Bearer [redacted]' },
      ],
      queryString: [
        { name: 'api_key', value: '[redacted]' },
        { name: 'q', value: 'a b' },
      ],
      cookies: [],
      headersSize: -1,
      bodySize: jsonExchange.requestBody?.length,
      postData: { mimeType: 'application/json', text: jsonExchange.requestBody },
    });
    expect(entry?.response).toMatchObject({
      status: 200,
      statusText: 'OK',
      redirectURL: '',
      headersSize: -1,
      content: { mimeType: 'application/json', text: jsonExchange.responseBody, size: jsonExchange.responseBody?.length },
    });
  });

  it('rebuilds an event stream as event:/id:/data: lines and counts bytes, not characters', () => {
    const entry = har.log.entries[2];
    const text = 'event: message_start\ndata: {"type":"message_start"}\n\nid: 7\nretry: 1500\ndata: line one\ndata: line two\n\n';
    expect(entry?.response.content).toEqual({ mimeType: 'text/event-stream', text, size: text.length });
    expect(entry?.request.bodySize).toBe(new TextEncoder().encode('{"stream":true,"note":"é"}').byteLength);
    expect(entry).toMatchObject({ _turn: 1, _step: 2, _wire: 'model', _source: 'anthropic' });
  });

  it('writes a failed exchange with status 0 and Chrome’s _error field', () => {
    const entry = har.log.entries[0];
    expect(entry?.response).toMatchObject({ status: 0, statusText: '', _error: 'Failed to fetch', bodySize: -1 });
    expect(entry?.response.content).toEqual({ size: 0, mimeType: '' });
    expect(entry).toMatchObject({ time: 12, _state: 'failed', _note: 'Probably CORS' });
    expect(entry?.request.postData).toBeUndefined();
    expect(entry?.request.bodySize).toBe(0);
  });
});

describe('sseEventsToText', () => {
  it('writes an event with empty data as a bare data line', () => {
    expect(sseEventsToText([{ atMs: 0, id: 'p', data: '' }])).toBe('id: p\ndata: \n\n');
  });
});
