import { expect, test } from './model-fixture';
import { base64Url, DEMO_CONFIG, openWithConfig } from './helpers';
import { TEST_URLS } from './test-ports';

// A share link pasted into the address bar of the open tab changes only the #fragment: the page does
// not reload, so the link must be applied on "hashchange", like at start-up.
test('a #config= link pasted into the open tab applies its servers, in any dialect', async ({ page }) => {
  await openWithConfig(page, { mcpServers: { weather: DEMO_CONFIG.mcpServers.weather } }, ['weather']);
  await expect(page.getByTestId('server-weather')).toHaveAttribute('data-status', 'connected');

  // VS Code user settings, pasted as a fragment without its outer braces, with one "sse" entry.
  const shared = `"mcp": {\n  "servers": {\n    "calendar": { "type": "http", "url": "${TEST_URLS.calendar}" },\n    "legacy": { "type": "sse", "url": "${TEST_URLS.legacySse}" }\n  }\n}`;
  await page.evaluate(
    (hash) => {
      location.hash = hash;
    },
    `#config=${base64Url(shared)}`,
  );

  await expect(page.getByTestId('server-calendar')).toHaveAttribute('data-status', 'connected');
  await expect(page.getByTestId('server-legacy')).toHaveAttribute('data-status', 'connected');
  await expect(page.getByTestId('server-weather')).toHaveCount(0);
  // The "sse" entry speaks the 2024 HTTP+SSE transport, and its card says so.
  await expect(page.getByTestId('era-legacy')).toContainText('2024 SSE');
  // The link is consumed (a reload does not apply it again) and the editor shows the shared text.
  expect(await page.evaluate(() => location.hash)).toBe('');
  await expect(page.getByTestId('config-panel')).toContainText('"legacy"');

  await page.reload();
  await expect(page.getByTestId('server-calendar')).toHaveAttribute('data-status', 'connected');
  await expect(page.getByTestId('server-weather')).toHaveCount(0);
});

test('a fragment pasted without its outer braces is read, and its problems are marked where they are', async ({ page }) => {
  // Zed's settings member, as its docs print it, with one server whose url is a number.
  const fragment = `"context_servers": {\n  "calendar": { "url": "${TEST_URLS.calendar}" },\n  "broken": { "url": 42 }\n}`;
  await page.goto(`/#config=${base64Url(fragment)}`);
  await expect(page.getByTestId('server-calendar')).toHaveAttribute('data-status', 'connected');
  await expect(page.getByTestId('server-broken')).toContainText('This entry cannot be used');
  const problems = page.getByTestId('config-problem');
  await expect(problems.filter({ hasText: 'no outer { and }' })).toHaveAttribute('data-line', '1');
  await expect(problems.filter({ hasText: '"url" must be a string' })).toHaveAttribute('data-line', '3');
  // Monaco loads on the editor's first use: a pointer over it.
  await page.getByTestId('config-editor').locator('textarea').hover();
  await expect(page.locator('[data-testid="config-editor"] .monaco-editor .squiggly-error').first()).toBeAttached({ timeout: 20_000 });
});
