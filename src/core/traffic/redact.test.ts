import { describe, expect, it } from 'vitest';
import { isSecretName } from '../secrets';
import { SecretRegistry, redactHeaders, redactText } from './redact';

describe('redactHeaders', () => {
  it('keeps the scheme of a Bearer credential and lower-cases names', () => {
    expect(redactHeaders({ Authorization: 'Bearer sk-abc123', 'Content-Type': 'application/json' })).toEqual({
      authorization: 'Bearer [redacted]',
      'content-type': 'application/json',
    });
  });

  it('replaces the values of the named credential headers', () => {
    const result = redactHeaders({
      'x-api-key': 'sk-ant-123',
      'api-key': 'azure-key',
      cookie: 'session=abc; theme=dark',
      'set-cookie': 'session=abc; HttpOnly',
      'x-auth-token': 'tok',
      'proxy-authorization': 'Basic dXNlcjpwYXNz',
    });
    expect(result).toEqual({
      'x-api-key': '[redacted]',
      'api-key': '[redacted]',
      cookie: '[redacted]',
      'set-cookie': '[redacted]',
      'x-auth-token': '[redacted]',
      'proxy-authorization': 'Basic [redacted]',
    });
  });

  it('redacts any header whose name contains token, secret, key or auth', () => {
    const result = redactHeaders([
      ['X-GitHub-Token', 'ghp_1'],
      ['X-Client-Secret', 's3cret'],
      ['Ocp-Apim-Subscription-Key', 'k'],
      ['X-Custom-Auth', 'letmein'],
      ['Mcp-Session-Id', 'session-1'],
      ['Accept', 'application/json, text/event-stream'],
    ]);
    expect(result).toEqual({
      'x-github-token': '[redacted]',
      'x-client-secret': '[redacted]',
      'ocp-apim-subscription-key': '[redacted]',
      'x-custom-auth': '[redacted]',
      'mcp-session-id': 'session-1',
      accept: 'application/json, text/event-stream',
    });
  });

  it('keeps the WWW-Authenticate challenge, which holds no credential', () => {
    const challenge = 'Bearer resource_metadata="https://mcp.example/.well-known/oauth-protected-resource"';
    expect(isSecretName('WWW-Authenticate', 'header')).toBe(false);
    expect(redactHeaders({ 'WWW-Authenticate': challenge })).toEqual({ 'www-authenticate': challenge });
  });

  it('reads a Headers object and leaves an empty credential empty', () => {
    const headers = new Headers({ Authorization: '', 'X-Api-Key': 'abc' });
    expect(redactHeaders(headers)).toEqual({ authorization: '', 'x-api-key': '[redacted]' });
  });

  it('is idempotent', () => {
    const once = redactHeaders({ authorization: 'Bearer sk-1', 'x-api-key': 'k' });
    expect(redactHeaders(once)).toEqual(once);
  });
});

describe('redactText and SecretRegistry', () => {
  it('replaces every occurrence of a known secret in a body', () => {
    expect(redactText('{"key":"sk-123","again":"sk-123"}', ['sk-123'])).toBe('{"key":"[redacted]","again":"[redacted]"}');
    expect(redactText('nothing here', [''])).toBe('nothing here');
  });

  it('replaces the longest secret first when one contains another', () => {
    expect(redactText('abcdef-long and abcdef', ['abcdef', 'abcdef-long'])).toBe('[redacted] and [redacted]');
  });

  it('redacts registered values in bodies, including JSON-escaped and URL-encoded spellings', () => {
    const secrets = new SecretRegistry();
    expect(secrets.add('sk-ant-"quoted"/value')).toBe(true);
    const body = JSON.stringify({ apiKey: 'sk-ant-"quoted"/value' });
    expect(secrets.redact(body)).toBe('{"apiKey":"[redacted]"}');
    expect(secrets.redact(`https://h/?k=${encodeURIComponent('sk-ant-"quoted"/value')}`)).toBe('https://h/?k=[redacted]');
  });

  it('registers the credential behind an auth scheme as well', () => {
    const secrets = new SecretRegistry();
    secrets.add('Bearer ghp_abcdef123456');
    expect(secrets.redact('token is ghp_abcdef123456.')).toBe('token is [redacted].');
    expect(secrets.values()).toEqual(['Bearer ghp_abcdef123456']);
  });

  it('refuses values too short to redact safely', () => {
    const secrets = new SecretRegistry();
    expect(secrets.add('true')).toBe(false);
    expect(secrets.isEmpty()).toBe(true);
    expect(secrets.redact('{"ok":true}')).toBe('{"ok":true}');
    const lenient = new SecretRegistry({ minLength: 3 });
    expect(lenient.add('abc')).toBe(true);
    expect(lenient.redact('xabcx')).toBe('x[redacted]x');
  });

  it('escapes regular-expression characters in secrets', () => {
    const secrets = new SecretRegistry();
    secrets.add('a.b*c+d?e(f)');
    expect(secrets.redact('a.b*c+d?e(f) aXb*c+d?e(f)')).toBe('[redacted] aXb*c+d?e(f)');
  });
});
