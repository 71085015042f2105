/**
 * An MCP App view is untrusted code. With a hostile test server (e2e/servers/hostile-app.mjs):
 * its script cannot read Glassbox's localStorage, IndexedDB, cookies or DOM, cannot navigate the
 * top window, cannot reach a host its CSP does not declare (blocked and reported), and flooding
 * the bridge does not freeze the page (rate-limited and reported). An app-only tool is never
 * offered to the model.
 */
import type { Page } from '@playwright/test';
import { openWithConfig, openAreaTab } from './helpers';
import { expect, test } from './model-fixture';
import { TEST_URLS } from './test-ports';

test.use({ monacoEditor: false });

const CONFIG = { mcpServers: { hostile: { url: TEST_URLS.appHostile } } };

async function openView(page: Page, tool: string): Promise<void> {
  await openWithConfig(page, CONFIG, ['hostile']);
  await expect(page.getByTestId('server-hostile')).toHaveAttribute('data-status', 'connected');
  await page.getByTestId(`tool-hostile-${tool}`).click();
  await page.getByTestId('tool-call-run').click();
  await expect(page.getByTestId('app-frame')).toHaveAttribute('data-resource-uri', `ui://hostile/${tool}.html`);
}

test("the view's script cannot read Glassbox's storage, cookies or page, nor navigate it, nor reach an undeclared host", async ({
  page,
}) => {
  await page.goto('/');
  await page.evaluate(() => {
    localStorage.setItem('glassbox.secret-probe', 'do not read');
    document.cookie = 'glassbox_probe=secret; path=/';
  });
  const before = page.url();
  await openView(page, 'probe');
  await expect(page.getByTestId('app-frame')).toHaveAttribute('sandbox', 'allow-scripts');

  const results = page.frameLocator('[data-testid="app-frame"]').locator('#results');
  await expect(results).toContainText('declaredFetch');
  const found = JSON.parse((await results.textContent()) ?? '{}') as Record<string, string>;
  expect(found.localStorage).toMatch(/^blocked: SecurityError/);
  expect(found.indexedDB).toMatch(/^blocked: SecurityError/);
  expect(found.cookie).toMatch(/^blocked: SecurityError/);
  expect(found.parentDom).toMatch(/^blocked: SecurityError/);
  expect(found.topDom).toMatch(/^blocked: SecurityError/);
  expect(found.topNavigation).toMatch(/^blocked/);
  // The declared origin is reachable; the undeclared one is blocked by the view's CSP, and reported.
  expect(found.declaredFetch).toBe('reached');
  expect(found.undeclaredFetch).toMatch(/^blocked: TypeError/);
  await expect(page.getByTestId('app-csp-blocked')).toContainText(/connect-src: http:\/\/localhost:\d+\/mcp/);
  await openAreaTab(page, 'mcp', 'bridge');
  await expect(
    page.locator('[data-testid="app-bridge-row"][data-method="csp-violation"][data-direction="from-app"]').first(),
  ).toBeVisible();

  // Glassbox's page is where it was, its storage and cookie untouched.
  expect(page.url()).toBe(before);
  expect(await page.evaluate(() => localStorage.getItem('glassbox.secret-probe'))).toBe('do not read');
});

test('a view flooding the bridge is rate-limited and reported, and the page stays responsive', async ({ page }) => {
  await openView(page, 'flood');
  await expect(page.frameLocator('[data-testid="app-frame"]').locator('#sent')).toHaveText('sent 5000');
  await expect(page.getByTestId('app-rate-limited')).toContainText('dropped unread');

  // The page answers at once: a round trip into it and a click that re-renders it.
  const started = Date.now();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  await page.getByTestId('theme-toggle').click();
  expect(Date.now() - started).toBeLessThan(2000);

  // The bridge wire holds a bounded record: what was let through, and the drop reports.
  await openAreaTab(page, 'mcp', 'bridge');
  await expect(page.locator('[data-testid="app-bridge-row"][data-method="rate-limited"]').first()).toBeVisible();
  const rows = await page.locator('[data-testid="app-bridge-row"]').count();
  expect(rows).toBeLessThanOrEqual(300);
});

test('an app-only tool is listed for the person but never offered to the model', async ({ page }) => {
  await openWithConfig(page, CONFIG, ['hostile']);
  await openAreaTab(page, 'left', 'registry');
  await expect(page.getByTestId('registry-app-only')).toHaveCount(1);
  await expect(page.getByTestId('registry-app-only')).toHaveAttribute('title', /not offered to the model/);
});
