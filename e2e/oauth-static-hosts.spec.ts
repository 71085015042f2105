/**
 * Signing in from the production build on the static hosts that do not map an extensionless path
 * to its .html file: one that serves files exactly as named (404 otherwise: S3, a default nginx,
 * `python -m http.server`), and one that answers every unknown path with index.html (a single-page
 * fallback). The authorization server is oidc-provider (e2e/servers/auth-server.mjs); the app
 * registers itself (dynamic registration) with its redirect URI. On the single-page host an answer
 * that comes back to the earlier redirect URI (`oauth/callback`, a client registered before) lands
 * on index.html: the app itself finishes the sign-in, in a sign-in window and in a same-tab sign-in,
 * with the same checks of `state` and `iss`. Needs `npx vite build` first (dist/).
 */
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './model-fixture';
import { serveStatic, type StaticServer } from '../bench/static-server.mjs';
import { expectNoLeak, openNotes, signIn, steps, witness } from './oauth-kit';
import { start, type RunningAuthServer } from './servers/auth-server.mjs';
import { TEST_PORTS } from './test-ports';

let auth: RunningAuthServer;
const hosts: Partial<Record<'exact' | 'spa', StaticServer>> = {};

test.beforeAll(async () => {
  const root = path.resolve(process.env.GLASSBOX_DIST ?? 'dist');
  [auth, hosts.exact, hosts.spa] = await Promise.all([
    start({ port: TEST_PORTS.spare(9) }),
    serveStatic({ root, port: 0, mode: 'exact' }),
    serveStatic({ root, port: 0, mode: 'spa' }),
  ]);
});
test.afterAll(async () => {
  await Promise.all([auth?.close(), hosts.exact?.close(), hosts.spa?.close()]);
});

/** The host's origin, its tour already dismissed (the config's storage state names only the preview's origin). */
async function origin(page: Page, mode: 'exact' | 'spa'): Promise<string> {
  await page.addInitScript(() => localStorage.setItem('glassbox.tour.dismissed', '1'));
  return hosts[mode]!.url.replace(/\/$/, '');
}

/** Every address a page of the context (the sign-in window too) was navigated to, redirects included. */
function addresses(context: BrowserContext): string[] {
  const seen: string[] = [];
  context.on('request', (request) => {
    if (request.isNavigationRequest()) seen.push(request.url());
  });
  return seen;
}

/**
 * The authorization server's answer sent to the earlier redirect URI instead (as for a client
 * registered with it), `forge` altering it if given. The authorization is followed outside the
 * window (with the context's own cookies), since a route sees a navigation's first request only,
 * not the redirects it follows; the window is then sent to where the answer would have gone.
 */
async function answerAtOldAddress(context: BrowserContext, forge: (query: URLSearchParams) => void = () => undefined): Promise<void> {
  await context.route(`${auth.origin}/authorize?*`, async (route) => {
    let current = route.request().url();
    for (let hop = 0; hop < 20; hop++) {
      const response = await context.request.get(current, { maxRedirects: 0 });
      const location = response.headers()['location'];
      if (location === undefined) break;
      const next = new URL(location, current);
      if (next.pathname === '/oauth/callback.html') {
        forge(next.searchParams);
        return route.fulfill({ status: 302, headers: { location: `${next.origin}/oauth/callback?${next.searchParams}` } });
      }
      current = next.href;
    }
    return route.abort();
  });
}

for (const mode of ['exact', 'spa'] as const) {
  test(`on a host that serves ${mode === 'exact' ? 'files exactly as named' : 'index.html for every unknown path'}: the sign-in window hands the answer back and the server connects`, async ({
    page,
    context,
  }) => {
    const { secrets, popups } = witness(context);
    const seen = addresses(context);
    await openNotes(page, { url: auth.mcpUrl }, /needs-sign-in/, await origin(page, mode));
    await signIn(page);
    expect(popups).toHaveLength(1);
    await expect(page.getByTestId('tool-notes-read_notes')).toBeVisible();
    // The sign-in window came back to the callback page itself, by its file name.
    expect(seen.some((url) => new URL(url).pathname === '/oauth/callback.html')).toBe(true);
    expect(await steps(page)).toEqual(['resource-metadata:ok', 'as-metadata:ok', 'registration:ok', 'authorize:ok', 'token:ok']);
    await expect(page.getByTestId('auth-debugger')).toContainText('state matches the one sent');
    await expect(page.getByTestId('auth-debugger')).toContainText('iss matches the authorization server');
    await expectNoLeak(page, secrets);
  });
}

