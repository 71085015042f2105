/**
 * MCP Apps with the official example servers from the registry (server-basic-vanillajs and
 * server-budget-allocator, in-process on loopback over streamable HTTP): the view renders in a
 * sandboxed frame from a manual call and from a chat turn, gets its tool input and result, its
 * calls back to the server go through the person's policy, its ui/message lands in the chat, a
 * link opens only after consent, and the App bridge wire shows each message.
 */
import type { Page } from '@playwright/test';
import { openWithConfig } from './helpers';
import { expect, say, test, useModel } from './model-fixture';
import { TEST_URLS } from './test-ports';

test.use({ monacoEditor: false });

const CONFIG = { mcpServers: { basic: { url: TEST_URLS.appBasic }, budget: { url: TEST_URLS.appBudget } } };

/** Calls a tool from the Servers panel. */
async function callByHand(page: Page, server: string, tool: string): Promise<void> {
  await page.getByTestId(`tool-${server}-${tool}`).click();
  await page.getByTestId('tool-call-run').click();
}

/** The bridge rows of one method and direction. */
function bridgeRows(page: Page, method: string, direction: 'to-app' | 'from-app') {
  return page.locator(`[data-testid="app-bridge-row"][data-method="${method}"][data-direction="${direction}"]`);
}

test('a manual call renders the view in an opaque sandbox; it gets input and result; its call back goes through the policy; the bridge wire shows each message', async ({ page }) => {
  await openWithConfig(page, CONFIG, ['basic', 'budget']);
  await expect(page.getByTestId('server-basic')).toHaveAttribute('data-status', 'connected');
  await callByHand(page, 'basic', 'get-time');

  const frame = page.getByTestId('app-frame');
  await expect(frame).toHaveAttribute('data-resource-uri', 'ui://get-time/mcp-app.html');
  await expect(frame).toHaveAttribute('data-origin', 'opaque');
  await expect(frame).toHaveAttribute('sandbox', 'allow-scripts');
  // The ui:// resource was read on the MCP wire.
  await expect(page.getByTestId('mcp-traffic').locator('[data-testid="traffic-row"][data-method="resources/read"][data-direction="out"]')).toHaveCount(1);
  await expect(page.getByTestId('app-status')).toHaveText('connected');

  // The view shows the result it was sent (the server time of the manual call).
  const view = page.frameLocator('[data-testid="app-frame"]');
  await expect(view.locator('#server-time')).toHaveText(/^\d{4}-\d\d-\d\dT/);
  const first = await view.locator('#server-time').textContent();

  // A click inside: get-time is called back through the person's policy (ask → Allow once) and its result reaches the view.
  await view.locator('#get-time-btn').click();
  const consent = page.locator('[data-testid="app-consent"][data-kind="tool"]');
  await expect(consent).toContainText('The view asks to call get-time');
  await consent.getByTestId('app-consent-allow').click();
  await expect(view.locator('#server-time')).not.toHaveText(first ?? '');

  await page.getByTestId('wire-tab-bridge').click();
  await expect(bridgeRows(page, 'ui/initialize', 'from-app')).toHaveCount(1);
  await expect(bridgeRows(page, 'ui/notifications/initialized', 'from-app')).toHaveCount(1);
  await expect(bridgeRows(page, 'ui/notifications/tool-input', 'to-app')).toHaveCount(1);
  await expect(bridgeRows(page, 'ui/notifications/tool-result', 'to-app')).toHaveCount(1);
  await expect(bridgeRows(page, 'tools/call', 'from-app')).toHaveCount(1);
  await expect(bridgeRows(page, 'response', 'to-app').first()).toBeVisible();
  // A row opens to the message, pretty-printed.
  await bridgeRows(page, 'tools/call', 'from-app').locator('summary').click();
  await expect(bridgeRows(page, 'tools/call', 'from-app')).toContainText('get-time');

  // Fullscreen and back.
  await page.getByTestId('app-fullscreen').click();
  await expect(page.getByTestId('app-view')).toHaveAttribute('data-display-mode', 'fullscreen');
  await page.getByTestId('app-fullscreen').click();
  await expect(page.getByTestId('app-view')).toHaveAttribute('data-display-mode', 'inline');
});
