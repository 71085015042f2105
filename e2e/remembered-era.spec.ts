/**
 * The negotiated era of each server URL is remembered. The first visit to a
 * 2025 server shows the `server/discover` probe once (and the browser's console line for its 400);
 * a reload connects straight in the 2025 era: no probe, no console line. A server whose era
 * changed (now 2026-only) still connects: the remembered era fails, and the probe follows.
 */
import type { ConsoleMessage, Page } from '@playwright/test';
import { expect, test } from './model-fixture';
import { start as startCalendar } from './servers/calendar.mjs';
import { start as startWeather } from './servers/weather.mjs';
import type { RunningServer } from './servers/weather.mjs';
import { configPath, expectAppTookOver } from './helpers';
import { TEST_PORTS } from './test-ports';

/** This spec's own server port (spare 15): it swaps a 2025 server for a 2026-only one there. */
const PORT = TEST_PORTS.spare(21);
const URL = `http://127.0.0.1:${PORT}/mcp`;
const CONFIG = { mcpServers: { changing: { url: URL } } };

let server: RunningServer | undefined;
test.afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The JSON-RPC methods the page POSTs to the server, in order, and its console lines, from now on. */
function watch(page: Page): { methods: string[]; console: string[] } {
  const seen = { methods: [] as string[], console: [] as string[] };
  page.on('request', (request) => {
    if (request.url() !== URL || request.method() !== 'POST') return;
    const method = (JSON.parse(request.postData() ?? '{}') as { method?: string }).method;
    if (method) seen.methods.push(method);
  });
  page.on('console', (message: ConsoleMessage) => seen.console.push(`[${message.type()}] ${message.text()}`));
  return seen;
}

async function expectConnected(page: Page, era: 'legacy' | 'modern'): Promise<void> {
  await expectAppTookOver(page);
  const card = page.getByTestId('server-changing');
  await expect(card).toHaveAttribute('data-status', 'connected', { timeout: 60_000 });
  await expect(card).toHaveAttribute('data-era', era);
}

const rows = (page: Page, method: string) =>
  page
    .getByTestId('mcp-traffic')
    .locator(`[data-testid="traffic-row"][data-server="changing"][data-method="${method}"][data-direction="out"]`);

test('a 2025 server is probed on the first visit only; a server that became 2026-only still connects', async ({ page }) => {
  server = await startWeather({ port: PORT });
  const first = watch(page);
  await page.goto(configPath(CONFIG));
  await expectConnected(page, 'legacy');
  expect(first.methods.slice(0, 2)).toEqual(['server/discover', 'initialize']);
  await expect(rows(page, 'server/discover')).toHaveCount(1);
  // The browser logs the probe's 400 itself: the one red line, on the first visit only.
  expect(first.console.filter((line) => line.includes('400'))).toHaveLength(1);

  const second = watch(page);
  await page.reload();
  await expectConnected(page, 'legacy');
  await expect(rows(page, 'tools/list')).not.toHaveCount(0);
  expect(second.methods[0]).toBe('initialize');
  expect(second.methods).not.toContain('server/discover');
  expect(second.console.filter((line) => line.startsWith('[error]'))).toEqual([]);

  // The same address, now a strict 2026 server (a 2025 initialize gets 400).
  await server.close();
  server = await startCalendar({ port: PORT, legacy: 'reject' });
  const third = watch(page);
  await page.reload();
  await expectConnected(page, 'modern');
  expect(third.methods.slice(0, 2)).toEqual(['initialize', 'server/discover']);
  // The refused initialize says why the probe follows it.
  const refused = rows(page, 'initialize').last();
  await expect(refused).toHaveAttribute('data-status', '400');
  await refused.click();
  await expect(page.getByTestId('traffic-detail')).toContainText('Failed in the era remembered for this server');

  // And from then on it discovers straight away.
  const fourth = watch(page);
  await page.reload();
  await expectConnected(page, 'modern');
  expect(fourth.methods[0]).toBe('server/discover');
});
