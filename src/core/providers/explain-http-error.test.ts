import { describe, expect, it } from 'vitest';
import { explainModelHttpError, parseRetryAfter } from './explain-http-error';

const anthropicUrl = 'https://api.anthropic.com/v1/messages';
const openAIUrl = 'https://api.openai.com/v1/chat/completions';

describe('explainModelHttpError', () => {
  it('401: the key was refused, with the provider message', () => {
    const explained = explainModelHttpError({
      provider: 'anthropic',
      url: anthropicUrl,
      status: 401,
      body: { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } },
    });
    expect(explained.code).toBe('bad-key');
    expect(explained.retryable).toBe(false);
    expect(explained.providerError).toEqual({ type: 'authentication_error', message: 'invalid x-api-key' });
    expect(explained.detail).toContain('Anthropic answered 401. The server said: invalid x-api-key');
    expect(explained.detail).toContain('belongs to this provider');
  });

  it('403 forbidden', () => {
    expect(explainModelHttpError({ provider: 'openai', url: openAIUrl, status: 403 }).code).toBe('forbidden');
  });

  it('404: names both the model and the URL', () => {
    const explained = explainModelHttpError({
      provider: 'openai',
      url: 'http://localhost:11434/v1/chat/completions',
      model: 'llama9',
      status: 404,
      body: '{"error":{"message":"model \\"llama9\\" not found, try pulling it first","type":"api_error"}}',
    });
    expect(explained.code).toBe('not-found');
    expect(explained.detail).toContain('"llama9"');
    expect(explained.detail).toContain('http://localhost:11434/v1/chat/completions');
    expect(explained.detail).toContain('localhost:11434 answered 404');
  });

  it('429: retryable, honouring retry-after in seconds or as a date', () => {
    const seconds = explainModelHttpError({ provider: 'anthropic', url: anthropicUrl, status: 429, retryAfter: '7' });
    expect(seconds).toMatchObject({ code: 'rate-limited', retryable: true, retryAfterMs: 7000 });
    expect(seconds.detail).toContain('wait 7 seconds');
    const date = explainModelHttpError({
      provider: 'openai',
      url: openAIUrl,
      status: 429,
      retryAfter: 'Wed, 21 Oct 2026 07:28:02 GMT',
      now: Date.parse('Wed, 21 Oct 2026 07:28:00 GMT'),
    });
    expect(date.retryAfterMs).toBe(2000);
    expect(explainModelHttpError({ provider: 'openai', url: openAIUrl, status: 429 })).not.toHaveProperty('retryAfterMs');
  });

  it('429 insufficient_quota is not worth retrying', () => {
    const explained = explainModelHttpError({
      provider: 'openai',
      url: openAIUrl,
      status: 429,
      body: { error: { message: 'You exceeded your current quota', type: 'insufficient_quota', code: 'insufficient_quota' } },
    });
    expect(explained).toMatchObject({ code: 'rate-limited', retryable: false });
  });

  it('529 and overloaded_error bodies are "overloaded"; other 5xx are server errors; both retryable', () => {
    expect(explainModelHttpError({ provider: 'anthropic', url: anthropicUrl, status: 529 })).toMatchObject({
      code: 'overloaded',
      retryable: true,
    });
    expect(
      explainModelHttpError({
        provider: 'anthropic',
        url: anthropicUrl,
        status: 503,
        body: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
      }),
    ).toMatchObject({ code: 'overloaded', retryable: true });
    expect(explainModelHttpError({ provider: 'openai', url: openAIUrl, status: 502, body: '<html>Bad gateway</html>' })).toMatchObject({
      code: 'server-error',
      retryable: true,
    });
  });

  it('400: a bad request, not retryable, with the provider message', () => {
    const explained = explainModelHttpError({
      provider: 'anthropic',
      url: anthropicUrl,
      status: 400,
      body: { type: 'error', error: { type: 'invalid_request_error', message: 'messages: roles must alternate' } },
    });
    expect(explained).toMatchObject({ code: 'bad-request', retryable: false });
    expect(explained.detail).toContain('roles must alternate');
  });

  it('a failed fetch across origins is explained as CORS, with the fix for each known endpoint', () => {
    const page = 'https://glassbox.example';
    const lmStudio = explainModelHttpError({ provider: 'openai', url: 'http://localhost:1234/v1/chat/completions', pageOrigin: page });
    expect(lmStudio).toMatchObject({ code: 'cors', retryable: false });
    expect(lmStudio.detail).toContain('Enable CORS');
    const ollama = explainModelHttpError({ provider: 'openai', url: 'http://127.0.0.1:11434/v1/chat/completions', pageOrigin: page });
    expect(ollama.detail).toContain('OLLAMA_ORIGINS=https://glassbox.example');
    expect(explainModelHttpError({ provider: 'openai', url: openAIUrl, pageOrigin: page }).detail).toContain('proxy');
    const other = explainModelHttpError({ provider: 'openai', url: 'https://llm.example/v1/chat/completions', pageOrigin: page });
    expect(other.title).toBe('The browser could not call https://llm.example');
    expect(other.detail).toContain('OPTIONS /v1/chat/completions');
    expect(other.detail).toContain('authorization');
  });

  it("a failed fetch to the page's own origin, or while offline, is a network problem", () => {
    expect(
      explainModelHttpError({
        provider: 'openai',
        url: 'https://glassbox.example/proxy/v1/chat/completions',
        pageOrigin: 'https://glassbox.example',
      }),
    ).toMatchObject({ code: 'network', retryable: true });
    expect(explainModelHttpError({ provider: 'anthropic', url: anthropicUrl, failure: 'offline' })).toMatchObject({ code: 'network' });
  });

  it('a cut stream is retryable; a malformed reply is not', () => {
    const cut = explainModelHttpError({ provider: 'openai', url: openAIUrl, failure: 'stream-cut' });
    expect(cut).toMatchObject({ code: 'stream-cut', retryable: true });
    expect(cut.detail).toContain('data: [DONE]');
    expect(explainModelHttpError({ provider: 'anthropic', url: anthropicUrl, failure: 'malformed' })).toMatchObject({
      code: 'malformed',
      retryable: false,
    });
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and dates, refuses the rest', () => {
    expect(parseRetryAfter('1.5')).toBe(1500);
    expect(parseRetryAfter(3)).toBe(3000);
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter('Wed, 21 Oct 2026 07:28:00 GMT')).toBeUndefined();
    expect(parseRetryAfter('Wed, 21 Oct 2026 07:28:00 GMT', Date.parse('Wed, 21 Oct 2026 07:29:00 GMT'))).toBe(0);
    expect(parseRetryAfter(null)).toBeUndefined();
  });
});
