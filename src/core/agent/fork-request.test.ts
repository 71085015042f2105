import { describe, expect, it } from 'vitest';
import { createWireTap, SecretRegistry, TrafficLog } from '../traffic';
import type { CallContext } from '../traffic';
import { checkForkBody, ForkRequestError, restoreHeaders, sendFork } from './fork-request';

const KEY = 'sk-ant-real-key-123456';

/** A log with one recorded model request (sent with the key), and a fake model server behind the tap. */
async function recorded() {
  const log = new TrafficLog();
  const secrets = new SecretRegistry();
  secrets.add(KEY);
  const seen: { url: string; headers: Record<string, string>; body: string }[] = [];
  const server = (async (url: string | URL, init?: RequestInit) => {
    seen.push({ url: String(url), headers: Object.fromEntries(new Headers(init?.headers).entries()), body: String(init?.body) });
    return new Response(JSON.stringify({ id: 'msg_2', content: [{ type: 'text', text: 'forked answer' }] }), {
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  const modelFetch = (source: string, context: CallContext) =>
    createWireTap({ log, wire: 'model', source, secrets, context })(server) as typeof fetch;
  const first = modelFetch('anthropic', { turn: 1, step: 1 });
  const body = JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'hello' }] });
  await (
    await first('http://model.test/v1/messages', {
      method: 'POST',
      headers: { 'x-api-key': KEY, 'content-type': 'application/json', 'anthropic-version': '2023-06-01' },
      body,
    })
  ).text();
  const original = log.getSnapshot().exchanges[0]!;
  return { log, seen, modelFetch, original, body };
}

describe('sendFork', () => {
  it('sends exactly the edited body to the same URL with the current key, recorded as a fork with its reply', async () => {
    const { log, seen, modelFetch, original, body } = await recorded();
    expect(original.requestHeaders['x-api-key']).not.toContain(KEY);
    const edited = '{"model":"m","messages":[{"role":"user","content":"hello, edited"}]}';

    const result = await sendFork(original, edited, { modelFetch, apiKey: () => KEY });

    expect(result.status).toBe(200);
    expect(result.text).toContain('forked answer');
    const sent = seen[1]!;
    expect(sent.url).toBe('http://model.test/v1/messages');
    expect(sent.body).toBe(edited);
    expect(sent.headers['x-api-key']).toBe(KEY);
    expect(sent.headers['anthropic-version']).toBe('2023-06-01');
    const exchanges = log.getSnapshot().exchanges;
    expect(exchanges).toHaveLength(2);
    const fork = exchanges[1]!;
    expect(fork).toMatchObject({
      wire: 'model',
      source: 'anthropic',
      forkOf: original.id,
      requestBody: edited,
      state: 'done',
      status: 200,
    });
    expect(fork.turn).toBeUndefined();
    expect(fork.responseBody).toContain('forked answer');
    expect(JSON.stringify(fork.requestHeaders)).not.toContain(KEY);
    // The original stays as it was.
    expect(log.getExchange(original.id)?.requestBody).toBe(body);
    expect(log.getExchange(original.id)?.forkOf).toBeUndefined();
  });

  it('refuses a body that is not JSON, before anything is sent', async () => {
    const { seen, modelFetch, original } = await recorded();
    await expect(sendFork(original, '{"model":', { modelFetch, apiKey: () => KEY })).rejects.toMatchObject({ code: 'invalid-json' });
    expect(seen).toHaveLength(1);
  });

  it('refuses an MCP exchange', async () => {
    const { modelFetch, original } = await recorded();
    await expect(sendFork({ ...original, wire: 'mcp' }, '{}', { modelFetch, apiKey: () => KEY })).rejects.toBeInstanceOf(ForkRequestError);
  });
});

describe('restoreHeaders', () => {
  it('puts the current key where the record has the redaction mark, keeping the scheme', () => {
    expect(restoreHeaders({ authorization: 'Bearer [redacted]', 'content-length': '12', accept: 'text/event-stream' }, 'k1')).toEqual({
      authorization: 'Bearer k1',
      accept: 'text/event-stream',
    });
  });

  it('asks for a key when the original carried one and none is set', () => {
    expect(() => restoreHeaders({ 'x-api-key': '[redacted]' }, '')).toThrow(expect.objectContaining({ code: 'no-key' }));
  });
});

describe('checkForkBody', () => {
  it('returns the exact text of valid JSON', () => {
    expect(checkForkBody('{ "a" : 1 }')).toBe('{ "a" : 1 }');
  });
});
