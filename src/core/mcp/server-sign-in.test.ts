/**
 * A server connection signing in through the real authorization server (oidc-provider): the
 * automatic connect stops at "needs sign-in" without opening a window; "Sign in" runs the flow
 * and connects; the OAuth exchanges are on the MCP wire marked `auth`, with every secret gone;
 * a step-up on a tool call; sign-out back to "needs sign-in".
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { authorizeByFetch, start, WRITE_SCOPE } from '../../../e2e/servers/auth-server.mjs';
import type { RunningAuthServer } from '../../../e2e/servers/auth-server.mjs';
import { APP, SecretWitness } from '../auth/__fixtures__/sign-in-harness';
import { SecretRegistry, TrafficLog } from '../traffic';
import { ServerConnection } from './server-connection';

let server: RunningAuthServer;
const open: ServerConnection[] = [];

beforeAll(async () => {
  server = await start({ redirectUris: [APP.redirectUri] });
});
afterEach(async () => {
  await Promise.allSettled(open.splice(0).map((connection) => connection.disconnect()));
  server.setConsent('grant');
});
afterAll(async () => {
  await server.close();
});

/** A connection to the notes server that signs in with a popup stand-in following the authorization by fetch. */
function notes(url = server.mcpUrl, startAfter?: Promise<unknown>) {
  const witness = new SecretWitness();
  const opened: URL[] = [];
  const log = new TrafficLog();
  const connection = new ServerConnection({
    name: 'notes',
    url,
    headers: {},
    timeoutMs: 10_000,
    log,
    secrets: new SecretRegistry(),
    fetch: witness.wrap() as typeof fetch,
    ...(startAfter && { startAfter }),
    signIn: {
      app: APP,
      openAuthorization: async (authorizationUrl) => {
        opened.push(authorizationUrl);
        witness.collect(authorizationUrl.searchParams);
        const callback = await authorizeByFetch(authorizationUrl, APP.redirectUri);
        witness.collect(callback);
        return callback;
      },
    },
  });
  open.push(connection);
  const recorded = () => JSON.stringify(log.getSnapshot());
  const expectNoLeak = () => {
    expect(witness.values.size).toBeGreaterThan(0);
    const text = recorded() + JSON.stringify(connection.getState()) + JSON.stringify(connection.auth?.trace.steps());
    for (const secret of witness.values) expect(text).not.toContain(secret);
  };
  return { connection, log, opened, expectNoLeak };
}

describe('a connection that needs sign-in', () => {
  it('held until the page is ready (startAfter): no sign-in code, no request, then the usual connect', async () => {
    let start!: () => void;
    const { connection, log } = notes(server.mcpUrl, new Promise<void>((resolve) => (start = resolve)));
    const connected = connection.connect();
    let settled = false;
    void connection.auth!.session().then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 200));
    // The sign-in's session waits for the page too (its code and the SDK's load with the connect's).
    expect(settled).toBe(false);
    expect(connection.getState().status).toBe('connecting');
    expect(log.getSnapshot().exchanges).toEqual([]);
    start();
    await connected;
    expect(settled).toBe(true);
    expect(connection.getState()).toMatchObject({ status: 'needs-sign-in', auth: { signedIn: false } });
  });

  it('stops at "needs sign-in" on connect, without opening a window, and keeps the 401 diagnosis', async () => {
    const { connection, opened, log } = notes();
    await connection.connect();
    expect(connection.getState()).toMatchObject({
      status: 'needs-sign-in',
      diagnosis: { code: 'auth-required', status: 401 },
      auth: { signedIn: false },
    });
    expect(opened).toEqual([]);
    expect(log.getSnapshot().exchanges.every((exchange) => exchange.purpose === undefined)).toBe(true);
  });

  it('signs in, connects, and shows the OAuth exchanges on the MCP wire marked auth, redacted', async () => {
    const { connection, opened, log, expectNoLeak } = notes();
    await connection.connect();
    await connection.signIn();
    expect(opened).toHaveLength(1);
    expect(connection.getState()).toMatchObject({
      status: 'connected',
      auth: { signedIn: true, issuer: server.issuer, scope: 'mcp:read' },
    });
    expect(connection.getState().tools.map((tool) => tool.name)).toContain('read_notes');
    const exchanges = log.getSnapshot().exchanges;
    const auth = exchanges.filter((exchange) => exchange.purpose === 'auth');
    expect(auth.map((exchange) => `${exchange.method} ${new URL(exchange.url).pathname}`)).toEqual([
      'GET /.well-known/oauth-protected-resource/mcp',
      'GET /.well-known/oauth-authorization-server',
      'POST /register',
      'POST /token',
    ]);
    const token = auth.at(-1);
    expect(JSON.parse(token?.responseBody ?? '{}')).toMatchObject({
      access_token: '[redacted]',
      refresh_token: '[redacted]',
      token_type: 'Bearer',
    });
    expect(new URLSearchParams(token?.requestBody ?? '').get('code_verifier')).toBe('[redacted]');
    // The MCP requests after sign-in carry the bearer token, recorded redacted.
    const initialize = exchanges.filter((exchange) => exchange.purpose === undefined && exchange.status === 200)[0];
    expect(initialize?.requestHeaders['authorization']).toBe('Bearer [redacted]');
    expectNoLeak();
  });

  it('steps up on a tool call that needs a wider scope, recording the refused and the retried request', async () => {
    const { connection, opened, log, expectNoLeak } = notes();
    await connection.connect();
    await connection.signIn();
    const result = await connection.callTool('write_note', { text: 'hi' });
    expect(JSON.stringify(result)).toContain('saved: hi');
    // offline_access too: the authorization server lists it, and Glassbox wants refresh tokens (SEP-2207).
    expect(opened.map((url) => url.searchParams.get('scope'))).toEqual([
      'mcp:read offline_access',
      `mcp:read ${WRITE_SCOPE} offline_access`,
    ]);
    const calls = log.getSnapshot().exchanges.filter((exchange) => exchange.requestBody?.includes('write_note'));
    expect(calls.map((exchange) => exchange.status)).toEqual([403, 200]);
    expectNoLeak();
  });

  it('keeps a denied consent on the card with its fix, and stays "needs sign-in"', async () => {
    const { connection } = notes();
    await connection.connect();
    server.setConsent('deny');
    await connection.signIn();
    expect(connection.getState()).toMatchObject({
      status: 'needs-sign-in',
      auth: { signedIn: false, busy: false, error: { code: 'consent-denied' } },
    });
  });

  it('signs out with revocation, back to "needs sign-in"', async () => {
    const { connection, log, expectNoLeak } = notes();
    await connection.connect();
    await connection.signIn();
    await connection.signOut();
    expect(connection.getState()).toMatchObject({ status: 'needs-sign-in', auth: { signedIn: false } });
    expect(log.getSnapshot().exchanges.filter((exchange) => exchange.purpose === 'auth' && exchange.url.endsWith('/revoke'))).toHaveLength(
      2,
    );
    expectNoLeak();
  });
});
