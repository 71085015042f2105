/**
 * Drives the scripted model server with fetch, in every wire format, JSON and streaming, using
 * Glassbox's own request builders and parsers: if the fixture and the parsers disagree about a
 * wire format, this fails.
 */
import { createParser } from 'eventsource-parser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { NeutralMessage, NeutralRequest, StreamEvent } from '../../src/core/conversation';
import {
  PROVIDERS,
  ProviderStreamError,
  StreamCutError,
  explainModelHttpError,
  hasInvalidArguments,
  type ModelStreamParser,
  type ProviderId,
} from '../../src/core/providers';
import { start, type ModelServerHandle, type ScriptStep } from './model-server.mjs';

let server: ModelServerHandle;

beforeAll(async () => {
  server = await start({ port: 0, chunkDelayMs: 5 });
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.reset();
});

/** The wire formats the scripted model server speaks (the in-page demo format is not one of them). */
const FORMATS = ['anthropic', 'openai', 'openai-responses'] as const satisfies readonly ProviderId[];

const TOOLS = [
  {
    name: 'weather_get_forecast',
    description: 'Forecast for a city.',
    inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  },
];

/** Chat Completions bases end in /v1; Anthropic's and the Responses API's do not. */
function baseUrl(provider: ProviderId): string {
  return provider === 'openai' ? `${server.url}/v1` : server.url;
}

function neutral(overrides: Partial<NeutralRequest> = {}): NeutralRequest {
  return {
    model: 'scripted-model',
    system: 'Be brief.',
    messages: [{ role: 'user', parts: [{ type: 'text', text: 'Weather in Paris?' }] }],
    tools: TOOLS,
    maxTokens: 200,
    stream: false,
    ...overrides,
  };
}

async function script(steps: ScriptStep[]): Promise<void> {
  const response = await fetch(`${server.url}/__script`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(steps),
  });
  expect(response.status).toBe(200);
}

/** Builds a request with Glassbox's builder and sends it. */
async function send(provider: ProviderId, request: NeutralRequest, apiKey = 'test-key', headers: Record<string, string> = {}) {
  const built = PROVIDERS[provider].buildRequest(request, { baseUrl: baseUrl(provider), apiKey });
  expect(built.warnings).toEqual([]);
  const response = await fetch(built.url, {
    method: 'POST',
    headers: { ...built.headers, ...headers },
    body: JSON.stringify(built.body),
  });
  return { built, response };
}

/** Reads a streamed response as it arrives, splitting with eventsource-parser, into a parser. */
async function readStream(response: Response, parser: ModelStreamParser) {
  const events: Array<StreamEvent & { atMs: number }> = [];
  const started = Date.now();
  const splitter = createParser({
    onEvent: (message) => {
      const input = message.event === undefined ? { data: message.data } : { event: message.event, data: message.data };
      for (const event of parser.push(input)) events.push({ ...event, atMs: Date.now() - started });
    },
  });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    splitter.feed(value);
  }
  return events;
}

async function recorded() {
  const response = await fetch(`${server.url}/__requests`);
  return (await response.json()) as ReturnType<ModelServerHandle['requests']>;
}

