import { ProtocolError, SdkError, SdkErrorCode, SdkHttpError } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import {
  describeChallenge,
  excerpt,
  explainRequestError,
  explainResponseFailure,
  explainTimeout,
  formatTimeout,
  parseChallenge,
} from './explain-failure';
import { McpError } from './mcp-error';

const CALL = { id: 3, method: 'tools/call' };

describe('formatTimeout and excerpt', () => {
  it('says durations the way a person would', () => {
    expect(formatTimeout(2000)).toBe('2 s');
    expect(formatTimeout(1500)).toBe('1.5 s');
    expect(formatTimeout(60_000)).toBe('60 s');
    expect(formatTimeout(800)).toBe('800 ms');
  });

  it('flattens whitespace and cuts long text', () => {
    expect(excerpt('a\n  b')).toBe('a b');
    expect(excerpt('x'.repeat(300), 10)).toBe(`${'x'.repeat(10)}…`);
  });
});

describe('explainResponseFailure', () => {
  it('gives each failure its reason and a title that says what came back', () => {
    expect(explainResponseFailure({ reason: 'unknown-response-id', gotIds: [1003] }, CALL)).toMatchObject({
      code: 'protocol-error',
      reason: 'unknown-response-id',
      title: 'The server answered a request id the client never sent (sent #3, got #1003)',
    });
    expect(explainResponseFailure({ reason: 'not-json-rpc', text: '{"hello":"world"}' }, CALL)).toMatchObject({
      reason: 'not-json-rpc',
      title: 'The server answered with JSON that is not JSON-RPC',
      detail: expect.stringContaining('{"hello":"world"}') as unknown,
    });
    expect(explainResponseFailure({ reason: 'stream-closed', cut: true, events: 1, error: 'terminated' }, CALL)).toMatchObject({
      reason: 'stream-closed',
      title: 'The server closed the stream before answering',
      detail: expect.stringContaining('was cut off after 1 event, without the result (terminated)') as unknown,
    });
    expect(explainResponseFailure({ reason: 'wrong-content-type', contentType: 'text/html' })).toMatchObject({
      title: 'The server answered with Content-Type text/html, not JSON or an event stream',
      headersToAdd: ['Content-Type: application/json'],
    });
    expect(
      explainResponseFailure({ reason: 'not-json', text: 'oops', contentType: 'application/json' }, { id: 'p', method: 'server/discover' })
        .detail,
    ).toContain('The answer to the era probe (server/discover) (application/json) was: oops');
    expect(explainResponseFailure({ reason: 'malformed-sse', data: '{bad' }, CALL).title).toBe(
      'The server sent an SSE event whose data is not JSON',
    );
  });

  it('explains a timeout with the configured duration', () => {
    expect(explainTimeout(2000, CALL).title).toBe('No answer within 2 s — the request was cancelled');
    expect(explainTimeout(2000, CALL).detail).toContain('notifications/cancelled');
    expect(explainTimeout(2000, { id: 0, method: 'initialize' }).detail).toContain('initialize got no answer in time');
  });
});

describe('a coded McpError', () => {
  it('is explained by its own diagnosis, whatever its message says', () => {
    const diagnosis = explainResponseFailure({ reason: 'stream-closed', cut: false, events: 0 }, CALL);
    const error = new McpError(diagnosis);
    expect(error.category).toBe('protocol');
    expect(explainRequestError(error, { timeoutMs: 1000 })).toBe(diagnosis);
    // A server's JSON-RPC error is its answer: nothing to explain.
    expect(explainRequestError(new ProtocolError(-32602, 'Unknown tool'), { timeoutMs: 1000 })).toBeUndefined();
  });
});

describe('explainRequestError', () => {
  it('classifies the SDK errors by code and name', () => {
    expect(
      explainRequestError(new SdkError(SdkErrorCode.RequestTimeout, 'Request timed out', { timeout: 2000 }), {
        request: CALL,
        timeoutMs: 2000,
      })?.title,
    ).toBe('No answer within 2 s — the request was cancelled');
    expect(
      explainRequestError(
        new SdkError(SdkErrorCode.ClientHttpUnexpectedContent, 'Unexpected content type: text/plain', { contentType: 'text/plain' }),
        { timeoutMs: 1 },
      ),
    ).toMatchObject({ reason: 'wrong-content-type', title: expect.stringContaining('Content-Type text/plain') as unknown });
    let syntaxError: unknown;
    try {
      JSON.parse('nope');
    } catch (error) {
      syntaxError = error;
    }
    expect(explainRequestError(syntaxError, { timeoutMs: 1 })?.reason).toBe('not-json');
    const zodLike = Object.assign(new Error('[\n  {\n    "code": "invalid_union"\n  }\n]'), { name: 'ZodError' });
    expect(explainRequestError(zodLike, { timeoutMs: 1 })?.reason).toBe('not-json-rpc');
    expect(
      explainRequestError(
        new SdkHttpError(SdkErrorCode.ClientHttpNotImplemented, 'Error POSTing to endpoint: down', {
          status: 500,
          statusText: 'Internal Server Error',
          text: 'database is down',
        }),
        {
          request: CALL,
          timeoutMs: 1,
        },
      ),
    ).toMatchObject({
      code: 'http-error',
      status: 500,
      title: 'The server answered HTTP 500 Internal Server Error',
      detail: 'Its reply to tools/call (#3): database is down',
    });
  });

  it('leaves a JSON-RPC error the server sent, and unknown errors, unexplained', () => {
    expect(explainRequestError(new ProtocolError(-32602, 'Unknown tool: x'), { timeoutMs: 1 })).toBeUndefined();
    expect(explainRequestError(new TypeError('Failed to fetch'), { timeoutMs: 1 })).toBeUndefined();
  });

  it('prefers what the watch found over the SDK error', () => {
    const found = explainRequestError(new SdkError(SdkErrorCode.RequestTimeout, 'Request timed out'), {
      request: CALL,
      timeoutMs: 1000,
      failure: { reason: 'malformed-sse', data: '{oops' },
    });
    expect(found?.reason).toBe('malformed-sse');
  });
});

describe('WWW-Authenticate challenges', () => {
  it('reads quoted and bare parameters', () => {
    const challenge = parseChallenge(
      'Bearer resource_metadata="http://x.test/.well-known/oauth-protected-resource", scope="calendar.read files:write", error=invalid_token',
    );
    expect(challenge).toEqual({
      scheme: 'Bearer',
      resourceMetadata: 'http://x.test/.well-known/oauth-protected-resource',
      scope: 'calendar.read files:write',
      error: 'invalid_token',
    });
    expect(describeChallenge(challenge)).toBe(
      'It asks for scope "calendar.read files:write", and points to its protected resource metadata at http://x.test/.well-known/oauth-protected-resource. Reason given: invalid_token.',
    );
  });

  it('says when a challenge names nothing', () => {
    expect(describeChallenge(parseChallenge('Bearer realm="api"'))).toBe(
      'It asks for Bearer authorization without naming a scope or resource metadata.',
    );
    expect(parseChallenge('Bearer realm="a \\"quoted\\" realm"').realm).toBe('a "quoted" realm');
  });
});
