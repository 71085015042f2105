/**
 * "Remember on this device" and "Signed in as", in the built page against oidc-provider issuing
 * JWT access tokens (RFC 9068: they name the account, so the card can show who is signed in).
 * Remembered tokens survive a reload as ciphertext in IndexedDB only and go with "Sign out";
 * without the tick, a reload forgets them.
 */
import { expect, test } from './model-fixture';
import { expectNoLeak, openNotes, rememberedKeys, signIn, witness } from './oauth-kit';
import { start, TEST_ACCOUNT } from './servers/auth-server.mjs';
import type { RunningAuthServer } from './servers/auth-server.mjs';
import { TEST_PORTS } from './test-ports';

let server: RunningAuthServer;

test.beforeAll(async ({ browserName: _browser }, testInfo) => {
  const redirectUris = [new URL('oauth/callback.html', String(testInfo.project.use.baseURL)).href];
  server = await start({ port: TEST_PORTS.spare(1), redirectUris, accessTokenFormat: 'jwt' });
});
test.afterAll(async () => {
  await server?.close();
});

/** The encrypted token records among the remembered keys (the index and the key itself are not records). */
async function tokenRecords(page: Parameters<typeof rememberedKeys>[0]): Promise<string[]> {
  return (await rememberedKeys(page)).filter((key) => key.startsWith('oauth-tokens:') && key !== 'oauth-tokens:index');
}

test('the card says who is signed in, from the JWT access token', async ({ page, context }) => {
  const { secrets } = witness(context);
  await openNotes(page, { url: server.mcpUrl });
  await signIn(page);
  await expect(page.getByTestId('server-signed-in-notes')).toContainText(`Signed in as ${TEST_ACCOUNT} at ${server.issuer}`);
  await expectNoLeak(page, secrets);
});

test('remembered on this device: a reload stays signed in without a window, IndexedDB holds only ciphertext, sign out removes it', async ({
  page,
  context,
}) => {
  const { secrets, popups } = witness(context);
  await openNotes(page, { url: server.mcpUrl });
  await page.getByTestId('server-remember-notes').check();
  await signIn(page);
  expect(popups).toHaveLength(1);
  expect(await tokenRecords(page)).toHaveLength(1);

  await page.reload();
  await expect(page.getByTestId('server-notes')).toHaveAttribute('data-status', 'connected');
  await expect(page.getByTestId('server-signed-in-notes')).toContainText(`Signed in as ${TEST_ACCOUNT}`);
  expect(popups).toHaveLength(1);
  // The record is there, and no token string is in it or anywhere else (expectNoLeak scans every IndexedDB record).
  expect(await tokenRecords(page)).toHaveLength(1);
  await expectNoLeak(page, secrets);

  await page.getByTestId('server-signout-notes').click();
  await expect(page.getByTestId('server-notes')).toHaveAttribute('data-status', 'needs-sign-in');
  expect(await tokenRecords(page)).toEqual([]);
  await page.reload();
  await expect(page.getByTestId('server-notes')).toHaveAttribute('data-status', 'needs-sign-in');
  expect(popups).toHaveLength(1);
});

test('not remembered: a reload needs signing in again', async ({ page, context }) => {
  const { secrets, popups } = witness(context);
  await openNotes(page, { url: server.mcpUrl });
  await expect(page.getByTestId('server-remember-notes')).not.toBeChecked();
  await signIn(page);
  await page.reload();
  await expect(page.getByTestId('server-notes')).toHaveAttribute('data-status', 'needs-sign-in');
  await expect(page.getByTestId('server-signin-notes')).toBeVisible();
  expect(popups).toHaveLength(1);
  expect(await tokenRecords(page)).toEqual([]);
  await expectNoLeak(page, secrets);
});
