/**
 * Signing in when the browser blocks the sign-in window: the card offers to continue in this tab,
 * the tab goes to the authorization server (oidc-provider) and comes back through the callback
 * page, and the server connects. Afterwards the code, the state, the verifier and the tokens are
 * in no URL, history entry, web storage, IndexedDB record (in clear) or HAR.
 */
import { expect, test } from './model-fixture';
import { expectNoLeak, historyUrls, openNotes, rememberedKeys, steps, witness } from './oauth-kit';
import { start } from './servers/auth-server.mjs';
import type { RunningAuthServer } from './servers/auth-server.mjs';
import { TEST_PORTS } from './test-ports';

let server: RunningAuthServer;

test.beforeAll(async ({ browserName: _browser }, testInfo) => {
  const redirectUris = [new URL('oauth/callback.html', String(testInfo.project.use.baseURL)).href];
  server = await start({ port: TEST_PORTS.spare(2), redirectUris });
});
test.afterAll(async () => {
  await server?.close();
});

test('a blocked popup: the sign-in continues in this tab and the server connects when the tab is back', async ({ page, context }) => {
  const { secrets, popups } = witness(context);
  // The browser blocks every window the page asks for, as a popup blocker does.
  await page.addInitScript(() => {
    window.open = () => null;
  });
  await openNotes(page, { url: server.mcpUrl });
  await page.getByTestId('server-signin-notes').click();
  const error = page.getByTestId('server-signin-error-notes');
  await expect(error).toHaveAttribute('data-code', 'popup-blocked');
  await expect(error).toContainText('Continue the sign-in in this tab');

  const callbacks: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && frame.url().includes('/oauth/callback')) callbacks.push(frame.url());
  });
  await page.getByTestId('server-signin-here-notes').click();
  await expect(page.getByTestId('server-notes')).toHaveAttribute('data-status', 'connected');
  await expect(page.getByTestId('tool-notes-read_notes')).toBeVisible();
  expect(popups).toHaveLength(0);
  // The tab really went through the callback page, and came back to the app with a clean address.
  expect(callbacks.length).toBeGreaterThan(0);
  expect(new URL(page.url()).hash).toBe('');
  // The page that finished the sign-in checked the answer itself and exchanged the code.
  expect(await steps(page)).toEqual(['authorize:ok', 'token:ok']);
  await expect(page.getByTestId('auth-debugger')).toContainText('Back in this tab from the authorization page');
  await expect(page.getByTestId('auth-debugger')).toContainText('state matches the one sent');
  // Nothing of the sign-in is left waiting: no sealed flow, no marker; the history holds no authorization URL.
  expect(await rememberedKeys(page)).toEqual([]);
  expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
  expect(await historyUrls(page)).not.toContain(server.origin);
  await expectNoLeak(page, secrets);
});
