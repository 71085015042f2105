/**
 * Signing in to a protected MCP server from the built page, against a real authorization server
 * (oidc-provider, e2e/servers/auth-server.mjs) whose MCP server checks the token's audience and
 * scopes. The sign-in window is a real popup; the callback page hands the answer back through a
 * BroadcastChannel. Every case ends by proving the tokens, the code and the verifier are nowhere:
 * page text (auth debugger open), address bar, web storage, IndexedDB, the MCP wire's HAR.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './model-fixture';
import { expectNoLeak, openNotes, signIn, steps, witness } from './oauth-kit';
import { PREREGISTERED_CLIENT_ID, start, WRITE_SCOPE } from './servers/auth-server.mjs';
import type { RunningAuthServer } from './servers/auth-server.mjs';
import { TEST_PORTS } from './test-ports';

let server: RunningAuthServer;
/** The same authorization server with no CORS on its token and registration endpoints. */
let noCors: RunningAuthServer;
let appOrigin: string;

test.beforeAll(async ({ browserName: _browser }, testInfo) => {
  const base = new URL(String(testInfo.project.use.baseURL));
  appOrigin = base.origin;
  const redirectUris = [new URL('oauth/callback.html', base).href];
  [server, noCors] = await Promise.all([
    start({ port: TEST_PORTS.auth, redirectUris }),
    start({ port: TEST_PORTS.spare(0), redirectUris, cors: false }),
  ]);
});
test.afterEach(() => server.setConsent('grant'));
test.afterAll(async () => {
  await Promise.all([server?.close(), noCors?.close()]);
});

/** Calls a tool of `notes` from its card and returns the result box. */
async function callTool(page: Page, tool: string, args: unknown = {}): Promise<Locator> {
  const button = page.getByTestId(`tool-notes-${tool}`);
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  const detail = page.getByTestId('server-notes').locator('.tool-detail');
  await detail.getByTestId('tool-call-args').fill(JSON.stringify(args));
  await detail.getByTestId('tool-call-run').click();
  const result = detail.getByTestId('tool-result');
  await expect(result).toBeVisible();
  return result;
}

test.describe('signing in to a protected MCP server', () => {
  test('via dynamic client registration, with the OAuth exchanges on the MCP wire marked auth', async ({ page, context }) => {
    const { secrets, popups } = witness(context);
    await openNotes(page, { url: server.mcpUrl });
    await expect(page.getByTestId('server-error-notes')).toHaveAttribute('data-code', 'auth-required');
    expect(popups).toHaveLength(0);
    await signIn(page);
    expect(popups).toHaveLength(1);
    await expect(page.getByTestId('tool-notes-read_notes')).toBeVisible();
    await expect(page.getByTestId('server-scopes-notes')).toHaveText('mcp:read');
    const authRows = page.locator('[data-testid="traffic-row"][data-server="notes"][data-purpose="auth"]');
    await expect(authRows).toHaveCount(4);
    await expect(authRows.filter({ hasText: '/token' })).toHaveCount(1);
    expect(await steps(page)).toEqual(['resource-metadata:ok', 'as-metadata:ok', 'registration:ok', 'authorize:ok', 'token:ok']);
    await expect(page.getByTestId('auth-debugger')).toContainText('state matches the one sent');
    await expect(page.getByTestId('auth-debugger')).toContainText('iss matches the authorization server');
    // The check of a signed-in server goes through its sign-in: past the handshake, no auth failure.
    await page.getByTestId('server-check-notes').click();
    const report = page.getByTestId('server-report-notes');
    await expect(report.getByTestId('check-run')).toHaveText('Run again');
    // Signed out, the handshake would be a note ("asks for sign-in") beside the auth checks, and no era answered.
    await expect(report.getByTestId('check-status')).not.toContainText('no era answered');
    await report.getByTestId('check-show-all').check();
    const findings = report.getByTestId('check-finding');
    await expect(findings.and(page.locator('[data-check="protocol.handshake"]'))).toHaveAttribute('data-severity', 'pass');
    await expect(findings.and(page.locator('[data-check^="security.auth-"]'))).toHaveCount(0);
    await expect(report.getByTestId('check-summary-protocol')).not.toHaveAttribute('data-verdict', 'fail');
    await expectNoLeak(page, secrets);
  });

  test('with a client id from the config, without registering', async ({ page, context }) => {
    const { secrets } = witness(context);
    await openNotes(page, { url: server.mcpUrl, oauth: { clientId: PREREGISTERED_CLIENT_ID } });
    await signIn(page);
    expect(await steps(page)).toContain('registration:ok');
    await expect(page.getByTestId('auth-debugger')).toContainText(`Client id ${PREREGISTERED_CLIENT_ID} from the server's configuration`);
    await expect(page.locator('[data-testid="traffic-row"][data-purpose="auth"]').filter({ hasText: '/register' })).toHaveCount(0);
    await expectNoLeak(page, secrets);
  });

  test('refreshes an expired token without a new window, and steps up to a wider scope with one', async ({ page, context }) => {
    const { secrets, popups } = witness(context);
    await openNotes(page, { url: server.mcpUrl });
    await signIn(page);
    server.expireAccessTokens();
    await expect(await callTool(page, 'read_notes')).toContainText('buy milk');
    expect(popups).toHaveLength(1);
    expect(await steps(page)).toContain('refresh:ok');
    await expect(await callTool(page, 'write_note', { text: 'hello' })).toContainText('saved: hello');
    expect(popups).toHaveLength(2);
    await expect(page.getByTestId('server-scopes-notes')).toContainText(WRITE_SCOPE);
    await expectNoLeak(page, secrets);
  });

  test('to a 2025-03-26 server without resource metadata: its origin is the authorization server', async ({ page, context }) => {
    const { secrets } = witness(context);
    await openNotes(page, { url: server.legacyMcpUrl });
    await signIn(page);
    expect((await steps(page)).slice(0, 2)).toEqual(['resource-metadata:skipped', 'as-metadata:ok']);
    await expectNoLeak(page, secrets);
  });

  test('signs out, revoking the tokens: the server needs sign-in again', async ({ page, context }) => {
    const { secrets } = witness(context);
    await openNotes(page, { url: server.mcpUrl });
    await signIn(page);
    await page.getByTestId('server-signout-notes').click();
    await expect(page.getByTestId('server-notes')).toHaveAttribute('data-status', 'needs-sign-in');
    await expect(page.getByTestId('server-signin-notes')).toBeVisible();
    expect((await steps(page)).at(-1)).toBe('revoke:ok');
    await expectNoLeak(page, secrets);
  });
});

