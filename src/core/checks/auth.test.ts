/**
 * A protected server: the check follows its 401 to the sign-in metadata and judges it, without
 * signing in; once the person signed in, the check goes through the connection's sign-in.
 */
import { afterAll, expect, test } from 'vitest';
import { authorizeByFetch, start } from '../../../e2e/servers/auth-server.mjs';
// A test reuses the headless check's raw requester (node:http sends any Host and Origin as written).
// eslint-disable-next-line boundaries/dependencies
import { rawHttp } from '../../../scripts/check/raw-http.mjs';
import { APP, SecretWitness } from '../auth/__fixtures__/sign-in-harness';
import { ServerConnection } from '../mcp/server-connection';
import { SecretRegistry, TrafficLog } from '../traffic';
import { runServerCheck, type CheckReport } from '.';

const running: Array<{ close(): Promise<void> }> = [];
afterAll(async () => {
  await Promise.all(running.map((server) => server.close()));
});

const severities = (report: CheckReport) =>
  Object.fromEntries(
    report.findings.map((finding) => [`${finding.id}${finding.subject ? ` [${finding.subject}]` : ''}`, finding.severity]),
  );

test('a protected server: resource metadata, PKCE S256, iss and CORS of both documents', async () => {
  const server = await start();
  running.push(server);
  const log = new TrafficLog();
  const report = await runServerCheck({ server: 'notes', url: server.url, fetch, log, secrets: new SecretRegistry(), rawHttp });
  expect(severities(report)).toMatchObject({
    'protocol.handshake': 'info',
    'security.auth-resource-metadata': 'pass',
    'security.auth-pkce': 'pass',
    'browser.auth-metadata-cors [protected resource metadata]': 'pass',
    'browser.auth-metadata-cors [authorization server metadata]': 'pass',
  });
  expect(['pass', 'warn']).toContain(severities(report)['security.auth-iss']);
  const metadata = report.findings.find((finding) => finding.id === 'security.auth-resource-metadata')!;
  expect(metadata.exchangeIds).toHaveLength(2);
  expect(log.getExchange(metadata.exchangeIds[1]!)!.url).toContain('/.well-known/oauth-protected-resource');
});

test('the resource metadata must name this server', async () => {
  const server = await start();
  running.push(server);
  // The same endpoint under another name: the metadata's resource no longer matches the URL checked.
  const url = server.url.replace('127.0.0.1', 'localhost');
  const report = await runServerCheck({ server: 'notes', url, fetch, log: new TrafficLog(), secrets: new SecretRegistry() });
  expect(severities(report)['security.auth-resource-metadata']).toBe('fail');
  expect(report.findings.find((finding) => finding.id === 'security.auth-resource-metadata')!.actual).toMatch(
    /^resource http:\/\/127\.0\.0\.1/,
  );
});

test.each([
  ['Bearer', false],
  ['DPoP', true],
])('a signed-in server (%s) is checked with the connection’s token, recorded redacted', async (scheme, dpop) => {
  const server = await start({ redirectUris: [APP.redirectUri], dpop });
  running.push(server);
  const witness = new SecretWitness();
  const log = new TrafficLog();
  const secrets = new SecretRegistry();
  const connection = new ServerConnection({
    name: 'notes',
    url: server.mcpUrl,
    headers: {},
    timeoutMs: 10_000,
    log,
    secrets,
    fetch: witness.wrap() as typeof fetch,
    signIn: {
      app: APP,
      openAuthorization: async (authorizationUrl) => {
        witness.collect(authorizationUrl.searchParams);
        const callback = await authorizeByFetch(authorizationUrl, APP.redirectUri);
        witness.collect(callback);
        return callback;
      },
    },
  });
  running.push({ close: () => connection.disconnect() });
  // Signed out, the check has no sign-in to go through.
  expect(connection.auth!.signedInMiddleware()).toBeUndefined();
  await connection.connect();
  await connection.signIn();
  expect(connection.getState()).toMatchObject({ status: 'connected', auth: { signedIn: true } });

  const auth = connection.auth!.signedInMiddleware();
  expect(auth).toBeDefined();
  const report = await runServerCheck({ server: 'notes', url: server.mcpUrl, fetch, log, secrets, auth: auth! });
  expect(severities(report)).toMatchObject({ 'protocol.handshake': 'pass', 'protocol.unknown-method': 'pass' });
  expect(report.findings.filter((finding) => finding.id.startsWith('security.auth-'))).toEqual([]);
  expect(report.findings.filter((finding) => finding.category === 'protocol' && finding.severity === 'fail')).toEqual([]);

  const probes = log.getSnapshot().exchanges.filter((exchange) => exchange.checkRun === report.runId);
  expect(probes.length).toBeGreaterThan(5);
  for (const probe of probes) {
    expect(probe.requestHeaders['authorization']).toBe(`${scheme} [redacted]`);
    if (dpop) expect(probe.requestHeaders['dpop']).toEqual(expect.any(String));
  }
  expect(probes.every((exchange) => exchange.status !== 401)).toBe(true);
  expect(witness.values.size).toBeGreaterThan(0);
  const recorded = JSON.stringify(log.getSnapshot()) + JSON.stringify(report);
  for (const secret of witness.values) expect(recorded).not.toContain(secret);
});
