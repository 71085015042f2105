import { describe, expect, it } from 'vitest';
import { isSecretName, redactUrl, redactUrlsInText, secretValuesOfUrl } from '.';

describe('isSecretName', () => {
  it.each([
    'token',
    'access_token',
    'api_key',
    'apikey',
    'key',
    'secret',
    'client_secret',
    'password',
    'passwd',
    'auth',
    'sig',
    'signature',
    'X-Amz-Signature',
    'session',
    'code',
    'auth_code',
    'jwt',
    'sid',
  ])('%s is secret', (name) => expect(isSecretName(name, 'query')).toBe(true));

  it.each(['city', 'q', 'days', 'zipcode', 'countrycode', 'sides', 'format', 'X-Amz-Date', 'version'])('%s is not', (name) =>
    expect(isSecretName(name, 'query')).toBe(false),
  );
});

describe('redactUrl', () => {
  it('replaces query parameters named like credentials and keeps the rest byte for byte', () => {
    expect(redactUrl('https://api.example/v1/x?api_key=abc&q=a%20b&access_token=t#frag')).toBe(
      'https://api.example/v1/x?api_key=[redacted]&q=a%20b&access_token=[redacted]#frag',
    );
    expect(redactUrl('https://s3.example/o?X-Amz-Signature=f00&X-Amz-Date=1&password=p&client_secret=c&sig=z')).toBe(
      'https://s3.example/o?X-Amz-Signature=[redacted]&X-Amz-Date=1&password=[redacted]&client_secret=[redacted]&sig=[redacted]',
    );
    expect(redactUrl('https://fn.azurewebsites.net/runtime/webhooks/mcp/sse?code=abc123')).toBe(
      'https://fn.azurewebsites.net/runtime/webhooks/mcp/sse?code=[redacted]',
    );
  });

  it('matches encoded parameter names and leaves empty values alone', () => {
    expect(redactUrl('https://h/p?api%5Fkey=abc&token=&flag')).toBe('https://h/p?api%5Fkey=[redacted]&token=&flag');
  });

  it('redacts the password of user:password@, and a lone user name (often a token)', () => {
    expect(redactUrl('https://alice:hunter22@mcp.example/mcp?x=1')).toBe('https://alice:[redacted]@mcp.example/mcp?x=1');
    expect(redactUrl('https://ghp_abcdef123456@mcp.example/mcp')).toBe('https://[redacted]@mcp.example/mcp');
  });

  it('leaves URLs without secrets untouched', () => {
    for (const url of ['http://127.0.0.1:3000/mcp', 'https://h.example/mcp?city=Paris&days=2', 'https://h.example/a@b'])
      expect(redactUrl(url)).toBe(url);
  });
});

describe('secretValuesOfUrl', () => {
  it('lists the secret values as written and decoded, and nothing else', () => {
    expect(secretValuesOfUrl('https://u:p%40ss@h.example/mcp?token=abc123secret&api_key=k%2Fey&city=Paris&sig=')).toEqual([
      'p%40ss',
      'p@ss',
      'abc123secret',
      'k%2Fey',
      'k/ey',
    ]);
    expect(secretValuesOfUrl('https://h.example/mcp?city=Paris')).toEqual([]);
  });
});

describe('redactUrlsInText', () => {
  it('redacts every URL in a sentence and leaves the words', () => {
    expect(
      redactUrlsInText('Nothing answered at https://h.example/mcp?token=abc123secret: the server is down. See "http://x.example/?key=k".'),
    ).toBe('Nothing answered at https://h.example/mcp?token=[redacted]: the server is down. See "http://x.example/?key=[redacted]".');
  });
});
