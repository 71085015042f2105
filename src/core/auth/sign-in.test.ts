/**
 * The whole sign-in against a real authorization server (oidc-provider) and a protected MCP
 * server that checks audience and scopes, driven through the SDK client with authMiddleware on
 * its fetch. Every case also checks that no token, code, verifier or state reached the trace.
 */
import { createServer } from 'node:https';
import type { Server } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import selfsigned from 'selfsigned';
import { Client, refreshAuthorization, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { CallToolResult, FetchLike } from '@modelcontextprotocol/client';
import { authorizeByFetch, PREREGISTERED_CLIENT_ID, READ_SCOPE, start, startWithoutAuthorizationServer, WRITE_SCOPE } from '../../../e2e/servers/auth-server.mjs';
import type { RunningAuthServer } from '../../../e2e/servers/auth-server.mjs';
import { appOAuthUrls, clientMetadataDocument } from './app-urls';
import type { AppOAuthUrls } from './app-urls';
import { AuthError } from './auth-error';
import { authMiddleware } from './auth-middleware';
import { AuthSession } from './auth-session';
import type { AuthSessionOptions } from './auth-session';
import type { OpenAuthorization } from './authorize';

/** The app's URLs for the plain cases (the callback is never loaded: the test stops at it). */
const APP = appOAuthUrls('http://127.0.0.1:4705', '/glassbox/');

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

/** Every secret value that crossed the wire during a test, gathered from the real requests and responses. */
class SecretWitness {
  readonly values = new Set<string>();
  private readonly byName = new Map<string, string[]>();
  /** The values seen under `name`, in order. */
  named(name: string): string[] {
    return this.byName.get(name) ?? [];
  }
  private add(name: string, value: string): void {
    this.values.add(value);
    this.byName.set(name, [...this.named(name), value]);
  }
  /** `next` wrapped to collect codes, verifiers, states and tokens from bodies and URLs. */
  wrap(next: FetchLike = (url, init) => fetch(url, init)): FetchLike {
    return async (url, init) => {
      if (init?.body instanceof URLSearchParams) this.collect(init.body);
      if (typeof init?.body === 'string' && init.body.includes('=') && !init.body.startsWith('{')) this.collect(new URLSearchParams(init.body));
      const response = await next(url, init);
      const json = (await response.clone().json().catch(() => undefined)) as Record<string, unknown> | undefined;
      for (const name of ['access_token', 'refresh_token']) {
        const value = json?.[name];
        if (typeof value === 'string') this.add(name, value);
      }
      return response;
    };
  }
  collect(params: URLSearchParams): void {
    for (const name of ['code', 'code_verifier', 'state', 'refresh_token', 'token', 'access_token', 'client_secret']) {
      const value = params.get(name);
      if (value) this.add(name, value);
    }
  }
}

/** A popup stand-in that follows the authorization with fetch; `tamper` edits the callback like an attacker. */
function popup(witness: SecretWitness, app: AppOAuthUrls, tamper?: (callback: URLSearchParams) => void): OpenAuthorization & { opened: URL[] } {
  const opened: URL[] = [];
  const open = async (url: URL) => {
    opened.push(url);
    witness.collect(url.searchParams);
    const callback = await authorizeByFetch(url, app.redirectUri);
    witness.collect(callback);
    tamper?.(callback);
    return callback;
  };
  return Object.assign(open, { opened });
}

interface Harness {
  session: AuthSession;
  witness: SecretWitness;
  opened: URL[];
  client: Client;
}

/** A session for `serverUrl` and an SDK client whose fetch goes through authMiddleware. */
async function harness(serverUrl: string, options: Partial<AuthSessionOptions> & { tamper?: (callback: URLSearchParams) => void; connect?: boolean } = {}): Promise<Harness> {
  const witness = new SecretWitness();
  const app = options.app ?? APP;
  const opener = popup(witness, app, options.tamper);
  const session = new AuthSession({ serverUrl, app, openAuthorization: opener, fetch: witness.wrap(), ...options });
  const client = new Client({ name: 'auth-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(serverUrl), { fetch: authMiddleware(session)(witness.wrap()) });
  if (options.connect !== false) await client.connect(transport);
  return { session, witness, opened: opener.opened, client };
}

/** The text of a tool result. */
function textOf(result: unknown): string {
  return (result as CallToolResult).content.map((block) => (block.type === 'text' ? block.text : '')).join('');
}

/** The kinds and statuses of the recorded steps, in order. */
function stepsOf(session: AuthSession): string[] {
  return session.trace.steps().map((step) => `${step.step}:${step.status}`);
}

/** Asserts that secrets crossed the wire and that none of them is in the trace. */
function expectNoLeak({ session, witness }: Pick<Harness, 'session' | 'witness'>): void {
  expect(witness.values.size).toBeGreaterThan(0);
  const recorded = JSON.stringify(session.trace.steps());
  for (const secret of witness.values) expect(recorded).not.toContain(secret);
}

/** The AuthError a promise rejects with. */
async function authErrorOf(promise: Promise<unknown>): Promise<AuthError> {
  const error: unknown = await promise.catch((reason: unknown) => reason);
  expect(error).toBeInstanceOf(AuthError);
  return error as AuthError;
}

describe('sign-in against oidc-provider', () => {
  it('signs in via dynamic client registration when the server answers 401', async () => {
    const run = await harness(server.mcpUrl);
    expect(textOf(await run.client.callTool({ name: 'read_notes', arguments: {} }))).toBe('note 1: buy milk');
    expect(stepsOf(run.session)).toEqual(['resource-metadata:ok', 'as-metadata:ok', 'registration:ok', 'authorize:ok', 'token:ok']);
    const [resourceStep, , registration] = run.session.trace.steps();
    expect(resourceStep?.urlsTried).toEqual([`${server.origin}/.well-known/oauth-protected-resource/mcp`]);
    expect(registration?.exchanges[0]?.requestBody).toMatchObject({ application_type: 'web', redirect_uris: [APP.redirectUri] });
    const authorizeUrl = run.opened[0];
    expect(authorizeUrl?.searchParams.get('resource')).toBe(server.mcpUrl);
    expect(authorizeUrl?.searchParams.get('scope')).toBe(READ_SCOPE);
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
    expect(run.opened.map((url) => url.searchParams.get('scope'))).toEqual([READ_SCOPE, `${READ_SCOPE} ${WRITE_SCOPE}`]);
    expect((await run.session.status())?.scope).toContain(WRITE_SCOPE);
    expectNoLeak(run);
    await run.client.close();
  });

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

  it('signs in to a 2025-03-26 server without resource metadata, the origin being the authorization server', async () => {
    const run = await harness(server.legacyMcpUrl);
    expect(textOf(await run.client.callTool({ name: 'read_notes', arguments: {} }))).toContain('buy milk');
    const [resourceStep, metadataStep] = run.session.trace.steps();
    expect(resourceStep?.status).toBe('skipped');
    expect(resourceStep?.urlsTried).toEqual([`${server.origin}/.well-known/oauth-protected-resource/legacy/mcp`, `${server.origin}/.well-known/oauth-protected-resource`]);
    expect(metadataStep?.status).toBe('ok');
    expect(run.opened[0]?.searchParams.get('resource')).toBe(server.legacyMcpUrl);
    expectNoLeak(run);
    await run.client.close();
  });

  it('lists every URL tried when the authorization server publishes no metadata', async () => {
    const bare = await startWithoutAuthorizationServer();
    try {
      const run = await harness(bare.url, { connect: false });
      const error = await authErrorOf(run.client.connect(new StreamableHTTPClientTransport(new URL(bare.url), { fetch: authMiddleware(run.session)((url, init) => fetch(url, init)) })));
      expect(error.code).toBe('metadata-not-found');
      for (const url of [`${bare.origin}/.well-known/oauth-authorization-server/nowhere`, `${bare.origin}/.well-known/openid-configuration/nowhere`, `${bare.origin}/nowhere/.well-known/openid-configuration`]) {
        expect(error.message).toContain(url);
      }
      expect(stepsOf(run.session)).toEqual(['resource-metadata:ok', 'as-metadata:failed']);
      expect(run.opened).toHaveLength(0);
    } finally {
      await bare.close();
    }
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
    const answer = await fetch(server.mcpUrl, { method: 'POST', headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' }, body: '{}' });
    expect(answer.status).toBe(401);
    expect(refreshToken).toBeDefined();
    await expect(refreshAuthorization(server.issuer, { clientInformation: { client_id: clientId }, refreshToken: refreshToken ?? '', resource: server.mcpUrl })).rejects.toThrow(/invalid_grant|grant/i);
    expectNoLeak(run);
  });
});

describe('failures a page meets', () => {
  /** fetch as a page on APP.origin sees it: a response without a matching Access-Control-Allow-Origin is a bare TypeError. */
  const browserFetch: FetchLike = async (url, init) => {
    const headers = new Headers(init?.headers);
    headers.set('origin', APP.origin);
    const response = await fetch(url, { ...init, headers });
    const allowed = response.headers.get('access-control-allow-origin');
    if (allowed !== '*' && allowed !== APP.origin) throw new TypeError('Failed to fetch');
    return response;
  };

  it('names the token endpoint that sends no CORS headers, and the header to add', async () => {
    const noCors = await start({ redirectUris: [APP.redirectUri], cors: false });
    try {
      const run = await harness(noCors.mcpUrl, { connect: false, corsApplies: true, fetch: browserFetch, config: { clientId: PREREGISTERED_CLIENT_ID } });
      const error = await authErrorOf(run.session.signIn());
      expect(error.code).toBe('cors-blocked');
      expect(error.endpoint).toBe(`${noCors.origin}/token`);
      expect(error.fix).toContain(`Access-Control-Allow-Origin: ${APP.origin}`);
      expect(error.fix).toContain('The authorization endpoint needs none');
      expect(stepsOf(run.session)).toEqual(['resource-metadata:ok', 'as-metadata:ok', 'registration:ok', 'authorize:ok', 'token:failed']);
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
    const response = await guarded(server.mcpUrl, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: '{"jsonrpc":"2.0","id":1,"method":"ping"}' });
    expect(response.status).toBe(401);
    expect(mcpRequests).toBeLessThanOrEqual(4);
    expect(opener.opened.length).toBeLessThanOrEqual(2);
  });
});
