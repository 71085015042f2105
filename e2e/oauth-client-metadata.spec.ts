/**
 * Signing in with Glassbox's Client ID Metadata Document as its client id. Such ids must be https
 * URLs the authorization server fetches, so this spec builds its own copy of the app for a
 * loopback https origin (GLASSBOX_PUBLIC_URL, which makes the build write
 * oauth/client-metadata.json for that place), serves it there with a certificate made now, and
 * starts oidc-provider trusting that certificate. The browser context accepts the certificate.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from './model-fixture';
import { loopbackCertificate } from '../bench/https-proxy.mjs';
import { serveStatic, type StaticServer } from '../bench/static-server.mjs';
import { expectNoLeak, openNotes, signIn, steps, witness } from './oauth-kit';
import { start } from './servers/auth-server.mjs';
import type { RunningAuthServer } from './servers/auth-server.mjs';
import { TEST_PORTS } from './test-ports';

/** Where this spec's https copy of the app is served. */
const APP_ORIGIN = `https://127.0.0.1:${TEST_PORTS.spare(8)}`;
const DOCUMENT_URL = `${APP_ORIGIN}/oauth/client-metadata.json`;

let outDir: string;
let app: StaticServer;
let server: RunningAuthServer;

test.use({
  ignoreHTTPSErrors: true,
  tourDismissedAt: [APP_ORIGIN],
});

test.beforeAll(async ({ browserName: _browser }, testInfo) => {
  testInfo.setTimeout(240_000);
  outDir = await mkdtemp(path.join(tmpdir(), 'glassbox-cimd-'));
  const building = promisify(execFile)(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    {
      env: { ...process.env, GLASSBOX_PUBLIC_URL: `${APP_ORIGIN}/` },
    },
  );
  const tls = await loopbackCertificate();
  await building;
  app = await serveStatic({ root: outDir, port: TEST_PORTS.spare(8), tls });
  // No pre-registered redirect URI: the document itself says where to come back to.
  server = await start({ port: TEST_PORTS.spare(12), documentCa: tls.cert });
});
test.afterAll(async () => {
  await Promise.all([app?.close(), server?.close()]);
  if (outDir !== undefined) await rm(outDir, { recursive: true, force: true });
});

test('the client metadata document is the client id when the authorization server accepts one: no registration', async ({
  page,
  context,
}) => {
  // The build wrote the document for the place it is served at.
  const document = JSON.parse(await readFile(path.join(outDir, 'oauth', 'client-metadata.json'), 'utf8')) as Record<string, unknown>;
  expect(document).toMatchObject({ client_id: DOCUMENT_URL, redirect_uris: [`${APP_ORIGIN}/oauth/callback.html`] });
  // The authorization server says it accepts metadata documents, and offers registration too.
  const metadata = (await (await fetch(`${server.origin}/.well-known/oauth-authorization-server`)).json()) as Record<string, unknown>;
  expect(metadata).toMatchObject({ client_id_metadata_document_supported: true, registration_endpoint: `${server.origin}/register` });

  const { secrets, popups } = witness(context);
  await openNotes(page, { url: server.mcpUrl }, /needs-sign-in/, APP_ORIGIN);
  await signIn(page);
  expect(popups).toHaveLength(1);
  await expect(page.getByTestId('tool-notes-read_notes')).toBeVisible();
  expect(await steps(page)).toEqual(['resource-metadata:ok', 'as-metadata:ok', 'registration:ok', 'authorize:ok', 'token:ok']);
  await expect(page.getByTestId('auth-debugger')).toContainText(`Client id ${DOCUMENT_URL} (Glassbox's client metadata document)`);
  // Glassbox did not register, and the authorization server fetched the document from Glassbox's origin.
  await expect(page.locator('[data-testid="traffic-row"][data-purpose="auth"]').filter({ hasText: '/register' })).toHaveCount(0);
  expect(new Set(server.documentsFetched)).toEqual(new Set([DOCUMENT_URL]));
  await expectNoLeak(page, secrets);
});
