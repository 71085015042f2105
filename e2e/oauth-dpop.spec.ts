/**
 * The protocol's newer sign-in rules in the built page, against oidc-provider: DPoP (RFC 9449) in
 * front of a resource server that checks every proof and demands nonces from both servers, and an
 * MCP server that moves to another authorization server (SEP-2352). Each ends by proving no token,
 * code or verifier stayed anywhere the page can show or keep text.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './model-fixture';
import { expectNoLeak, openNotes, signIn, steps, witness } from './oauth-kit';
import { start } from './servers/auth-server.mjs';
import type { RunningAuthServer } from './servers/auth-server.mjs';
import { TEST_PORTS } from './test-ports';

let dpopServer: RunningAuthServer;
let redirectUris: string[];

test.beforeAll(async ({ browserName: _browser }, testInfo) => {
  redirectUris = [new URL('oauth/callback', String(testInfo.project.use.baseURL)).href];
  dpopServer = await start({ port: TEST_PORTS.spare(16), redirectUris, dpop: true });
});
test.afterAll(async () => {
  await dpopServer?.close();
});

/** Calls `read_notes` from the card and returns the result box. */
async function readNotes(page: Page): Promise<Locator> {
  const button = page.getByTestId('tool-notes-read_notes');
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  const detail = page.getByTestId('server-notes').locator('.tool-detail');
  await detail.getByTestId('tool-call-run').click();
  const result = detail.getByTestId('tool-result');
  await expect(result).toContainText('buy milk');
  return result;
}

test('a DPoP sign-in: proofs with both nonces, the tool call works, the debugger shows a proof’s claims', async ({ page, context }) => {
  const { secrets } = witness(context);
  await openNotes(page, { url: dpopServer.mcpUrl });
  await signIn(page);
  await readNotes(page);
  expect(await steps(page)).toEqual([
    'resource-metadata:ok',
    'as-metadata:ok',
    'registration:ok',
    'authorize:ok',
    'token:ok',
    'dpop-proofs:ok',
  ]);
  // The resource server checked every proof itself (key = the token's jkt, htm, htu, ath, jti, its nonce).
  expect(dpopServer.dpop?.nonceChallenges).toBe(1);
  expect(dpopServer.dpop?.accepted.length).toBeGreaterThan(1);
  const debuggerPanel = page.getByTestId('auth-debugger');
  const claims = debuggerPanel.getByTestId('dpop-proof-claims');
  // The token request's two proofs (the second with the authorization server's nonce), then the MCP requests'.
  await expect(claims.first()).toContainText('"htm":"POST"');
  await expect(debuggerPanel.locator('[data-step="dpop-proofs"]').getByTestId('dpop-proof-claims').last()).toContainText(
    `"nonce":"${dpopServer.dpop?.nonce}"`,
  );
  await expect(debuggerPanel.locator('[data-step="dpop-proofs"]').getByTestId('dpop-proof-claims').last()).toContainText('"ath":');
  await expect(debuggerPanel.getByTestId('dpop-proof-header').first()).toContainText('"typ":"dpop+jwt"');
  await expect(debuggerPanel.getByTestId('dpop-proof-header').first()).not.toContainText('"d":');
  await expectNoLeak(page, secrets);
});

test('the authorization server changes: a migration step, a fresh registration and sign-in there', async ({ page, context }) => {
  const { secrets, popups } = witness(context);
  const first = await start({ port: TEST_PORTS.spare(17), redirectUris });
  const second = await start({ redirectUris, resources: [first.mcpUrl] });
  try {
    await openNotes(page, { url: first.mcpUrl });
    await signIn(page);
    await readNotes(page);
    first.useAuthorizationServer(second);
    await page.getByTestId('server-notes').locator('.tool-detail').getByTestId('tool-call-run').click();
    await expect(page.getByTestId('server-notes').locator('.tool-detail').getByTestId('tool-result')).toContainText('buy milk');
    expect(popups).toHaveLength(2);
    const after = await steps(page);
    expect(after.slice(after.indexOf('migration:ok'))).toEqual(['migration:ok', 'registration:ok', 'authorize:ok', 'token:ok']);
    const migration = page.getByTestId('auth-debugger').locator('[data-step="migration"]');
    await expect(migration).toContainText(`now names ${second.issuer}`);
    await expect(migration).toContainText('old tokens');
    await expect(page.getByTestId('auth-debugger').locator('[data-step="registration"]').last()).toContainText(`${second.origin}/register`);
    await expectNoLeak(page, secrets);
  } finally {
    await Promise.all([first.close(), second.close()]);
  }
});
