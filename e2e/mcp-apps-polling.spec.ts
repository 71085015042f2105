/**
 * A view that polls: the official system-monitor example (`@modelcontextprotocol/server-system-monitor`,
 * in-process on loopback) shows its figures and then calls its app-only `poll-system-stats` every
 * 2 s. Its calls go through the person's tool policy like the model's: while the first question
 * waits, the calls that follow are the same card with a count; Always allow sets the tool's policy
 * (the tool registry shows it), after which the view's calls run without a question while its
 * figures keep updating.
 */
import type { Page } from '@playwright/test';
import { openAreaTab, openWithConfig } from './helpers';
import { expect, test } from './model-fixture';
import { start } from './servers/app-examples.mjs';
import type { RunningServer } from './servers/weather.mjs';
import { TEST_PORTS } from './test-ports';

test.use({ monacoEditor: false });

let monitor: RunningServer;
test.beforeAll(async () => {
  monitor = await start({ example: 'monitor', port: TEST_PORTS.spare(15) });
});
test.afterAll(async () => {
  await monitor?.close();
});

/** How many `tools/call` of poll-system-stats the page has sent to the server so far (read off the network). */
function countPolls(page: Page): () => number {
  let polls = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url() === monitor.url && (request.postData() ?? '').includes('"poll-system-stats"')) polls++;
  });
  return () => polls;
}

test('the polling view asks once with a count, Always allow sets the policy, and no question follows for 20 s while its figures update', async ({
  page,
}) => {
  test.slow();
  const polls = countPolls(page);
  await openWithConfig(page, { mcpServers: { monitor: { url: monitor.url } } }, ['monitor']);
  await expect(page.getByTestId('server-monitor')).toHaveAttribute('data-status', 'connected');
  await page.getByTestId('tool-monitor-get-system-info').click();
  await page.getByTestId('tool-call-run').click();
  await expect(page.getByTestId('app-frame')).toHaveAttribute('data-resource-uri', 'ui://system-monitor/mcp-app.html');
  await expect(page.getByTestId('app-status')).toHaveText('connected');

  // The view starts polling: one card, the calls that follow while it waits counted on it (2 s apart).
  const cards = page.locator('[data-testid="app-consent"][data-kind="tool"]');
  await expect(cards).toHaveCount(1);
  await expect(cards).toContainText('The view asks to call poll-system-stats');
  await expect(cards.getByTestId('app-consent-count')).toHaveText(/^×([3-9]|\d\d+)$/, { timeout: 20_000 });
  await expect(cards).toHaveCount(1);
  expect(polls()).toBe(0);
  await expect(cards.getByTestId('app-consent-allow')).toHaveText('Allow once');
  await expect(cards.getByTestId('app-consent-deny')).toHaveText('Deny');
  await cards.getByTestId('app-consent-always').click();
  await expect(cards).toHaveCount(0);

  // 20 s: no question, while the view keeps calling its tool and its figures change.
  const status = page.frameLocator('[data-testid="app-frame"]').locator('#status-text');
  await expect(status).toHaveText(/^\d\d:\d\d:\d\d$/);
  const seen = new Set<string>();
  const afterAllow = polls();
  const end = Date.now() + 20_000;
  while (Date.now() < end) {
    expect(await page.getByTestId('app-consent').count()).toBe(0);
    seen.add((await status.textContent()) ?? '');
    await page.waitForTimeout(500);
  }
  expect(await page.getByTestId('app-consent').count()).toBe(0);
  // A call every 2 s: about ten in 20 s (a busy machine stretches the interval, so fewer are required).
  expect(polls() - afterAllow).toBeGreaterThanOrEqual(4);
  expect(seen.size).toBeGreaterThanOrEqual(3);

  // The answer is the tool's policy, where the tool registry's control shows it.
  await openAreaTab(page, 'left', 'registry');
  await expect(page.getByTestId('tool-policy-monitor_poll-system-stats')).toHaveValue('allow');
  await expect(page.getByTestId('tool-policy-monitor_poll-system-stats')).toHaveAttribute('data-source', 'explicit');
});
