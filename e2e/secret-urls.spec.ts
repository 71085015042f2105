/**
 * A server URL's secret query values (`?token=…&api_key=…`, common for hosted
 * servers) are shown nowhere but in the config editor: not on the card, in a tooltip or label, a
 * diagnosis, the MCP wire (recorded redacted), the command palette, the console or the HAR export.
 */
import type { ConsoleMessage, Page } from '@playwright/test';
import { expect, test } from './model-fixture';
import { configPath, expectAppTookOver } from './helpers';
import { downloadText } from './storage-scan';
import { TEST_PORTS, TEST_URLS } from './test-ports';

const SECRETS = {
  token: 'abc123secret',
  apiKey: 'KEY-value-98765',
  down: 'down-secret-4567',
  bridge: 'bridge-secret-1234',
  password: 'hunter2-pass',
};
const CONFIG = {
  mcpServers: {
    // The demo weather server ignores the query: it connects with the secrets in its URL.
    weather: { url: `${TEST_URLS.weather}?token=${SECRETS.token}&api_key=${SECRETS.apiKey}&city=Paris` },
    // Nothing listens here: its diagnosis speaks the URL.
    down: { url: `http://127.0.0.1:${TEST_PORTS.down}/mcp?access_token=${SECRETS.down}` },
    // A browser does not fetch a URL with credentials in it: an invalid entry, whose card still shows the URL.
    withuser: { url: `http://alice:${SECRETS.password}@127.0.0.1:${TEST_PORTS.down}/mcp` },
    // A local bridge: its card suggests the remote URL.
    bridge: { command: 'npx', args: ['mcp-remote', `https://mcp.example.com/mcp?apikey=${SECRETS.bridge}`] },
  },
};
/** The one place the person's own text may show: the config editor. */
const CONFIG_EDITOR = '[data-testid="config-panel"]';

/** The page's visible text and every attribute value (titles, aria labels, data-*), outside the config editor. */
async function pageOutsideConfig(page: Page): Promise<string> {
  return page.evaluate((skip) => {
    const config = document.querySelector<HTMLElement>(skip);
    const display = config?.style.display ?? '';
    if (config) config.style.display = 'none';
    const parts = [document.body.innerText];
    if (config) config.style.display = display;
    for (const element of document.querySelectorAll('*')) {
      if (element.closest(skip)) continue;
      for (const attribute of element.attributes) parts.push(`${attribute.name}=${attribute.value}`);
      if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) parts.push(element.value);
    }
    return parts.join('\n');
  }, CONFIG_EDITOR);
}

function expectNoSecret(text: string, where: string): void {
  for (const [name, value] of Object.entries(SECRETS)) expect(text, `${where}: ${name}`).not.toContain(value);
}

test('secret query values and passwords of server URLs show on no card, tooltip, diagnosis, wire row, palette, console line or HAR', async ({
  page,
}) => {
  const consoleLines: string[] = [];
  page.on('console', (message: ConsoleMessage) => consoleLines.push(`[${message.type()}] ${message.text()}`));
  page.on('pageerror', (error) => consoleLines.push(`[pageerror] ${error.message}`));
  await page.goto(configPath(CONFIG));
  await expectAppTookOver(page);
  await expect(page.getByTestId('server-weather')).toHaveAttribute('data-status', 'connected', { timeout: 60_000 });
  await expect(page.getByTestId('server-down')).toHaveAttribute('data-status', 'failed', { timeout: 60_000 });

  // The card says which parameters there are, without their values.
  await expect(page.getByTestId('server-url-weather')).toHaveText(`${TEST_URLS.weather}?token=[redacted]&api_key=[redacted]&city=Paris`);
  await expect(page.getByTestId('server-url-down')).toHaveText(`http://127.0.0.1:${TEST_PORTS.down}/mcp?access_token=[redacted]`);
  await expect(page.getByTestId('server-url-withuser')).toHaveText(`http://alice:[redacted]@127.0.0.1:${TEST_PORTS.down}/mcp`);
  await expect(page.getByTestId('server-error-down')).toBeVisible();
  await expect(page.getByTestId('server-error-bridge')).toContainText('apikey=[redacted]');

  // A call, and its exchange opened on the MCP wire (URL, headers, curl).
  const traffic = page.getByTestId('mcp-traffic');
  await traffic
    .locator('[data-testid="traffic-row"][data-server="weather"][data-method="tools/list"][data-direction="out"]')
    .first()
    .click();
  await expect(page.getByTestId('traffic-detail')).toContainText('token=[redacted]');
  expectNoSecret(await pageOutsideConfig(page), 'page');

  // The command palette, open.
  await page.keyboard.press('ControlOrMeta+k');
  await expect(page.getByTestId('command-palette')).toBeVisible();
  await page.getByTestId('command-palette-input').fill('weather');
  expectNoSecret(await pageOutsideConfig(page), 'palette');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('command-palette')).toBeHidden();

  const har = await downloadText(page, 'traffic-export-har');
  expect(JSON.parse(har).log.entries.length).toBeGreaterThan(2);
  expect(har).toContain('token=[redacted]');
  expectNoSecret(har, 'HAR');
  expectNoSecret(consoleLines.join('\n'), 'console');

  // The editor alone shows the person's own text.
  await expect(page.locator(CONFIG_EDITOR)).toContainText(SECRETS.token);
});
