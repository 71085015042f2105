/**
 * The whole sign-in against a real authorization server (oidc-provider) and a protected MCP
 * server that checks audience and scopes, driven through the SDK client with authMiddleware on
 * its fetch. Every case also checks that no token, code, verifier or state reached the trace.
 */
import { createServer } from 'node:https';
import type { Server } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import selfsigned from 'selfsigned';
import { refreshAuthorization } from '@modelcontextprotocol/client';
import { PREREGISTERED_CLIENT_ID, READ_SCOPE, start, WRITE_SCOPE } from '../../../e2e/servers/auth-server.mjs';
import type { RunningAuthServer } from '../../../e2e/servers/auth-server.mjs';
import { APP, expectNoLeak, harness, stepsOf, textOf } from './__fixtures__/sign-in-harness';
import { appOAuthUrls, clientMetadataDocument } from './app-urls';
import type { AppOAuthUrls } from './app-urls';
import { PromptBudget } from './prompt-budget';

let server: RunningAuthServer;
let documentHost: Server;
let documentApp: AppOAuthUrls;

beforeAll(async () => {
  const pems = await selfsigned.generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keyType: 'ec',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  // The app's origin, serving its client metadata document over https (metadata documents must be https).
  documentHost = createServer({ key: pems.private, cert: pems.cert });
  await new Promise<void>((resolve) => documentHost.listen(0, '127.0.0.1', resolve));
  const address = documentHost.address();
  if (address === null || typeof address === 'string') throw new Error('no address');
  documentApp = appOAuthUrls(`https://127.0.0.1:${address.port}`, '/');
  documentHost.on('request', (req, res) => {
    if (req.url === new URL(documentApp.clientMetadataDocumentUrl).pathname) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(clientMetadataDocument(documentApp)));
    } else res.writeHead(404).end();
  });
  server = await start({ redirectUris: [APP.redirectUri], documentCa: pems.cert });
});

afterAll(async () => {
  await server.close();
  await new Promise<void>((resolve) => documentHost.close(() => resolve()));
});

