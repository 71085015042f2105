/**
 * The ways a sign-in fails, each with its own code, against the real authorization server:
 * consent denied, forged state or iss, missing metadata, a token endpoint without CORS, a server
 * that refuses every token. None of them loops, and none leaks a secret into the trace.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { FetchLike } from '@modelcontextprotocol/client';
import { PREREGISTERED_CLIENT_ID, start, startWithoutAuthorizationServer } from '../../../e2e/servers/auth-server.mjs';
import type { RunningAuthServer } from '../../../e2e/servers/auth-server.mjs';
import { APP, authErrorOf, browserFetch, expectNoLeak, harness, popup, SecretWitness, stepsOf } from './__fixtures__/sign-in-harness';
import { popupClosedError } from './auth-error';
import { authMiddleware } from './auth-middleware';
import { AuthSession } from './auth-session';

let server: RunningAuthServer;

beforeAll(async () => {
  server = await start({ redirectUris: [APP.redirectUri] });
});

afterAll(async () => {
  await server.close();
});

describe('sign-in failures, each named', () => {
  it('names a denied consent, and asks no more than once for it', async () => {
    server.setConsent('deny');
    try {
      const run = await harness(server.mcpUrl, { connect: false });
      const error = await authErrorOf(run.session.signIn());
      expect(error.code).toBe('consent-denied');
      expect(stepsOf(run.session).slice(-1)).toEqual(['authorize:failed']);
      expect(run.session.trace.steps().at(-1)?.fix).toMatch(/allow access/);
      expect(run.opened).toHaveLength(1);
      expectNoLeak(run);
    } finally {
      server.setConsent('grant');
    }
  });

  it('refuses a callback whose state is not the one sent, before redeeming its code', async () => {
    const run = await harness(server.mcpUrl, { connect: false, tamper: (callback) => callback.set('state', 'forged-state') });
    const error = await authErrorOf(run.session.signIn());
    expect(error.code).toBe('state-mismatch');
    expect(stepsOf(run.session)).not.toContain('token:ok');
    expect(await run.session.status()).toBeUndefined();
    expectNoLeak(run);
  });

  it('refuses a callback from another issuer (RFC 9207 iss mix-up)', async () => {
    const run = await harness(server.mcpUrl, { connect: false, tamper: (callback) => callback.set('iss', 'https://evil.example') });
    const error = await authErrorOf(run.session.signIn());
    expect(error.code).toBe('iss-mismatch');
    expect(error.message).toContain('https://evil.example');
    expect(stepsOf(run.session)).not.toContain('token:ok');
    expectNoLeak(run);
  });

  it('lists every URL tried when the authorization server publishes no metadata', async () => {
    const bare = await startWithoutAuthorizationServer();
    try {
      const run = await harness(bare.url, { connect: false });
      const error = await authErrorOf(
        run.client.connect(
          new StreamableHTTPClientTransport(new URL(bare.url), { fetch: authMiddleware(run.session)((url, init) => fetch(url, init)) }),
        ),
      );
      expect(error.code).toBe('metadata-not-found');
      for (const url of [
        `${bare.origin}/.well-known/oauth-authorization-server/nowhere`,
        `${bare.origin}/.well-known/openid-configuration/nowhere`,
        `${bare.origin}/nowhere/.well-known/openid-configuration`,
      ]) {
        expect(error.message).toContain(url);
      }
      expect(stepsOf(run.session)).toEqual(['resource-metadata:ok', 'as-metadata:failed']);
      expect(run.opened).toHaveLength(0);
    } finally {
      await bare.close();
    }
  });

  it('names the token endpoint that sends no CORS headers, and the header to add', async () => {
    const noCors = await start({ redirectUris: [APP.redirectUri], cors: false });
    try {
      const run = await harness(noCors.mcpUrl, {
        connect: false,
        corsApplies: true,
        fetch: browserFetch,
        config: { clientId: PREREGISTERED_CLIENT_ID },
      });
      const error = await authErrorOf(run.session.signIn());
      expect(error.code).toBe('cors-blocked');
      expect(error.endpoint).toBe(`${noCors.origin}/token`);
      expect(error.fix).toContain(`Access-Control-Allow-Origin: ${APP.origin}`);
      expect(error.fix).toContain('The authorization endpoint needs none');
      expect(stepsOf(run.session)).toEqual(['resource-metadata:ok', 'as-metadata:ok', 'registration:ok', 'authorize:ok', 'token:failed']);
      expectNoLeak(run);
    } finally {
      await noCors.close();
    }
  });

  it('stops after a bounded number of attempts when the server refuses every token it is given', async () => {
    let mcpRequests = 0;
    // A server that does not accept its authorization server's tokens: the bearer it receives is always wrong.
    const refusingFetch: FetchLike = async (url, init) => {
      if (new URL(url).pathname !== '/mcp') return fetch(url, init);
      mcpRequests += 1;
      const headers = new Headers(init?.headers);
      if (headers.has('authorization')) headers.set('authorization', 'Bearer not-the-token');
      return fetch(url, { ...init, headers });
    };
    const witness = new SecretWitness();
    const opener = popup(witness, APP);
    const session = new AuthSession({ serverUrl: server.mcpUrl, app: APP, openAuthorization: opener, fetch: witness.wrap() });
    const guarded = authMiddleware(session, { maxPromptsPerAction: 2 })(refusingFetch);
    const response = await guarded(server.mcpUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: '{"jsonrpc":"2.0","id":1,"method":"ping"}',
    });
    expect(response.status).toBe(401);
    expect(mcpRequests).toBeLessThanOrEqual(4);
    expect(opener.opened.length).toBeLessThanOrEqual(2);
  });

  it('names a popup the person closed', async () => {
    const session = new AuthSession({ serverUrl: server.mcpUrl, app: APP, openAuthorization: () => Promise.reject(popupClosedError()) });
    const error = await authErrorOf(session.signIn());
    expect(error.code).toBe('popup-closed');
    expect(session.trace.steps().at(-1)).toMatchObject({ step: 'authorize', status: 'failed', error: { code: 'popup-closed' } });
  });

  it('names a redirect URI the registration endpoint refuses', async () => {
    // oidc-provider refuses redirect URIs with a fragment, as RFC 6749 requires.
    const app = { ...APP, redirectUri: `${APP.redirectUri}#fragment` };
    const run = await harness(server.mcpUrl, { connect: false, app });
    const error = await authErrorOf(run.session.signIn());
    expect(error.code).toBe('redirect-uri-not-allowed');
    expect(error.fix).toContain(app.redirectUri);
    expect(run.opened).toHaveLength(0);
  });

  it('asks at most maxPromptsPerAction times in one request (a sign-in, then a step-up needs two)', async () => {
    const witness = new SecretWitness();
    const opener = popup(witness, APP);
    const session = new AuthSession({ serverUrl: server.mcpUrl, app: APP, openAuthorization: opener, fetch: witness.wrap() });
    const guarded = authMiddleware(session, { maxPromptsPerAction: 1 })((url, init) => fetch(url, init));
    const call = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'write_note', arguments: { text: 'x' } } });
    const error = await authErrorOf(
      guarded(server.mcpUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: call,
      }),
    );
    expect(error.code).toBe('too-many-prompts');
    expect(opener.opened).toHaveLength(1);
    expectNoLeak({ session, witness });
  });
});
