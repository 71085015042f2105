/**
 * The secret-name table: a name that is secret in one context is secret in every other, or the
 * table says why not (a row for the name in one of the two contexts, or a context that does not read
 * names by the general rule); and a header keeps one format everywhere.
 */
import { describe, expect, it } from 'vitest';
import {
  CONTEXT_RULES,
  displayArgs,
  isSecretHeader,
  isSecretName,
  REDACTED,
  redactHeaderValue,
  SECRET_CONTEXTS,
  SECRET_NAME_TABLE,
  type SecretContext,
} from '.';
import { SAMPLE_NAMES } from './__fixtures__/sample-names';

/** Why a name may be judged differently in these two contexts, if the table says. */
function whyDiffers(name: string, a: SecretContext, b: SecretContext): string | undefined {
  const row = SECRET_NAME_TABLE.find(
    (entry) => entry.name.toLowerCase() === name.toLowerCase() && entry.contexts.some((c) => c === a || c === b),
  );
  return row?.reason ?? CONTEXT_RULES[a] ?? CONTEXT_RULES[b];
}

describe('one secret-name table for every context', () => {
  it.each(SAMPLE_NAMES)('%s: secret in one context is secret in all, or the table says why not', (name) => {
    const unexplained: string[] = [];
    for (const secretIn of SECRET_CONTEXTS.filter((context) => isSecretName(name, context)))
      for (const shownIn of SECRET_CONTEXTS.filter((context) => !isSecretName(name, context)))
        if (!whyDiffers(name, secretIn, shownIn)) unexplained.push(`secret in ${secretIn}, shown in ${shownIn}`);
    expect(unexplained).toEqual([]);
  });

  it('gives every row a reason and a context', () => {
    for (const row of SECRET_NAME_TABLE) {
      expect(row.reason.length, row.name).toBeGreaterThan(20);
      expect(row.contexts.length, row.name).toBeGreaterThan(0);
    }
  });

  it.each(['X-Amz-Signature', 'X-Session', 'X-Password', 'X-Upstream-Jwt', 'x-session-token'])(
    '%s is secret in every context whose names are free-form',
    (name) => expect(SECRET_CONTEXTS.filter((context) => !CONTEXT_RULES[context] && !isSecretName(name, context))).toEqual([]),
  );

  it('keeps the headers shown on purpose visible, and only as headers', () => {
    for (const name of ['WWW-Authenticate', 'Mcp-Session-Id']) {
      expect(isSecretName(name, 'header')).toBe(false);
      expect(isSecretName(name, 'query')).toBe(true);
    }
  });

  it('judges a header by its value too, except one shown on purpose', () => {
    const jwt = 'eyJhbGciOiJFUzI1NiJ9.eyJodG0iOiJQT1NUIn0.c2ln';
    expect(isSecretHeader('X-Upstream', jwt)).toBe(true);
    expect(isSecretHeader('DPoP', jwt)).toBe(false);
    expect(isSecretHeader('Mcp-Session-Id', jwt)).toBe(false);
  });

  it('judges OAuth fields by the RFCs: its credentials are secret everywhere, `state` only there, its metadata nowhere', () => {
    const oauthSecrets = SAMPLE_NAMES.filter((name) => isSecretName(name, 'oauth'));
    expect(oauthSecrets.filter((name) => name !== 'state' && !isSecretName(name, 'query'))).toEqual([]);
    expect(isSecretName('state', 'query')).toBe(false);
    for (const name of ['token_type', 'token_endpoint', 'authorization_servers']) expect(isSecretName(name, 'oauth')).toBe(false);
  });
});

describe('one marker and one header format', () => {
  it('keeps the scheme in front of the marker, in a recorded header and in a command line alike', () => {
    expect(REDACTED).toBe('[redacted]');
    expect(redactHeaderValue('Bearer abc123')).toBe('Bearer [redacted]');
    expect(redactHeaderValue('abc123')).toBe('[redacted]');
    expect(redactHeaderValue('Bearer abc123', '')).toBe('');
    expect(displayArgs(['--header', 'Authorization: Bearer abc123', '-H', 'Authorization', 'Basic dXNlcjpwYXNz'])).toEqual([
      '--header',
      'Authorization: Bearer [redacted]',
      '-H',
      'Authorization',
      'Basic [redacted]',
    ]);
  });
});
