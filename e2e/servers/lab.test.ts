import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORS_ALLOW_HEADERS } from './cors.mjs';
import { BAD_TOOLS, FLAKY_TOOL_NAMES, LAB_CORS, LAB_MODES, manyToolName, start } from './lab.mjs';
import type { RunningLab } from './lab.mjs';

let lab: RunningLab;
beforeAll(async () => {
  lab = await start();
});
afterAll(async () => {
  await lab.close();
});

/** POST one JSON-RPC message and return the status, content type and body text. */
async function post(url: string, message: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify(message),
  });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    text: await response.text(),
    session: response.headers.get('mcp-session-id'),
  };
}

const initialize = {
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
};

describe('lab misbehaving modes', () => {
  it('every mode has a CORS entry, and each header mode omits exactly its header', async () => {
    expect(Object.keys(LAB_CORS).sort()).toEqual([...LAB_MODES].sort());
    for (const [mode, header] of [
      ['missing-session-header', 'mcp-session-id'],
      ['missing-method-header', 'mcp-method'],
    ] as const) {
      const response = await fetch(lab.endpoints[mode], {
        method: 'OPTIONS',
        headers: { Origin: 'http://page.test', 'Access-Control-Request-Method': 'POST' },
      });
      expect(response.status).toBe(204);
      expect(response.headers.get('access-control-allow-headers')).toBe(CORS_ALLOW_HEADERS.filter((name) => name !== header).join(', '));
    }
  });

  it('answer initialize the wrong way, each in its own way', async () => {
    expect(await post(lab.endpoints['not-rpc'], initialize)).toMatchObject({ status: 200, text: '{"hello":"world"}' });
    expect(JSON.parse((await post(lab.endpoints['wrong-id'], initialize)).text)).toMatchObject({ id: 1000 });
    const html = await post(lab.endpoints['wrong-type'], initialize);
    expect(html.type).toBe('text/html; charset=utf-8');
    expect(JSON.parse(html.text)).toMatchObject({ id: 0, result: { protocolVersion: '2025-06-18' } });
    const sse = await post(lab.endpoints['bad-sse'], initialize);
    expect(sse.type).toBe('text/event-stream');
    expect(sse.text).toBe('event: message\ndata: {"jsonrpc": "2.0", "id": 0, "result": {oops\n\n');
    // Like a 2025 server, they refuse the 2026 era probe.
    expect((await post(lab.endpoints['wrong-id'], { jsonrpc: '2.0', id: 'p', method: 'server/discover' })).status).toBe(400);
  });

  it('flaky, bad-tools and many-tools list what they promise', async () => {
    const list = async (mode: 'flaky' | 'bad-tools' | 'many-tools') =>
      (
        JSON.parse((await post(lab.endpoints[mode], { jsonrpc: '2.0', id: 1, method: 'tools/list' })).text) as {
          result: { tools: Array<{ name: string }> };
        }
      ).result.tools;
    expect((await list('flaky')).map((tool) => tool.name)).toEqual(FLAKY_TOOL_NAMES);
    expect(await list('bad-tools')).toEqual(BAD_TOOLS);
    const many = await list('many-tools');
    expect(many).toHaveLength(1000);
    expect(many[777]?.name).toBe(manyToolName(777));
    const cut = await fetch(lab.endpoints.flaky, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'cut_stream', arguments: {} } }),
    });
    await expect(cut.text()).rejects.toThrow();
  });

  it('POST /__restart forgets every session: its id gets 404 afterwards', async () => {
    const first = await post(lab.endpoints.expiring, initialize);
    expect(first.session).toBeTruthy();
    const headers = { 'mcp-session-id': first.session ?? '', 'mcp-protocol-version': '2025-06-18' };
    expect((await post(lab.endpoints.expiring, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, headers)).status).toBe(200);
    const restart = await fetch(`${lab.url}/__restart`, { method: 'POST' });
    expect(((await restart.json()) as { forgotten: number }).forgotten).toBeGreaterThanOrEqual(1);
    expect((await post(lab.endpoints.expiring, { jsonrpc: '2.0', id: 2, method: 'tools/list' }, headers)).status).toBe(404);
  });

  it("POST /__restart?mode=<mode> forgets only that mode's sessions", async () => {
    const sessionHeaders = (session: string | null) => ({ 'mcp-session-id': session ?? '', 'mcp-protocol-version': '2025-06-18' });
    const expiring = sessionHeaders((await post(lab.endpoints.expiring, initialize)).session);
    const slow = sessionHeaders((await post(lab.endpoints.slow, initialize)).session);
    const restart = await fetch(`${lab.url}/__restart?mode=expiring`, { method: 'POST' });
    expect(((await restart.json()) as { forgotten: number }).forgotten).toBe(1);
    expect((await post(lab.endpoints.expiring, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, expiring)).status).toBe(404);
    expect((await post(lab.endpoints.slow, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, slow)).status).toBe(200);
  });
});
