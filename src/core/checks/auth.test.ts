/** A protected server: the check follows its 401 to the sign-in metadata and judges it, without signing in. */
import { afterAll, expect, test } from 'vitest';
import { start } from '../../../e2e/servers/auth-server.mjs';
// A test reuses the headless check's raw requester (node:http sends any Host and Origin as written).
// eslint-disable-next-line boundaries/dependencies
import { rawHttp } from '../../../scripts/check/raw-http.mjs';
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
