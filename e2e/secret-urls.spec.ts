/**
 * A server URL's secret query values (`?token=…&api_key=…`, common for hosted
 * servers) are shown nowhere but in the config editor: not on the card, in a tooltip or label, a
 * diagnosis, the MCP wire (recorded redacted), the command palette, the console or the HAR export.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import type { ConsoleMessage, Page } from '@playwright/test';
import { z } from 'zod';
import { expect, test } from './model-fixture';
import { configPath, expectAppTookOver } from './helpers';
import { corsHeaders } from './servers/cors.mjs';
import { downloadText, indexedDbDump, webStorage } from './storage-scan';
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

/**
 * Configured header values whose names the secret policy calls secret, four characters long (too short for the
 * registry of known values, so only the name can hide them), and a response header named like a credential. `!` is
 * outside the base64 alphabet, so no value can turn up by chance inside an encoded blob.
 */
const SHORT_HEADER_SECRETS = { 'X-Amz-Signature': 'a!1Z', 'X-Session': 'b!2Y', 'X-Password': 'c!3X', 'X-Upstream-Jwt': 'd!4W' };
const RESPONSE_SECRET = { name: 'x-session-token', value: 'e!5V' };
/** Where the person's own config text is saved: the one place their header values may be. */
const CONFIG_STORAGE_KEY = 'glassbox.config.v1';

/** A 2026-era MCP server of this spec's own, whose CORS lets the page send the headers above and read the one it answers with. */
async function startHeaderServer(): Promise<{ url: string; close(): Promise<void> }> {
  const handler = createMcpHandler(() => {
    const server = new McpServer({ name: 'headers', version: '1.0.0' });
    server.registerTool('ping', { description: 'Answers pong.', inputSchema: z.object({}) }, async () => ({
      content: [{ type: 'text', text: 'pong' }],
    }));
    return server;
  });
  const nodeHandler = toNodeHandler(handler);
  const httpServer: Server = createServer((req, res) => {
    const origin = typeof req.headers.origin === 'string' ? req.headers.origin : undefined;
    const cors = corsHeaders(origin);
    // The usual CORS, widened to the headers this server takes and the one it answers with.
    cors['Access-Control-Allow-Headers'] = [cors['Access-Control-Allow-Headers'], ...Object.keys(SHORT_HEADER_SECRETS)].join(', ');
    cors['Access-Control-Expose-Headers'] = `${cors['Access-Control-Expose-Headers']}, ${RESPONSE_SECRET.name}`;
    for (const [name, value] of Object.entries(cors)) res.setHeader(name, value);
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    res.setHeader(RESPONSE_SECRET.name, RESPONSE_SECRET.value);
    nodeHandler(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const { port } = httpServer.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    async close() {
      await handler.close();
      await new Promise((resolve) => {
        httpServer.close(resolve);
        httpServer.closeAllConnections();
      });
    },
  };
}

test.describe('short secret header values', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('a 4-character value of a header named like a secret is absent from the MCP wire, HAR, curl, share link and storage', async ({
    page,
  }) => {
    const server = await startHeaderServer();
    try {
      await page.goto(configPath({ mcpServers: { headers: { url: server.url, headers: SHORT_HEADER_SECRETS } } }));
      await expectAppTookOver(page);
      await expect(page.getByTestId('server-headers')).toHaveAttribute('data-status', 'connected', { timeout: 60_000 });
      const secrets = [...Object.values(SHORT_HEADER_SECRETS), RESPONSE_SECRET.value];
      const expectNone = (text: string, where: string): void => {
        for (const value of secrets) expect.soft(text, `${where}: ${value}`).not.toContain(value);
      };

      // The exchange opened on the MCP wire: every header is there by name, each value redacted.
      await page
        .getByTestId('mcp-traffic')
        .locator('[data-testid="traffic-row"][data-server="headers"][data-method="tools/list"][data-direction="out"]')
        .first()
        .click();
      const detail = page.getByTestId('traffic-detail');
      for (const name of Object.keys(SHORT_HEADER_SECRETS)) await expect(detail).toContainText(name.toLowerCase());
      await expect(detail).toContainText(RESPONSE_SECRET.name);
      expectNone(await pageOutsideConfig(page), 'MCP wire panel');

      await page.evaluate(() => navigator.clipboard.writeText(''));
      await page.getByTestId('traffic-copy-curl').first().click();
      const curl = await page.evaluate(() => navigator.clipboard.readText());
      expect(curl).toContain('x-amz-signature');
      expectNone(curl, 'curl');

      const har = await downloadText(page, 'traffic-export-har');
      expect(har).toContain('x-upstream-jwt');
      expectNone(har, 'HAR');

      await page.getByTestId('config-share').click();
      const shareLink = await page.evaluate(() => navigator.clipboard.readText());
      expect(shareLink).toContain('#config=');
      expectNone(Buffer.from(shareLink.split('#config=')[1] ?? '', 'base64url').toString('utf8') + shareLink, 'share link');

      // The recorded traffic is kept in IndexedDB: wait until it is, then read every record.
      await expect.poll(async () => (await indexedDbDump(page)).includes('x-amz-signature'), { timeout: 30_000 }).toBe(true);
      expectNone(await indexedDbDump(page), 'IndexedDB');
      for (const entry of await webStorage(page))
        if (!(entry.area === 'localStorage' && entry.key === CONFIG_STORAGE_KEY))
          expectNone(`${entry.key}=${entry.value}`, `${entry.area} ${entry.key}`);
    } finally {
      await server.close();
    }
  });
});