describe('sign-in against oidc-provider', () => {
  it('signs in via dynamic client registration when the server answers 401', async () => {
    const run = await harness(server.mcpUrl);
    expect(textOf(await run.client.callTool({ name: 'read_notes', arguments: {} }))).toBe('note 1: buy milk');
    expect(stepsOf(run.session)).toEqual(['resource-metadata:ok', 'as-metadata:ok', 'registration:ok', 'authorize:ok', 'token:ok']);
    // The token step keeps what a person needs to see, with the secrets replaced.
    expect(run.session.trace.steps()[4]?.exchanges[0]).toMatchObject({
      method: 'POST',
      url: `${server.origin}/token`,
      status: 200,
      requestBody: { grant_type: 'authorization_code', code: '[redacted]', code_verifier: '[redacted]', resource: server.mcpUrl },
      responseBody: { access_token: '[redacted]', refresh_token: '[redacted]', token_type: 'Bearer', scope: READ_SCOPE },
    });
    const [resourceStep, , registration] = run.session.trace.steps();
    expect(resourceStep?.urlsTried).toEqual([`${server.origin}/.well-known/oauth-protected-resource/mcp`]);
    expect(registration?.exchanges[0]?.requestBody).toMatchObject({ application_type: 'web', redirect_uris: [APP.redirectUri] });
    const authorizeUrl = run.opened[0];
    expect(authorizeUrl?.searchParams.get('resource')).toBe(server.mcpUrl);
    // oidc-provider lists offline_access: asked for too, for a refresh token (SEP-2207), with the consent prompt OpenID requires for it.
    expect(authorizeUrl?.searchParams.get('scope')).toBe(`${READ_SCOPE} offline_access`);
    expect(authorizeUrl?.searchParams.get('prompt')).toBe('consent');
    expect(authorizeUrl?.searchParams.get('code_challenge_method')).toBe('S256');
    expect((await run.session.status())?.clientSource).toBe('dynamic');
    expectNoLeak(run);
    await run.client.close();
  });

  it('signs in with the Client ID Metadata Document when the server accepts them', async () => {
    const run = await harness(server.mcpUrl, { app: documentApp });
    expect(textOf(await run.client.callTool({ name: 'read_notes', arguments: {} }))).toContain('buy milk');
    const registration = run.session.trace.steps().find((step) => step.step === 'registration');
    expect(registration?.exchanges).toEqual([]);
    expect(registration?.note).toContain(documentApp.clientMetadataDocumentUrl);
    expect(run.opened[0]?.searchParams.get('client_id')).toBe(documentApp.clientMetadataDocumentUrl);
    expect((await run.session.status())?.clientSource).toBe('metadata-document');
    expectNoLeak(run);
    await run.client.close();
  });

  it('signs in with a pre-registered client id from the config, without registering', async () => {
    const run = await harness(server.mcpUrl, { config: { clientId: PREREGISTERED_CLIENT_ID } });
    expect(textOf(await run.client.callTool({ name: 'read_notes', arguments: {} }))).toContain('buy milk');
    const registration = run.session.trace.steps().find((step) => step.step === 'registration');
    expect(registration?.exchanges).toEqual([]);
    expect(run.opened[0]?.searchParams.get('client_id')).toBe(PREREGISTERED_CLIENT_ID);
    expectNoLeak(run);
    await run.client.close();
  });

  it('refreshes before expiry, and on a 401 after the server ended the token, without a new prompt', async () => {
    let clock = Date.now();
    const run = await harness(server.mcpUrl, { now: () => clock });
    await run.client.callTool({ name: 'read_notes', arguments: {} });
    const firstToken = await run.session.accessToken();
    clock += 3600 * 1000; // the token is past its expiry by our clock: refreshed before sending
    expect(textOf(await run.client.callTool({ name: 'read_notes', arguments: {} }))).toContain('buy milk');
    const secondToken = await run.session.accessToken();
    expect(secondToken).not.toBe(firstToken);
    server.expireAccessTokens(); // the server's side of expiry: a 401 with a token we believe valid
    expect(textOf(await run.client.callTool({ name: 'read_notes', arguments: {} }))).toContain('buy milk');
    expect(await run.session.accessToken()).not.toBe(secondToken);
    expect(stepsOf(run.session).filter((step) => step === 'refresh:ok')).toHaveLength(2);
    expect(run.opened).toHaveLength(1);
    expectNoLeak(run);
    await run.client.close();
  });

  it('steps up on 403 insufficient_scope with the union of the scopes', async () => {
    const run = await harness(server.mcpUrl);
    await run.client.callTool({ name: 'read_notes', arguments: {} });
    expect(textOf(await run.client.callTool({ name: 'write_note', arguments: { text: 'hello' } }))).toBe('saved: hello');
    expect(run.opened.map((url) => url.searchParams.get('scope'))).toEqual([
      `${READ_SCOPE} offline_access`,
      `${READ_SCOPE} ${WRITE_SCOPE} offline_access`,
    ]);
    expect((await run.session.status())?.scope).toContain(WRITE_SCOPE);
    expectNoLeak(run);
    await run.client.close();
  });

  it('does not take an offline_access the server did not grant for a missing scope: a 403 for a scope held opens no window', async () => {
    const run = await harness(server.mcpUrl);
    await run.client.callTool({ name: 'read_notes', arguments: {} });
    const status = await run.session.status();
    // Asked for offline_access, granted the MCP scope alone (the refresh token is what offline_access buys).
    expect(run.opened[0]?.searchParams.get('scope')).toContain('offline_access');
    expect(status?.scope).toBe(READ_SCOPE);
    const refused = new Response(null, {
      status: 403,
      headers: { 'WWW-Authenticate': `Bearer error="insufficient_scope", scope="${READ_SCOPE}"` },
    });
    expect(await run.session.answerChallenge(refused, await run.session.accessToken(), new PromptBudget())).toBeUndefined();
    expect(run.opened).toHaveLength(1);
    await run.client.close();
  });

  it('signs in to a 2025-03-26 server without resource metadata, the origin being the authorization server', async () => {
    const run = await harness(server.legacyMcpUrl);
    expect(textOf(await run.client.callTool({ name: 'read_notes', arguments: {} }))).toContain('buy milk');
    const [resourceStep, metadataStep] = run.session.trace.steps();
    expect(resourceStep?.status).toBe('skipped');
    expect(resourceStep?.urlsTried).toEqual([
      `${server.origin}/.well-known/oauth-protected-resource/legacy/mcp`,
      `${server.origin}/.well-known/oauth-protected-resource`,
    ]);
    expect(metadataStep?.status).toBe('ok');
    expect(run.opened[0]?.searchParams.get('resource')).toBe(server.legacyMcpUrl);
    expectNoLeak(run);
    await run.client.close();
  });

  it('signs out with revocation: the refresh token is refused and the access token no longer opens the server', async () => {
    const run = await harness(server.mcpUrl);
    await run.client.callTool({ name: 'read_notes', arguments: {} });
    const accessToken = (await run.session.accessToken()) ?? '';
    const [refreshToken] = run.witness.named('refresh_token');
    const clientId = run.opened[0]?.searchParams.get('client_id') ?? '';
    await run.client.close();
    await run.session.signOut();
    expect(stepsOf(run.session).at(-1)).toBe('revoke:ok');
    expect(await run.session.status()).toBeUndefined();
    const answer = await fetch(server.mcpUrl, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(answer.status).toBe(401);
    expect(refreshToken).toBeDefined();
    await expect(
      refreshAuthorization(server.issuer, {
        clientInformation: { client_id: clientId },
        refreshToken: refreshToken ?? '',
        resource: server.mcpUrl,
      }),
    ).rejects.toThrow(/invalid_grant|grant/i);
    expectNoLeak(run);
  });
});
