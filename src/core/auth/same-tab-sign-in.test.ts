/**
 * The same-tab sign-in (the popup was blocked) against the real authorization server: the first
 * page prepares and seals the pending flow, "navigates" (fetch follows the authorization), and a
 * fresh session, as in the page the tab comes back to, unseals it and finishes. The sealed record
 * holds no verifier or state in clear; a forged answer is refused like in the popup flow.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FetchLike } from '@modelcontextprotocol/client';
import { authorizeByFetch, PREREGISTERED_CLIENT_ID, start } from '../../../e2e/servers/auth-server.mjs';
import type { RunningAuthServer } from '../../../e2e/servers/auth-server.mjs';
import { APP, authErrorOf, expectNoLeak, harness, SecretWitness, stepsOf } from './__fixtures__/sign-in-harness';
import { popupBlockedError } from './auth-error';
import { AuthSession } from './auth-session';
import { seal, unseal } from './pending-redirect';
import type { PendingRedirect } from './pending-redirect';

let server: RunningAuthServer;

beforeAll(async () => {
  server = await start({ redirectUris: [APP.redirectUri] });
});
afterAll(async () => {
  await server.close();
});

/** A first page whose popup is blocked, after "Sign in" failed: its pending redirect, sealed as the page keeps it. */
async function blockedThenPrepared(oauth?: { clientId: string; clientSecret?: string }) {
  const blocked = await harness(server.mcpUrl, {
    connect: false,
    openAuthorization: () => Promise.reject(popupBlockedError()),
    ...(oauth && { config: oauth }),
  });
  expect((await authErrorOf(blocked.session.signIn())).code).toBe('popup-blocked');
  const pending = await blocked.session.prepareRedirect();
  return { blocked, pending, sealed: await seal(pending) };
}

/** The page the tab comes back to: a fresh session (nothing in memory) for the same server. */
function comeBack(witness: SecretWitness, oauth?: { clientId: string; clientSecret?: string }, fetch?: FetchLike): AuthSession {
  return new AuthSession({
    serverUrl: server.mcpUrl,
    app: APP,
    openAuthorization: () => Promise.reject(new Error('no window in this test')),
    fetch: witness.wrap(fetch),
    ...(oauth && { config: oauth }),
  });
}

describe('signing in in this tab when the popup is blocked', () => {
  it('finishes in the page the tab comes back to, from the sealed pending flow', async () => {
    const { blocked, pending, sealed } = await blockedThenPrepared();
    expect(stepsOf(blocked.session).slice(-2)).toEqual(['authorize:failed', 'authorize:running']);
    // Sealed: neither the verifier nor the state is readable in what the page stores.
    const stored = new TextDecoder().decode(sealed.data);
    for (const secret of [pending.codeVerifier, pending.state]) expect(stored).not.toContain(secret);

    const callback = await authorizeByFetch(pending.authorizationUrl, APP.redirectUri);
    const witness = new SecretWitness();
    witness.collect(new URL(pending.authorizationUrl).searchParams);
    witness.collect(callback);
    const back = comeBack(witness);
    const opened = (await unseal(sealed)) as PendingRedirect;
    const record = await back.completeRedirect({ pending: opened, callback });
    expect(record).toMatchObject({ serverUrl: server.mcpUrl, issuer: server.issuer, clientSource: 'dynamic' });
    expect(await back.accessToken()).toBe(record.accessToken);
    expect(stepsOf(back)).toEqual(['authorize:ok', 'token:ok']);
    expect(back.trace.steps()[0]?.checks).toContain('Back in this tab from the authorization page');
    expectNoLeak({ session: back, witness });
  });

  it('keeps a configured client secret out of the sealed record and takes it from the config again', async () => {
    const oauth = { clientId: PREREGISTERED_CLIENT_ID, clientSecret: 'configured-secret-value' };
    const { pending, sealed } = await blockedThenPrepared(oauth);
    expect(JSON.stringify(pending)).not.toContain(oauth.clientSecret);
    const callback = await authorizeByFetch(pending.authorizationUrl, APP.redirectUri);
    const authorization: string[] = [];
    const watching: FetchLike = (url, init) => (
      authorization.push(new Headers(init?.headers).get('authorization') ?? ''),
      fetch(url, init)
    );
    // The pre-registered client is public, so oidc-provider refuses a secret: the point here is only that the
    // token request carried the one from the config (HTTP Basic), which the sealed record did not hold.
    await comeBack(new SecretWitness(), oauth, watching)
      .completeRedirect({ pending: (await unseal(sealed)) as PendingRedirect, callback })
      .catch(() => undefined);
    expect(authorization).toContain(`Basic ${btoa(`${oauth.clientId}:${oauth.clientSecret}`)}`);
  });

  it('refuses an answer with another state, and exchanges nothing', async () => {
    const { pending } = await blockedThenPrepared();
    const callback = await authorizeByFetch(pending.authorizationUrl, APP.redirectUri);
    callback.set('state', 'forged-state-value');
    const witness = new SecretWitness();
    const back = comeBack(witness);
    expect((await authErrorOf(back.completeRedirect({ pending, callback }))).code).toBe('state-mismatch');
    expect(stepsOf(back)).toEqual(['authorize:failed']);
    expect(await back.accessToken()).toBeUndefined();
  });

  it('opens nothing that was not sealed with its own key', async () => {
    const { sealed } = await blockedThenPrepared();
    const other = await seal({});
    expect(await unseal({ ...sealed, key: other.key })).toBeUndefined();
    expect(await unseal('not sealed')).toBeUndefined();
  });
});
