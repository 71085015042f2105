import { describe, expect, it } from 'vitest';
import { ProbeHttpError, ProbeRpcError, ProbeTemplates, probeKey, sendFromTemplate } from './probe-sender';

/** A fetch that records what it is sent and answers with `answer(body)`. */
function fakeFetch(answer: (body: { id: string }) => Response) {
  const sent: Array<{ url: string; init: RequestInit }> = [];
  const fetch = async (url: string | URL, init?: RequestInit) => {
    sent.push({ url: String(url), init: init! });
    return answer(JSON.parse(String(init!.body)) as { id: string });
  };
  return { fetch, sent };
}

const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });

describe('load probe requests repeated from the SDK-built one', () => {
  it('keeps the next request of the armed method as the transport sent it, and only that one', async () => {
    const templates = new ProbeTemplates();
    const { fetch, sent } = fakeFetch((body) => json({ jsonrpc: '2.0', id: body.id, result: {} }));
    const chain = templates.middleware(fetch);
    const key = probeKey('tools/list', undefined);
    const headers = new Headers({ 'mcp-session-id': 's-1', 'mcp-protocol-version': '2025-11-25', 'content-type': 'application/json' });
    await chain('http://h/mcp', { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'ping' }) });
    templates.arm(key, 'tools/list');
    await chain('http://h/mcp', {
      method: 'POST',
      headers,
      body: JSON.stringify({ jsonrpc: '2.0', id: 8, method: 'tools/list', params: { _meta: { x: 1 } } }),
    });
    await chain('http://h/mcp', { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/list' }) });
    expect(sent).toHaveLength(3);
    expect(templates.get(key)).toEqual({
      url: 'http://h/mcp',
      headers: { 'mcp-session-id': 's-1', 'mcp-protocol-version': '2025-11-25', 'content-type': 'application/json' },
      message: { jsonrpc: '2.0', id: 8, method: 'tools/list', params: { _meta: { x: 1 } } },
    });
  });

  it('sends the template with a new id and reads the result from a JSON or an event-stream answer', async () => {
    const template = {
      url: 'http://h/mcp',
      headers: { accept: 'application/json, text/event-stream' },
      message: { jsonrpc: '2.0' as const, id: 1, method: 'tools/list' },
    };
    const { fetch, sent } = fakeFetch((body) => json({ jsonrpc: '2.0', id: body.id, result: { tools: [{ name: 'a' }] } }));
    await expect(sendFromTemplate(fetch, template, 'load-1', new AbortController().signal)).resolves.toEqual({ tools: [{ name: 'a' }] });
    expect(JSON.parse(String(sent[0]!.init.body))).toEqual({ jsonrpc: '2.0', id: 'load-1', method: 'tools/list' });
    expect(sent[0]!.init.headers).toEqual(template.headers);

    const stream = (body: { id: string }) =>
      new Response(
        `event: message\ndata: {"jsonrpc":"2.0","method":"notifications/progress","params":{}}\n\nid: 1\ndata: {"jsonrpc":"2.0","id":"${body.id}","result":{"ok":true}}\n\n`,
        { headers: { 'content-type': 'text/event-stream' } },
      );
    await expect(sendFromTemplate(fakeFetch(stream).fetch, template, 'load-2', new AbortController().signal)).resolves.toEqual({
      ok: true,
    });

    // A complete 2026 result comes back as the SDK's client gives it (without resultType), so the
    // probe's first answer (the SDK's) and its repeats compare alike; another resultType stays.
    const modern = (resultType: string) =>
      fakeFetch((body) => json({ jsonrpc: '2.0', id: body.id, result: { content: [], resultType } })).fetch;
    await expect(sendFromTemplate(modern('complete'), template, 'load-3', new AbortController().signal)).resolves.toEqual({ content: [] });
    await expect(sendFromTemplate(modern('input_required'), template, 'load-4', new AbortController().signal)).resolves.toEqual({
      content: [],
      resultType: 'input_required',
    });
  });

  it('throws a JSON-RPC error with its code, another status with its status, and an answer to another id as missing', async () => {
    const template = { url: 'http://h/mcp', headers: {}, message: { jsonrpc: '2.0' as const, id: 1, method: 'tools/call' } };
    const signal = new AbortController().signal;
    const rpc = fakeFetch((body) => json({ jsonrpc: '2.0', id: body.id, error: { code: -32602, message: 'Unknown tool' } }));
    const error = await sendFromTemplate(rpc.fetch, template, 'load-3', signal).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProbeRpcError);
    expect(error).toMatchObject({ code: -32602, message: 'MCP error -32602: Unknown tool' });

    const http = fakeFetch(() => new Response('Too many', { status: 429 }));
    await expect(sendFromTemplate(http.fetch, template, 'load-4', signal)).rejects.toEqual(new ProbeHttpError(429, 'Too many'));

    const stray = fakeFetch(() => json({ jsonrpc: '2.0', id: 'other', result: {} }));
    await expect(sendFromTemplate(stray.fetch, template, 'load-5', signal)).rejects.toThrow('carried no response to request load-5');
  });
});