test.describe('a sign-in that fails says why and what to do', () => {
  test('consent denied', async ({ page, context }) => {
    const { secrets } = witness(context);
    await openNotes(page, { url: server.mcpUrl });
    server.setConsent('deny');
    await page.getByTestId('server-signin-notes').click();
    await expect(page.getByTestId('server-signin-error-notes')).toHaveAttribute('data-code', 'consent-denied');
    expect(await steps(page)).toContain('authorize:failed');
    await expect(page.getByTestId('server-notes')).toHaveAttribute('data-status', 'needs-sign-in');
    await expectNoLeak(page, secrets);
  });

  for (const [name, forge, code] of [
    ['a wrong state', (query: URLSearchParams) => query.set('state', 'forged-state-value'), 'state-mismatch'],
    ['an iss of another issuer', (query: URLSearchParams) => query.set('iss', 'http://127.0.0.1:9/evil'), 'iss-mismatch'],
  ] as const) {
    test(`an answer with ${name} is refused, and its code never exchanged`, async ({ page, context }) => {
      const { secrets } = witness(context);
      // The authorization is followed outside the popup (the browser context's own cookies), and the
      // answer rewritten on its way back, as an attacker's link to the callback would be.
      await context.route(`${server.origin}/authorize?*`, async (route) => {
        let current = route.request().url();
        for (let hop = 0; hop < 20; hop++) {
          const response = await context.request.get(current, { maxRedirects: 0 });
          const location = response.headers()['location'];
          if (location === undefined) break;
          const next = new URL(location, current);
          if (next.pathname.endsWith('/oauth/callback.html')) {
            forge(next.searchParams);
            return route.fulfill({ status: 302, headers: { location: next.href } });
          }
          current = next.href;
        }
        return route.abort();
      });
      await openNotes(page, { url: server.mcpUrl });
      await page.getByTestId('server-signin-notes').click();
      await expect(page.getByTestId('server-signin-error-notes')).toHaveAttribute('data-code', code);
      expect(await steps(page)).toEqual(['resource-metadata:ok', 'as-metadata:ok', 'registration:ok', 'authorize:failed']);
      await expectNoLeak(page, secrets);
    });
  }

  test('a token endpoint without CORS: the debugger names it and the header to add', async ({ page, context }) => {
    const { secrets } = witness(context);
    await openNotes(page, { url: noCors.mcpUrl, oauth: { clientId: PREREGISTERED_CLIENT_ID } });
    await page.getByTestId('server-signin-notes').click();
    await expect(page.getByTestId('server-signin-error-notes')).toHaveAttribute('data-code', 'cors-blocked');
    expect((await steps(page)).at(-1)).toBe('token:failed');
    const fix = page.getByTestId('auth-debugger').getByTestId('auth-step-fix');
    await expect(fix).toContainText(`Access-Control-Allow-Origin: ${appOrigin}`);
    await expect(fix).toContainText(`${noCors.origin}/token`);
    await expect(fix).toContainText('The authorization endpoint needs none');
    await expectNoLeak(page, secrets);
  });
});
