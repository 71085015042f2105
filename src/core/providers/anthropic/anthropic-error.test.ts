import { describe, expect, it } from 'vitest';
import { parseAnthropicError } from './anthropic-error';

describe('parseAnthropicError', () => {
  it('reads the Anthropic error shape, parsed or as text', () => {
    const body = { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' }, request_id: 'req_1' };
    expect(parseAnthropicError(body)).toEqual({ type: 'overloaded_error', message: 'Overloaded' });
    expect(parseAnthropicError(JSON.stringify(body))).toEqual({ type: 'overloaded_error', message: 'Overloaded' });
  });

  it('reads other shapes as well as it can', () => {
    expect(parseAnthropicError('<html><body>502 Bad Gateway</body></html>')).toEqual({
      type: 'unknown',
      message: '<html><body>502 Bad Gateway</body></html>',
    });
    expect(parseAnthropicError({ error: { message: 'x', type: 'proxy_error' } })).toEqual({ type: 'proxy_error', message: 'x' });
    expect(parseAnthropicError('')).toEqual({ type: 'unknown', message: 'The server gave no error message.' });
    expect(parseAnthropicError(undefined)).toEqual({ type: 'unknown', message: 'The server gave no error message.' });
  });
});
