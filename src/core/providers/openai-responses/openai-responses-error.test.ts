import { describe, expect, it } from 'vitest';
import { parseOpenAIResponsesError, readResponsesStreamError } from './openai-responses-error';

describe('Responses API errors', () => {
  it('reads an HTTP error body', () => {
    expect(
      parseOpenAIResponsesError(
        '{"error":{"message":"Incorrect API key provided","type":"invalid_request_error","code":"invalid_api_key"}}',
      ),
    ).toEqual({
      type: 'invalid_request_error',
      message: 'Incorrect API key provided',
    });
  });

  it('reads an error event and a failed response', () => {
    expect(readResponsesStreamError({ type: 'error', code: 'rate_limit_exceeded', message: 'Slow down' })).toEqual({
      type: 'rate_limit_exceeded',
      message: 'Slow down',
    });
    expect(readResponsesStreamError({ type: 'response.failed', response: { error: { code: 'server_error', message: 'Boom' } } })).toEqual({
      type: 'server_error',
      message: 'Boom',
    });
    expect(readResponsesStreamError({ type: 'error', code: null, message: '' })).toEqual({
      type: 'unknown',
      message: 'The stream reported an error without a message.',
    });
  });
});
