/**
 * The cases where the command-line policy (`displayArgs`) and the URL policy (`redactUrl`,
 * `redactUrlsInText`, `secretValuesOfUrl`) used to disagree: each secret here was caught by one of
 * them and shown by the other. They are one policy now, so each is caught by both.
 */
import { describe, expect, it } from 'vitest';
import { displayArgs, isSecretName, redactUrl, redactUrlsInText, secretValuesOfUrl } from '.';
import type { SecretContext } from '.';

/** The contexts whose names are free-form (every one but OAuth's fixed field names). */
const FREE_FORM: readonly SecretContext[] = ['query', 'header', 'flag', 'env', 'config-key'];

describe('one definition of a secret name, for query parameters, flags, assignments and headers', () => {
  it.each([
    'api_key',
    '--api-key',
    '--token',
    '--oauth2Bearer',
    '--access_token',
    '--private-key',
    'GITHUB_TOKEN',
    'X-Amz-Signature',
    'Cookie',
    '--cookie',
  ])('%s is secret', (name) => expect(FREE_FORM.filter((context) => !isSecretName(name, context))).toEqual([]));

  it.each(['--region', '-y', 'city', 'Accept', 'DEBUG', '--port'])('%s is not', (name) =>
    expect(FREE_FORM.filter((context) => isSecretName(name, context))).toEqual([]),
  );
});

describe('secrets the URL policy caught and the command line showed', () => {
  it('a lone user name in a URL argument (often a token)', () => {
    expect(redactUrl('https://ghp_abcdef123456@mcp.example/mcp')).toBe('https://[redacted]@mcp.example/mcp');
    expect(displayArgs(['mcp-remote', 'https://ghp_abcdef123456@mcp.example/mcp'])).toEqual([
      'mcp-remote',
      'https://[redacted]@mcp.example/mcp',
    ]);
  });

  it('a URL that is not at the start of its argument', () => {
    expect(redactUrlsInText('--url=https://alice:hunter22@mcp.example/mcp')).toBe('--url=https://alice:[redacted]@mcp.example/mcp');
    expect(displayArgs(['--url=https://alice:hunter22@mcp.example/mcp', '--sse', 'at:https://h.example/sse?key=k1'])).toEqual([
      '--url=https://alice:[redacted]@mcp.example/mcp',
      '--sse',
      'at:https://h.example/sse?key=[redacted]',
    ]);
  });

  it('a flag named like a secret query parameter but missing from the list of credential flags', () => {
    expect(
      displayArgs(['--access_token', 'at-1', '--github-token', 'gt-2', '--private-key', 'pk-3', '--client_secret', 'cs-4', '--jwt', 'j-5']),
    ).toEqual([
      '--access_token',
      '[redacted]',
      '--github-token',
      '[redacted]',
      '--private-key',
      '[redacted]',
      '--client_secret',
      '[redacted]',
      '--jwt',
      '[redacted]',
    ]);
  });

  it('a header named like a secret query parameter but missing from the header names', () => {
    expect(
      displayArgs([
        '--header',
        'X-Amz-Signature: f00',
        '--header',
        'X-Credential: abc',
        '--header',
        'X-Upstream-Jwt: eyx',
        '--header',
        'Accept: text/plain',
      ]),
    ).toEqual([
      '--header',
      'X-Amz-Signature: [redacted]',
      '--header',
      'X-Credential: [redacted]',
      '--header',
      'X-Upstream-Jwt: [redacted]',
      '--header',
      'Accept: text/plain',
    ]);
  });
});

describe('secrets the command line caught and the URL policy showed', () => {
  it('a password in a URL of another scheme, spoken in a sentence', () => {
    expect(displayArgs(['postgres://app:pw-1234@db.example/app'])).toEqual(['postgres://app:[redacted]@db.example/app']);
    expect(redactUrlsInText('Could not reach postgres://app:pw-1234@db.example/app.')).toBe(
      'Could not reach postgres://app:[redacted]@db.example/app.',
    );
  });

  it('a cookie', () => {
    expect(displayArgs(['--header', 'Cookie: sid=abc'])).toEqual(['--header', 'Cookie: [redacted]']);
    expect(redactUrl('https://h.example/mcp?cookie=abc&city=Paris')).toBe('https://h.example/mcp?cookie=[redacted]&city=Paris');
    expect(secretValuesOfUrl('https://h.example/mcp?cookie=abc123')).toEqual(['abc123']);
  });

  it('a value with a well-known key prefix under an ordinary name', () => {
    expect(displayArgs(['KEYRING=sk-live-0123456789', 'ghp_abcdef123456'])).toEqual(['KEYRING=[redacted]', '[redacted]']);
    expect(redactUrl('https://h.example/mcp?k=sk-live-0123456789&q=sk')).toBe('https://h.example/mcp?k=[redacted]&q=sk');
    expect(secretValuesOfUrl('https://h.example/mcp?u=ghp_abcdef123456')).toEqual(['ghp_abcdef123456']);
  });
});

describe('secrets neither caught', () => {
  it('a URL with a password inside an assignment', () => {
    expect(displayArgs(['DATABASE_URL=postgres://app:pw-1234@db.example/app'])).toEqual([
      'DATABASE_URL=postgres://app:[redacted]@db.example/app',
    ]);
  });

  it('a header given as a flag assignment, or as a name and a value (mcp-proxy)', () => {
    expect(
      displayArgs(['--header=Authorization: Bearer xyz', '-H', 'Authorization', 'Bearer xyz', '--headers', 'Accept', 'text/plain']),
    ).toEqual([
      '--header=Authorization: Bearer [redacted]',
      '-H',
      'Authorization',
      'Bearer [redacted]',
      '--headers',
      'Accept',
      'text/plain',
    ]);
  });

  it('a header with an ordinary name whose value has a well-known key prefix', () => {
    expect(displayArgs(['--header', 'X-Upstream: sk-live-0123456789'])).toEqual(['--header', 'X-Upstream: [redacted]']);
  });
});

describe('what stays visible', () => {
  it('a flag after a credential flag is not taken for its value', () => {
    expect(displayArgs(['--no-auth', '--port', '3000'])).toEqual(['--no-auth', '--port', '3000']);
  });
});
