import { describe, expect, it } from 'vitest';
import type { Discovery } from './discovery';
import type { DpopKey } from './dpop';
import { clientInformationOf, statusOf, tokenRecordOf, type RecordContext } from './token-record';

const discovery: Discovery = {
  serverUrl: 'https://mcp.example/mcp',
  resource: 'https://mcp.example/mcp',
  authorizationServer: 'https://auth.example',
  fallback: false,
  urlsTried: [],
};
const key = { publicJwk: { kty: 'EC', crv: 'P-256', x: 'x', y: 'y' } } as unknown as DpopKey;
const context: RecordContext = {
  serverUrl: 'https://mcp.example/mcp',
  discovery,
  requestedScope: 'read',
  previous: undefined,
  client: { source: 'dynamic', information: { client_id: 'c1', client_secret: 's1' }, issuer: 'https://auth.example' },
  dpopKey: undefined,
  now: 1_000,
};

describe('tokenRecordOf', () => {
  it('keeps a new sign-in with its client, expiry and requested scope', () => {
    const record = tokenRecordOf({ access_token: 'a', token_type: 'Bearer', expires_in: 60, scope: 'read write' }, context);
    expect(record).toEqual({
      serverUrl: 'https://mcp.example/mcp',
      issuer: 'https://auth.example',
      accessToken: 'a',
      tokenType: 'Bearer',
      scope: 'read write',
      requestedScope: 'read',
      expiresAt: 61_000,
      clientId: 'c1',
      clientSource: 'dynamic',
      registeredClientSecret: 's1',
    });
  });

  it('keeps the DPoP key only when the token came back DPoP-bound', () => {
    expect(tokenRecordOf({ access_token: 'a', token_type: 'DPoP' }, { ...context, dpopKey: key }).dpopKey).toBe(key);
    expect(tokenRecordOf({ access_token: 'a', token_type: 'Bearer' }, { ...context, dpopKey: key })).not.toHaveProperty('dpopKey');
  });

  it('carries the client of the record refreshed over, not the one resolved', () => {
    const previous = tokenRecordOf({ access_token: 'old', token_type: 'Bearer' }, context);
    const refreshed = tokenRecordOf({ access_token: 'new', token_type: 'Bearer' }, { ...context, previous, client: undefined });
    expect(refreshed).toMatchObject({ accessToken: 'new', clientId: 'c1', registeredClientSecret: 's1' });
  });
});

describe('clientInformationOf and statusOf', () => {
  it('sends a configured secret from the config, never from storage', () => {
    const record = tokenRecordOf({ access_token: 'a', token_type: 'Bearer' }, context);
    expect(clientInformationOf(record, 'configured')).toEqual({ client_id: 'c1', client_secret: 's1' });
    const configured = { ...record, clientSource: 'config' as const };
    expect(clientInformationOf(configured, 'configured')).toEqual({ client_id: 'c1', client_secret: 'configured' });
    expect(clientInformationOf(configured, undefined)).toEqual({ client_id: 'c1' });
    expect(statusOf(record)).toEqual({ issuer: 'https://auth.example', clientSource: 'dynamic' });
  });
});
