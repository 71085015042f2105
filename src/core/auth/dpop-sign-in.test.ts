/**
 * DPoP (RFC 9449) and authorization-server migration (SEP-2352) end to end against oidc-provider:
 * a DPoP resource server that checks every proof (signature, key = the token's `jkt`, htm, htu,
 * ath, jti, its nonce) independently of the client's code, and an MCP server that moves to a
 * second authorization server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { authorizeByFetch, start } from '../../../e2e/servers/auth-server.mjs';
import type { RunningAuthServer } from '../../../e2e/servers/auth-server.mjs';
import { APP, expectNoLeak, harness, stepsOf, textOf } from './__fixtures__/sign-in-harness';
import { popupBlockedError } from './auth-error';
import { authMiddleware } from './auth-middleware';
import { AuthSession } from './auth-session';
import { seal, unseal } from './pending-redirect';
import type { PendingRedirect } from './pending-redirect';
import { MemoryTokenStore } from './token-store';

let dpopServer: RunningAuthServer;
let plainServer: RunningAuthServer;

beforeAll(async () => {
  [dpopServer, plainServer] = await Promise.all([
    start({ redirectUris: [APP.redirectUri], dpop: true }),
    start({ redirectUris: [APP.redirectUri] }),
  ]);
}, 30_000);
afterAll(async () => {
  await Promise.all([dpopServer.close(), plainServer.close()]);
});

describe('DPoP sign-in', () => {
  it('binds the token to a non-extractable key: proofs at the token endpoint and on each MCP request, both nonces answered', async () => {
    const store = new MemoryTokenStore();
    const run = await harness(dpopServer.mcpUrl, { store });
    expect(textOf(await run.client.callTool({ name: 'read_notes', arguments: {} }))).toBe('note 1: buy milk');

    const record = await store.get(dpopServer.mcpUrl);
    expect(record?.tokenType).toBe('DPoP');
    expect(record?.dpopKey?.privateKey.extractable).toBe(false);
    // The resource server accepted proofs only after asking for its nonce once.
    expect(dpopServer.dpop?.nonceChallenges).toBe(1);
    expect(dpopServer.dpop?.accepted.length).toBeGreaterThan(1);
    expect(
      dpopServer.dpop?.accepted.every((claims) => claims['nonce'] === dpopServer.dpop?.nonce && claims['htu'] === dpopServer.mcpUrl),
    ).toBe(true);

    const steps = run.session.trace.steps();
    const token = steps.find((step) => step.step === 'token');
    // The token endpoint asked for its nonce (400 use_dpop_nonce) and the retry carried it.
    expect(token?.exchanges.map((exchange) => exchange.status)).toEqual([400, 200]);
    expect(token?.exchanges[0]?.dpop?.claims.nonce).toBeUndefined();
    expect(token?.exchanges[1]?.dpop?.claims).toMatchObject({ htm: 'POST', htu: `${dpopServer.origin}/token`, nonce: expect.any(String) });
    expect(token?.exchanges[1]?.dpop?.claims.ath).toBeUndefined();
    expect(token?.exchanges[1]?.dpop?.header).toMatchObject({ typ: 'dpop+jwt', alg: 'ES256', jwk: { kty: 'EC', crv: 'P-256' } });
    expect(token?.exchanges[1]?.dpop?.header.jwk).not.toHaveProperty('d');
    // The MCP requests' proofs, for the debugger: ath (a hash), never the token.
    const proofs = steps.find((step) => step.step === 'dpop-proofs');
    expect(proofs?.exchanges[0]?.status).toBe(401);
    expect(proofs?.exchanges.at(-1)).toMatchObject({
      status: 200,
      dpop: { claims: { htm: 'POST', htu: dpopServer.mcpUrl, ath: expect.any(String), nonce: dpopServer.dpop?.nonce } },
    });
    expect(stepsOf(run.session)).toEqual([
      'resource-metadata:ok',
      'as-metadata:ok',
      'registration:ok',
      'authorize:ok',
      'token:ok',
      'dpop-proofs:ok',
    ]);
    expectNoLeak(run);
  });

  it('keeps Bearer when the MCP server challenges with Bearer, though the authorization server offers DPoP', async () => {
    const store = new MemoryTokenStore();
    const run = await harness(plainServer.mcpUrl, { store });
    expect(textOf(await run.client.callTool({ name: 'read_notes', arguments: {} }))).toBe('note 1: buy milk');
    expect((await store.get(plainServer.mcpUrl))?.tokenType).toBe('Bearer');
    expect((await store.get(plainServer.mcpUrl))?.dpopKey).toBeUndefined();
    expect(run.session.trace.steps().some((step) => step.step === 'dpop-proofs')).toBe(false);
  });
});

describe('authorization server migration (SEP-2352)', () => {
  it('registers again at the new authorization server, drops the old tokens, records a migration step', async () => {
    const first = await start({ redirectUris: [APP.redirectUri] });
    const second = await start({ redirectUris: [APP.redirectUri], resources: [first.mcpUrl] });
    try {
      const store = new MemoryTokenStore();
      const run = await harness(first.mcpUrl, { store });
      expect(textOf(await run.client.callTool({ name: 'read_notes', arguments: {} }))).toBe('note 1: buy milk');
      const before = await store.get(first.mcpUrl);
      expect(before?.issuer).toBe(first.issuer);

      first.useAuthorizationServer(second);
      expect(textOf(await run.client.callTool({ name: 'read_notes', arguments: {} }))).toBe('note 1: buy milk');

      const after = await store.get(first.mcpUrl);
      expect(after?.issuer).toBe(second.issuer);
      expect(after?.clientId).not.toBe(before?.clientId);
      expect(await store.get(first.mcpUrl, first.issuer)).toBeUndefined();
      const steps = stepsOf(run.session);
      const migration = steps.indexOf('migration:ok');
      expect(migration).toBeGreaterThan(0);
      // After the migration: a fresh registration and sign-in there, no refresh at the old one.
      expect(steps.slice(migration)).toEqual(['migration:ok', 'registration:ok', 'authorize:ok', 'token:ok']);
      const registration = run.session.trace
        .steps()
        .filter((step) => step.step === 'registration')
        .at(-1);
      expect(registration?.urlsTried).toEqual([`${second.origin}/register`]);
      expect(run.opened.at(-1)?.origin).toBe(second.origin);
      expect(run.opened.at(-1)?.searchParams.get('client_id')).toBe(after?.clientId);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});

describe('DPoP in the same-tab sign-in (the popup was blocked)', () => {
  it('marks the pending flow as DPoP and binds the token in the page the tab comes back to', async () => {
    const blocked = await harness(dpopServer.mcpUrl, { connect: false, openAuthorization: () => Promise.reject(popupBlockedError()) });
    // The 401 challenge (DPoP scheme) that leads to "Sign in".
    await blocked.client
      .connect(new StreamableHTTPClientTransport(new URL(dpopServer.mcpUrl), { fetch: authMiddleware(blocked.session)(fetch) }))
      .catch(() => undefined);
    const pending = await blocked.session.prepareRedirect();
    expect(pending.dpop).toBe(true);
    const callback = await authorizeByFetch(pending.authorizationUrl, APP.redirectUri);
    const store = new MemoryTokenStore();
    const back = new AuthSession({
      serverUrl: dpopServer.mcpUrl,
      app: APP,
      store,
      openAuthorization: () => Promise.reject(new Error('no window')),
    });
    const record = await back.completeRedirect({ pending: (await unseal(await seal(pending))) as PendingRedirect, callback });
    expect(record.tokenType).toBe('DPoP');
    expect(record.dpopKey?.privateKey.extractable).toBe(false);
    expect(
      back.trace
        .steps()
        .find((step) => step.step === 'token')
        ?.exchanges.at(-1)?.dpop?.claims.htm,
    ).toBe('POST');
  });
});
