import { describe, expect, it } from 'vitest';
import { parseOpenAIError } from './openai-error';

describe('parseOpenAIError', () => {
  it('reads the OpenAI error shape, parsed or as text', () => {
    const body = {
      error: { message: 'Incorrect API key provided: bad-key.', type: 'invalid_request_error', param: null, code: 'invalid_api_key' },
    };
    expect(parseOpenAIError(body)).toEqual({ type: 'invalid_request_error', message: 'Incorrect API key provided: bad-key.' });
    expect(parseOpenAIError(JSON.stringify(body))).toEqual({
      type: 'invalid_request_error',
      message: 'Incorrect API key provided: bad-key.',
    });
  });

  it('falls back to the code (OpenRouter) and to other shapes (Ollama, plain text)', () => {
    expect(parseOpenAIError({ error: { code: 429, message: 'Rate limit exceeded' } })).toEqual({
      type: '429',
      message: 'Rate limit exceeded',
    });
    expect(parseOpenAIError({ error: 'model "llama9" not found, try pulling it first' })).toEqual({
      type: 'unknown',
      message: 'model "llama9" not found, try pulling it first',
    });
    expect(parseOpenAIError('Not Found')).toEqual({ type: 'unknown', message: 'Not Found' });
    expect(parseOpenAIError('x'.repeat(600)).message).toHaveLength(501);
  });
});
