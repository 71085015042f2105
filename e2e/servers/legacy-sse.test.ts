import { describe, expect, it } from 'vitest';
import { Client, SSEClientTransport, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { LEGACY_SSE_SERVER_INFO, MESSAGES_PATH, start } from './legacy-sse.mjs';
import { startDemo } from './start-demo.mjs';
import { useServer } from './test-kit';

const ORIGIN = 'http://page.example:5173';

const { server, track } = useServer(start);

/** Reads an SSE response until the first complete event and returns its fields. */
async function firstEvent(response: Response): Promise<Record<string, string>> {
  const reader = (response.body ?? new ReadableStream()).pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  while (!text.includes('\n\n')) {
    const { value, done } = await reader.read();
    if (done) break;
    text += value;
  }
  await reader.cancel();
  const fields: Record<string, string> = {};
  for (const line of text.split('\n\n')[0]?.split('\n') ?? []) {
    const colon = line.indexOf(':');
    if (colon > 0) fields[line.slice(0, colon)] = line.slice(colon + 1).trim();
  }
  return fields;
}

describe('legacy-sse (2024-11-05 HTTP+SSE transport only)', () => {
  it('opens the stream on GET /sse with an endpoint event naming /messages?sessionId=', async () => {
    const response = await fetch(server().url, { headers: { Origin: ORIGIN, Accept: 'text/event-stream' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    const event = await firstEvent(response);
    expect(event['event']).toBe('endpoint');
    expect(event['data']).toMatch(new RegExp(`^${MESSAGES_PATH}\\?sessionId=[0-9a-f-]{36}$`));
  });

  it('answers a POST to /sse with 405, so a streamable-HTTP client falls back, and the client fails there', async () => {
    const post = await fetch(server().url, {
      method: 'POST',
      headers: { Origin: ORIGIN, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: {} }),
    });
    expect(post.status).toBe(405);
    expect(post.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    await post.body?.cancel();
    const client = new Client({ name: 'legacy-sse-test', version: '1.0.0' });
    await expect(client.connect(new StreamableHTTPClientTransport(new URL(server().url)))).rejects.toThrow();
  });

  it('answers 404 for messages to an unknown session and a preflight with CORS', async () => {
    const origin = new URL(server().url).origin;
    const unknown = await fetch(`${origin}${MESSAGES_PATH}?sessionId=nope`, { method: 'POST', body: '{}' });
    expect(unknown.status).toBe(404);
    const preflight = await fetch(`${origin}${MESSAGES_PATH}?sessionId=nope`, {
      method: 'OPTIONS',
      headers: { Origin: ORIGIN, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(ORIGIN);
  });

  it('serves the SDK SSE client: initialize, tools/list and tools/call', async () => {
    const client = new Client({ name: 'legacy-sse-test', version: '1.0.0' }, { versionNegotiation: { mode: 'legacy' } });
    await client.connect(new SSEClientTransport(new URL(server().url)));
    track(client);
    expect(client.getServerVersion()?.name).toBe(LEGACY_SSE_SERVER_INFO.name);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['echo', 'add', 'summarize', 'confirm_order']);
    const echo = await client.callTool({ name: 'echo', arguments: { message: 'hello' } });
    expect(echo.content).toEqual([{ type: 'text', text: 'Echo: hello' }]);
    const sum = await client.callTool({ name: 'add', arguments: { a: 2, b: 40 } });
    expect(sum.content).toEqual([{ type: 'text', text: '42' }]);
  });
});

describe('startDemo with the SSE-only server', () => {
  it('starts legacy-sse only when given a port, and stops it with the others', async () => {
    const without = await startDemo({ weatherPort: 0, calendarPort: 0 });
    expect(without.legacySse).toBeUndefined();
    await without.close();
    const demo = await startDemo({ weatherPort: 0, calendarPort: 0, legacySsePort: 0 });
    const url = demo.legacySse?.url ?? '';
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/sse$/);
    const stream = await fetch(url);
    expect(stream.status).toBe(200);
    await stream.body?.cancel();
    await demo.close();
    await expect(fetch(url)).rejects.toThrow();
  });
});
