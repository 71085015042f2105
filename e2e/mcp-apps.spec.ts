/**
 * MCP Apps with the official example servers from the registry (server-basic-vanillajs and
 * server-budget-allocator, in-process on loopback over streamable HTTP): the view renders in a
 * sandboxed frame from a manual call and from a chat turn, gets its tool input and result, its
 * calls back to the server go through the person's policy, its ui/message lands in the chat, a
 * link opens only after consent, and the App bridge wire shows each message.
 */
import type { Locator, Page } from '@playwright/test';
import { openWithConfig, openAreaTab } from './helpers';
import { expect, say, test, useModel } from './model-fixture';
import { TEST_URLS } from './test-ports';

test.use({ monacoEditor: false });

const CONFIG = { mcpServers: { basic: { url: TEST_URLS.appBasic }, budget: { url: TEST_URLS.appBudget } } };

/** Two frames drawn: layout, resize observers and their scrolls are done. */
function nextFrames(page: Page): Promise<unknown> {
  return page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** The element is wholly inside the scrolling area's visible box. */
async function expectWithin(element: Locator, area: Locator): Promise<void> {
  await expect
    .poll(async () => {
      const [inner, outer] = await Promise.all([element.boundingBox(), area.boundingBox()]);
      return inner !== null && outer !== null && inner.y >= outer.y - 0.5 && inner.y + inner.height <= outer.y + outer.height + 0.5;
    })
    .toBe(true);
}

/** Calls a tool from the Servers panel. */
async function callByHand(page: Page, server: string, tool: string): Promise<void> {
  await page.getByTestId(`tool-${server}-${tool}`).click();
  await page.getByTestId('tool-call-run').click();
}

/** The bridge rows of one method and direction. */
function bridgeRows(page: Page, method: string, direction: 'to-app' | 'from-app') {
  return page.locator(`[data-testid="app-bridge-row"][data-method="${method}"][data-direction="${direction}"]`);
}

test('a manual call renders the view in an opaque sandbox; it gets input and result; its call back goes through the policy; the bridge wire shows each message', async ({
  page,
}) => {
  await openWithConfig(page, CONFIG, ['basic', 'budget']);
  await expect(page.getByTestId('server-basic')).toHaveAttribute('data-status', 'connected');
  await callByHand(page, 'basic', 'get-time');

  const frame = page.getByTestId('app-frame');
  await expect(frame).toHaveAttribute('data-resource-uri', 'ui://get-time/mcp-app.html');
  await expect(frame).toHaveAttribute('data-origin', 'opaque');
  await expect(frame).toHaveAttribute('sandbox', 'allow-scripts');
  // The ui:// resource was read on the MCP wire.
  await expect(
    page.getByTestId('mcp-traffic').locator('[data-testid="traffic-row"][data-method="resources/read"][data-direction="out"]'),
  ).toHaveCount(1);
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

  await openAreaTab(page, 'mcp', 'bridge');
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

test('from a chat turn: the view renders under the tool call, its ui/message lands in the chat as sent by the view, and a link opens only after consent', async ({
  page,
  model,
}) => {
  model.setScript([
    { toolCalls: [{ name: 'basic_get-time', input: {} }] },
    { text: 'It is a fine time.' },
    { text: 'Thanks for the message from the view.' },
  ]);
  await openWithConfig(page, CONFIG, ['basic', 'budget']);
  await useModel(page, model, 'anthropic');
  await say(page, 'What time is it on the server?');
  // The view loads under the approval while it waits (it gets the arguments before the call): the
  // pinned chat keeps the question where it was shown instead of carrying it up as the view grows.
  const approve = page.getByTestId('approval-allow');
  await expect(approve).toBeInViewport();
  const asked = (await approve.boundingBox())!;
  await expect(page.getByTestId('tool-call').getByTestId('app-status')).toHaveText('connected');
  await expect
    .poll(() =>
      page
        .getByTestId('tool-call')
        .getByTestId('app-frame')
        .evaluate((element) => element.getBoundingClientRect().height),
    )
    .toBeGreaterThan(100);
  await nextFrames(page);
  expect((await approve.boundingBox())?.y).toBeCloseTo(asked.y, 0);
  await approve.click();

  const card = page.getByTestId('tool-call');
  await expect(card).toHaveAttribute('data-status', 'done');
  const frame = card.getByTestId('app-frame');
  await expect(frame).toHaveAttribute('data-resource-uri', 'ui://get-time/mcp-app.html');
  const view = card.frameLocator('[data-testid="app-frame"]');
  await expect(view.locator('#server-time')).toHaveText(/^\d{4}-\d\d-\d\dT/);
  await expect(page.locator('[data-testid="chat-message"][data-role="assistant"]').last()).toContainText('It is a fine time.');
  // Scrolled to its newest content, the chat stays there while the view above changes its height.
  const log = page.getByTestId('chat').getByLabel('Conversation');
  const fromBottom = () => log.evaluate((element) => element.scrollHeight - element.scrollTop - element.clientHeight);
  await log.evaluate((element) => {
    element.scrollTop = element.scrollHeight;
  });
  await nextFrames(page);
  expect(await log.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
  for (const height of ['520px', '200px']) {
    await frame.evaluate((element: HTMLElement, to) => {
      element.style.height = to;
    }, height);
    await expect.poll(fromBottom).toBeLessThanOrEqual(1);
  }

  // ui/message: a user message in the chat, shown as coming from the view, and sent to the model.
  await view.locator('#message-text').fill('Hello from the view');
  await view.locator('#send-message-btn').click();
  const fromView = page.locator('[data-testid="chat-message"][data-role="user"]').filter({ has: page.getByTestId('user-from-app') });
  await expect(fromView).toContainText('Hello from the view');
  await expect(fromView.getByTestId('user-from-app')).toHaveText('From the app view basic · get-time');
  await expect(page.locator('[data-testid="chat-message"][data-role="assistant"]').last()).toContainText('Thanks for the message');
  expect(JSON.stringify(model.requests()[2]?.body)).toContain('[Sent by the app view basic · get-time]\\nHello from the view');

  // ui/open-link: the URL is shown; nothing opens until the person clicks.
  let popups = 0;
  // A page opened without an opener is a page of the context, not a popup of this page.
  page.context().on('page', () => (popups += 1));
  // A loopback address (nothing leaves the machine); the example server answers it with a 404 page.
  const link = `${new URL(TEST_URLS.appBasic).origin}/docs-from-the-view`;
  await view.locator('#link-url').fill(link);
  await view.locator('#open-link-btn').click();
  const consent = card.locator('[data-testid="app-consent"][data-kind="link"]');
  await expect(consent).toContainText(link);
  await page.waitForTimeout(300);
  expect(popups).toBe(0);
  // The question is brought into view when it arrives, even under a tall view in a pinned chat.
  const allow = consent.getByTestId('app-consent-allow');
  await expectWithin(allow, log);

  // Pinned to the bottom with the button on screen, the view grows while the button is pressed:
  // the chat holds the pressed button where it was, so the release lands on it and the link opens.
  await frame.evaluate((element: HTMLElement) => {
    element.style.height = '120px';
  });
  await log.evaluate((element) => {
    element.scrollTop = element.scrollHeight;
  });
  await nextFrames(page);
  await expectWithin(allow, log);
  const box = (await allow.boundingBox())!;
  const popup = page.context().waitForEvent('page');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await frame.evaluate((element: HTMLElement) => {
    element.style.height = '360px';
  });
  await nextFrames(page);
  expect((await allow.boundingBox())?.y).toBeCloseTo(box.y, 0);
  await page.mouse.up();
  const opened = await popup;
  await expect.poll(() => opened.url()).toBe(link);
  // Opened without an opener: the new page cannot reach Glassbox.
  expect(await opened.evaluate(() => window.opener)).toBeNull();
  await opened.close();
  // Released, the chat is pinned to its newest content again.
  await expect.poll(fromBottom).toBeLessThanOrEqual(1);

  await openAreaTab(page, 'mcp', 'bridge');
  await expect(bridgeRows(page, 'ui/message', 'from-app')).toHaveCount(1);
  await expect(bridgeRows(page, 'ui/open-link', 'from-app')).toHaveCount(1);
  // Every row of this view is linked to its tool call.
  const id = await card.getAttribute('data-tool-call-id');
  await expect(page.locator(`[data-testid="app-bridge-row"][data-tool-call-id="${id}"]`).first()).toBeVisible();
});

test('the budget allocator example renders its interactive view and calls back into its server', async ({ page }) => {
  await openWithConfig(page, CONFIG, ['basic', 'budget']);
  // Calls from this view are allowed by the person's policy beforehand (the registry's policy select).
  await openAreaTab(page, 'left', 'registry');
  await page.getByTestId('tool-policy-budget_get-budget-data').selectOption('allow');
  await openAreaTab(page, 'left', 'servers');
  await callByHand(page, 'budget', 'get-budget-data');
  await expect(page.getByTestId('app-frame')).toHaveAttribute('data-resource-uri', 'ui://budget-allocator/mcp-app.html');
  await expect(page.getByTestId('app-status')).toHaveText('connected');
  await openAreaTab(page, 'mcp', 'bridge');
  await expect(bridgeRows(page, 'ui/notifications/tool-result', 'to-app')).toHaveCount(1);
  await expect(page.locator('[data-testid="app-bridge-row"][data-direction="from-app"]').first()).toBeVisible();
});