describe('scripted model server: CORS', () => {
  it('answers the preflight for both formats with the headers a browser needs', async () => {
    const response = await fetch(`${server.url}/v1/messages`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-api-key,anthropic-version,anthropic-dangerous-direct-browser-access',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    const allowed = response.headers.get('access-control-allow-headers')!.split(', ');
    for (const header of ['content-type', 'authorization', 'x-api-key', 'anthropic-version', 'anthropic-dangerous-direct-browser-access']) {
      expect(allowed).toContain(header);
    }
    expect(response.headers.get('access-control-expose-headers')).toContain('retry-after');
    expect(response.headers.get('access-control-expose-headers')).toContain('request-id');
  });
});

describe.each(FORMATS)('scripted model server: %s', (provider) => {
  const adapter = () => PROVIDERS[provider];

  it('answers a JSON request with scripted text, and records the request with headers and body', async () => {
    await script([{ text: 'Sunny in Paris.' }]);
    const { built, response } = await send(provider, neutral());
    expect(response.status).toBe(200);
    const { response: reply, warnings } = adapter().parseResponse(await response.json());
    expect(warnings).toEqual([]);
    expect(reply.parts).toEqual([{ type: 'text', text: 'Sunny in Paris.' }]);
    expect(reply.stopReason).toBe('end-turn');
    expect(reply.model).toBe('scripted-model');
    expect(reply.usage.inputTokens).toBeGreaterThan(0);

    const [request] = await recorded();
    expect(request).toMatchObject({ format: provider, status: 200, stream: false, body: built.body });
    if (provider === 'anthropic') {
      expect(request!.headers['x-api-key']).toBe('test-key');
      expect(request!.headers['anthropic-version']).toBe('2023-06-01');
    } else {
      expect(request!.headers['authorization']).toBe('Bearer test-key');
    }
  });

  it('streams text and parallel tool calls in the real format, observably over time', async () => {
    await script([
      {
        text: 'Checking the two cities you asked about right now.',
        toolCalls: [
          { name: 'weather_get_forecast', input: { city: 'Paris' } },
          { name: 'weather_get_forecast', input: { city: 'Oslo' } },
        ],
      },
    ]);
    const { response } = await send(provider, neutral({ stream: true }));
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const parser = adapter().createStreamParser();
    const events = await readStream(response, parser);
    const final = parser.finish();

    const deltas = events.filter((event) => event.type === 'text-delta');
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.at(-1)!.atMs).toBeGreaterThan(deltas[0]!.atMs);
    expect(
      events.filter((event) => event.type === 'tool-call-start').map((event) => event.type === 'tool-call-start' && event.index),
    ).toEqual([0, 1]);
    expect(events.some((event) => event.type === 'usage')).toBe(true);
    expect(events.at(-1)?.type).toBe('done');

    expect(final.parts).toEqual([
      { type: 'text', text: 'Checking the two cities you asked about right now.' },
      { type: 'tool-call', toolCallId: expect.any(String), toolName: 'weather_get_forecast', input: { city: 'Paris' } },
      { type: 'tool-call', toolCallId: expect.any(String), toolName: 'weather_get_forecast', input: { city: 'Oslo' } },
    ]);
    expect(final.stopReason).toBe('tool-calls');
    expect(final.usage.outputTokens).toBeGreaterThan(0);
    expect(parser.warnings).toEqual([]);
  });

  it('answers with "(script empty)" when the queue is empty', async () => {
    const { response } = await send(provider, neutral());
    expect(adapter().parseResponse(await response.json()).response.parts).toEqual([{ type: 'text', text: '(script empty)' }]);
  });

  it("refuses a missing or bad key with 401 and the provider's error body", async () => {
    const missing = await send(provider, neutral(), '');
    expect(missing.response.status).toBe(401);
    const bad = await send(provider, neutral(), 'bad-key');
    expect(bad.response.status).toBe(401);
    const error = adapter().parseError(await bad.response.json());
    expect(error.type).toBe(provider === 'anthropic' ? 'authentication_error' : 'invalid_request_error');
    expect(error.message).toMatch(provider === 'anthropic' ? /invalid x-api-key/ : /Incorrect API key/);
    expect(explainModelHttpError({ provider, url: bad.built.url, status: 401, body: error }).code).toBe('bad-key');
  });

  it('sends a scripted 429 with retry-after, which the explainer turns into a wait', async () => {
    await script([{ error: { status: 429, retryAfter: 1 } }, { text: 'after the wait' }]);
    const first = await send(provider, neutral());
    expect(first.response.status).toBe(429);
    expect(first.response.headers.get('retry-after')).toBe('1');
    const explained = explainModelHttpError({
      provider,
      url: first.built.url,
      status: 429,
      body: await first.response.json(),
      retryAfter: first.response.headers.get('retry-after'),
    });
    expect(explained).toMatchObject({ code: 'rate-limited', retryable: true, retryAfterMs: 1000 });
    const second = await send(provider, neutral());
    expect(adapter().parseResponse(await second.response.json()).response.parts).toEqual([{ type: 'text', text: 'after the wait' }]);
  });

  it('sends a stream error event that the parser turns into ProviderStreamError', async () => {
    await script([{ streamError: 'overloaded_error' }]);
    const { response } = await send(provider, neutral({ stream: true }));
    const parser = adapter().createStreamParser();
    const events = await readStream(response, parser);
    expect(events.at(-1)).toMatchObject({ type: 'error', errorType: 'overloaded_error' });
    expect(() => parser.finish()).toThrow(ProviderStreamError);
  });

  it('answers a JSON request for a stream error with the matching HTTP error', async () => {
    await script([{ streamError: 'overloaded_error' }]);
    const { response } = await send(provider, neutral());
    expect(response.status).toBe(provider === 'anthropic' ? 529 : 503);
    expect(adapter().parseError(await response.json()).type).toBe('overloaded_error');
  });

  it('cuts a stream before its end marker, which the parser reports as StreamCutError', async () => {
    await script([{ cutStream: true, toolCalls: [{ name: 'weather_get_forecast', input: { city: 'Lisbon' } }] }]);
    const { response } = await send(provider, neutral({ stream: true }));
    const parser = adapter().createStreamParser();
    await readStream(response, parser);
    expect(() => parser.finish()).toThrow(StreamCutError);
  });

  it('can abort the connection mid-stream', async () => {
    await script([{ cutStream: 'abort' }]);
    const { response } = await send(provider, neutral({ stream: true }));
    await expect(readStream(response, adapter().createStreamParser())).rejects.toThrow();
  });

  it('waits delayMs before answering', async () => {
    await script([{ delayMs: 150, text: 'slow' }]);
    const started = Date.now();
    const { response } = await send(provider, neutral());
    await response.json();
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('echoes the tool results the model was shown, including errors and images', async () => {
    const history: NeutralMessage[] = [
      { role: 'user', parts: [{ type: 'text', text: 'Weather and a chart?' }] },
      {
        role: 'assistant',
        parts: [
          { type: 'tool-call', toolCallId: 'call_1', toolName: 'weather_get_forecast', input: { city: 'Paris' } },
          { type: 'tool-call', toolCallId: 'call_2', toolName: 'charts_render', input: { city: 'Paris' } },
        ],
      },
      {
        role: 'tool',
        parts: [
          {
            type: 'tool-result',
            toolCallId: 'call_1',
            toolName: 'weather_get_forecast',
            result: { parts: [{ type: 'text', text: 'Unknown city' }], isError: true },
          },
          {
            type: 'tool-result',
            toolCallId: 'call_2',
            toolName: 'charts_render',
            result: { parts: [{ type: 'image', mediaType: 'image/png', data: 'AAAA' }], isError: false },
          },
        ],
      },
    ];
    await script([{ echoToolResults: true }]);
    const { response } = await send(provider, neutral({ messages: history }));
    const [text] = adapter().parseResponse(await response.json()).response.parts;
    const summary = text?.type === 'text' ? text.text : '';
    expect(summary).toContain('Tool results seen (2):');
    expect(summary).toContain('- weather_get_forecast [call_1] error: ');
    expect(summary).toContain('Unknown city');
    expect(summary).toContain('- charts_render [call_2] ok: ');
    expect(summary).toContain('(+1 image)');
  });

  it('rejects a history whose tool calls have no results, like the real API', async () => {
    const histories = {
      anthropic: {
        messages: [
          { role: 'user', content: [{ type: 'text', text: 'hi' }] },
          { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'f', input: {} }] },
          { role: 'user', content: [{ type: 'text', text: 'and?' }] },
        ],
      },
      openai: {
        messages: [
          { role: 'user', content: 'hi' },
          { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'f', arguments: '{}' } }] },
          { role: 'user', content: 'and?' },
        ],
      },
      'openai-responses': {
        input: [
          { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'hi' }] },
          { type: 'function_call', call_id: 'call_1', name: 'f', arguments: '{}' },
          { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'and?' }] },
        ],
      },
    };
    const answers = { anthropic: /tool_use/, openai: /tool_call_ids/, 'openai-responses': /No tool output found for function call call_1/ };
    const broken = { model: 'scripted-model', max_tokens: 10, ...histories[provider] };
    const built = PROVIDERS[provider].buildRequest(neutral(), { baseUrl: baseUrl(provider), apiKey: 'k' });
    const response = await fetch(built.url, { method: 'POST', headers: built.headers, body: JSON.stringify(broken) });
    expect(response.status).toBe(400);
    expect(adapter().parseError(await response.json()).message).toMatch(answers[provider]);
  });
});