test.describe('on a host with a single-page fallback, an answer at the earlier redirect URI', () => {
  test('in a sign-in window: the app itself hands it back and the window closes; the server connects', async ({ page, context }) => {
    const { secrets, popups } = witness(context);
    const seen = addresses(context);
    await answerAtOldAddress(context);
    await openNotes(page, { url: auth.mcpUrl }, /needs-sign-in/, await origin(page, 'spa'));
    await signIn(page);
    await expect(page.getByTestId('tool-notes-read_notes')).toBeVisible();
    expect(popups).toHaveLength(1);
    // The window landed on index.html at oauth/callback, went on to the app's folder with the answer, and the app handed it over.
    const paths = seen.map((url) => new URL(url).pathname);
    expect(paths.slice(-2)).toEqual(['/oauth/callback', '/']);
    await expect.poll(() => popups[0]?.isClosed()).toBe(true);
    expect(await steps(page)).toEqual(['resource-metadata:ok', 'as-metadata:ok', 'registration:ok', 'authorize:ok', 'token:ok']);
    await expect(page.getByTestId('auth-debugger')).toContainText('state matches the one sent');
    await expect(page.getByTestId('auth-debugger')).toContainText('iss matches the authorization server');
    await expectNoLeak(page, secrets);
  });

  test('with a forged state: the app hands it back and the sign-in refuses it, its code never exchanged', async ({ page, context }) => {
    const { secrets } = witness(context);
    await answerAtOldAddress(context, (query) => query.set('state', 'forged-state-value'));
    await openNotes(page, { url: auth.mcpUrl }, /needs-sign-in/, await origin(page, 'spa'));
    await page.getByTestId('server-signin-notes').click();
    await expect(page.getByTestId('server-signin-error-notes')).toHaveAttribute('data-code', 'state-mismatch');
    expect(await steps(page)).toEqual(['resource-metadata:ok', 'as-metadata:ok', 'registration:ok', 'authorize:failed']);
    await expectNoLeak(page, secrets);
  });

  test('in a tab that left to sign in (the popup was blocked): the app resumes the sign-in and the server connects', async ({
    page,
    context,
  }) => {
    const { secrets, popups } = witness(context);
    const seen = addresses(context);
    await answerAtOldAddress(context);
    await page.addInitScript(() => {
      window.open = () => null;
    });
    await openNotes(page, { url: auth.mcpUrl }, /needs-sign-in/, await origin(page, 'spa'));
    await page.getByTestId('server-signin-notes').click();
    await expect(page.getByTestId('server-signin-error-notes')).toHaveAttribute('data-code', 'popup-blocked');
    await page.getByTestId('server-signin-here-notes').click();
    await expect(page.getByTestId('server-notes')).toHaveAttribute('data-status', 'connected');
    await expect(page.getByTestId('tool-notes-read_notes')).toBeVisible();
    expect(popups).toHaveLength(0);
    expect(seen.map((url) => new URL(url).pathname)).toContain('/oauth/callback');
    // Back at the app with a clean address; the page that finished the sign-in checked the answer itself.
    expect(new URL(page.url()).search).toBe('');
    expect(new URL(page.url()).hash).toBe('');
    expect(await steps(page)).toEqual(['authorize:ok', 'token:ok']);
    await expect(page.getByTestId('auth-debugger')).toContainText('Back in this tab from the authorization page');
    await expect(page.getByTestId('auth-debugger')).toContainText('state matches the one sent');
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    await expectNoLeak(page, secrets);
  });
});