describe('scripted model server: format details', () => {
  it('refuses a Responses request that leans on server state or sends Chat Completions tools', async () => {
    const built = PROVIDERS['openai-responses'].buildRequest(neutral(), { baseUrl: server.url, apiKey: 'k' });
    for (const [patch, message] of [
      [{ previous_response_id: 'resp_1' }, /self-contained/],
      [{ tools: [{ type: 'function', function: { name: 'f', parameters: {} } }] }, /flat/],
    ] as const) {
      const response = await fetch(built.url, {
        method: 'POST',
        headers: built.headers,
        body: JSON.stringify({ ...built.body, ...patch }),
      });
      expect(response.status).toBe(400);
      expect(PROVIDERS['openai-responses'].parseError(await response.json()).message).toMatch(message);
    }
  });

  it('sends OpenAI arguments that are not JSON when badArguments is set, in JSON and streamed replies', async () => {
    const step: ScriptStep = { badArguments: true, toolCalls: [{ name: 'weather_get_forecast', input: { city: 'Paris' } }] };
    await script([step, step]);
    const json = await send('openai', neutral());
    const parsed = PROVIDERS.openai.parseResponse(await json.response.json());
    const call = parsed.response.parts[0];
    expect(call?.type === 'tool-call' && hasInvalidArguments(call)).toBe(true);
    expect(parsed.warnings).toHaveLength(1);

    const streamed = await send('openai', neutral({ stream: true }));
    const parser = PROVIDERS.openai.createStreamParser();
    await readStream(streamed.response, parser);
    const streamedCall = parser.finish().parts[0];
    expect(streamedCall?.type === 'tool-call' && hasInvalidArguments(streamedCall)).toBe(true);
    expect(streamedCall).toMatchObject({ rawArguments: '{"city":"Paris"' });
  });

  it('accepts /chat/completions under any base path', async () => {
    await script([{ text: 'via a proxy path' }]);
    const built = PROVIDERS.openai.buildRequest(neutral(), { baseUrl: `${server.url}/openai/v1`, apiKey: 'k' });
    const response = await fetch(built.url, { method: 'POST', headers: built.headers, body: JSON.stringify(built.body) });
    expect(PROVIDERS.openai.parseResponse(await response.json()).response.parts).toEqual([{ type: 'text', text: 'via a proxy path' }]);
  });

  it('sends the usage chunk only when the request asks for it (stream_options.include_usage)', async () => {
    await script([{ text: 'no usage please' }]);
    const built = PROVIDERS.openai.buildRequest(neutral({ stream: true }), { baseUrl: `${server.url}/v1`, apiKey: 'k' });
    const body = { ...built.body, stream_options: undefined };
    const response = await fetch(built.url, { method: 'POST', headers: built.headers, body: JSON.stringify(body) });
    const parser = PROVIDERS.openai.createStreamParser();
    const events = await readStream(response, parser);
    expect(events.some((event) => event.type === 'usage')).toBe(false);
    expect(parser.finish().usage).toEqual({});
  });

  it('refuses an Anthropic browser request without the direct-browser-access header', async () => {
    const built = PROVIDERS.anthropic.buildRequest(neutral(), { baseUrl: server.url, apiKey: 'k' });
    const headers = { ...built.headers, origin: 'http://localhost:5173' };
    delete (headers as Record<string, string>)['anthropic-dangerous-direct-browser-access'];
    const response = await fetch(built.url, { method: 'POST', headers, body: JSON.stringify(built.body) });
    expect(response.status).toBe(401);
    expect(PROVIDERS.anthropic.parseError(await response.json()).message).toContain('anthropic-dangerous-direct-browser-access');
  });

  it('applies a scripted stop reason in each format', async () => {
    await script([
      { text: 'cut', stopReason: 'max-tokens' },
      { text: 'cut', stopReason: 'max-tokens' },
    ]);
    const anthropic = await send('anthropic', neutral());
    expect(PROVIDERS.anthropic.parseResponse(await anthropic.response.json()).response).toMatchObject({
      stopReason: 'max-tokens',
      rawStopReason: 'max_tokens',
    });
    const openai = await send('openai', neutral());
    expect(PROVIDERS.openai.parseResponse(await openai.response.json()).response).toMatchObject({
      stopReason: 'max-tokens',
      rawStopReason: 'length',
    });
  });

  it('reports the queue, and /__reset clears queue and log', async () => {
    await script([{ text: 'a' }, { text: 'b' }]);
    await send('openai', neutral());
    expect(await (await fetch(`${server.url}/__script`)).json()).toEqual([{ text: 'b' }]);
    expect(await recorded()).toHaveLength(1);
    await fetch(`${server.url}/__reset`, { method: 'POST' });
    expect(await recorded()).toEqual([]);
    expect(await (await fetch(`${server.url}/__script`)).json()).toEqual([]);
  });
});
