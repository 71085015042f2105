/**
 * A repro anyone opens: a session recorded with the demo servers and the scripted demo model is
 * written as a repro file (repro-export), then opened in a fresh profile with nothing configured —
 * by the open menu and by a drop on the page — shown read-only, and replayed with mocks: the MCP side
 * answered by the file's mocks, the model side by the recording, every model request the same as
 * recorded, and no request leaving the page (only the app's own files are fetched).
 */
import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './model-fixture';
import { configPath, DEMO_CONFIG, expectAppTookOver, expectNoSeriousA11yViolations, openWithConfig, playDemoScene } from './helpers';
import { PREVIEW_PORT } from './test-ports';

const APP_ORIGIN = `http://127.0.0.1:${PREVIEW_PORT}`;

/** Records the demo scene and writes its repro; returns the file's name and text. */
async function recordRepro(page: Page): Promise<{ name: string; text: string }> {
  await openWithConfig(page, DEMO_CONFIG, ['weather', 'calendar']);
  await playDemoScene(page, 'anthropic');
  const download = page.waitForEvent('download');
  await page.getByTestId('session-menu').click();
  await page.getByTestId('repro-export').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^glassbox-\d{4}-\d{2}-\d{2}-\d{6}\.glassbox-repro\.json$/);
  await expect(page.getByTestId('session-message')).toContainText('anyone can open it');
  return { name: file.suggestedFilename(), text: await readFile(await file.path(), 'utf8') };
}

/** A fresh profile (no storage, no service worker yet) whose every request is kept. */
async function freshProfile(
  browser: import('@playwright/test').Browser,
): Promise<{ context: BrowserContext; page: Page; requests: string[] }> {
  const context = await browser.newContext();
  // As for every spec (e2e/model-fixture.ts): the guided tour's card would stand in the way.
  await context.addInitScript(() => localStorage.setItem('glassbox.tour.dismissed', '1'));
  const requests: string[] = [];
  context.on('request', (request) => requests.push(request.url()));
  const page = await context.newPage();
  // Nothing configured: no MCP server, no model server, no key.
  await page.goto(configPath({ mcpServers: {} }));
  await expectAppTookOver(page);
  return { context, page, requests };
}

/** The requests that went anywhere but the app's own origin (its files). */
const leaving = (requests: readonly string[]) =>
  requests.filter((url) => !url.startsWith(`${APP_ORIGIN}/`) && !url.startsWith('data:') && !url.startsWith('blob:'));

test('a repro opens in a fresh profile with nothing running, read-only, and replays with mocks byte for byte without a request leaving the page', async ({
  page,
  browser,
}) => {
  const repro = await recordRepro(page);
  const file = JSON.parse(repro.text) as {
    format: string;
    session: { traffic: { exchanges: Array<{ wire: string }> } };
    mocks: Array<{ server: { entry: string } }>;
  };
  expect(file.format).toBe('glassbox-repro');
  expect(file.mocks.map((mock) => mock.server.entry).sort()).toEqual(['calendar', 'weather']);
  // The scene's three model requests (get_forecast, add_reminder, the answer).
  const modelRequests = file.session.traffic.exchanges.filter((exchange) => exchange.wire === 'model').length;
  expect(modelRequests).toBe(3);

  const fresh = await freshProfile(browser);
  const { page: other } = fresh;
  try {
    const chooser = other.waitForEvent('filechooser');
    await other.getByTestId('session-menu').click();
    await other.getByTestId('session-import').click();
    await (await chooser).setFiles({ name: repro.name, mimeType: 'application/json', buffer: Buffer.from(repro.text) });

    const banner = other.getByTestId('readonly-banner');
    await expect(banner.getByTestId('readonly-title')).toContainText('Viewing a repro (read-only)');
    await expect(banner).toContainText('mocks of 2 servers');
    const messages = other.getByTestId('chat-message');
    await expect(messages.filter({ hasText: 'Here is what the weather server said about Paris' })).toHaveCount(1);
    await expect(other.getByTestId('chat-input')).toBeDisabled();
    const modelRows = other.getByTestId('model-list').getByTestId('model-row');
    const recordedRows = await modelRows.count();
    expect(recordedRows).toBeGreaterThanOrEqual(modelRequests);

    await other.getByTestId('repro-replay').click();
    const result = other.getByTestId('repro-replay-result');
    await expect(result).toHaveAttribute('data-same', 'true', { timeout: 60_000 });
    await expect(result).toHaveText(`${modelRequests} of ${modelRequests} model requests as recorded, byte for byte.`);
    await expect(banner.getByTestId('readonly-title')).toContainText('Viewing a replay with mocks of a repro (read-only)');
    // The replay is shown: its own conversation, the MCP wire to the mocks, the model wire.
    await expect(messages.filter({ hasText: 'Here is what the weather server said about Paris' })).toHaveCount(1);
    await expect(modelRows).toHaveCount(recordedRows);
    // Read-only still: no new turn, no replay of a turn.
    await expect(other.getByTestId('chat-input')).toBeDisabled();
    await expect(other.getByTestId('turn-replay')).toHaveCount(0);
    await expect(
      other.getByTestId('mcp-traffic').locator('[data-testid="traffic-row"][data-method="tools/call"][data-direction="out"]'),
    ).toHaveCount(1);
    await expectNoSeriousA11yViolations(other);
    expect(leaving(fresh.requests)).toEqual([]);

    // Back to the (empty) live session; the repro is gone from the page.
    await other.getByTestId('readonly-back').click();
    await expect(banner).toHaveCount(0);
  } finally {
    await fresh.context.close();
  }
});

test('a repro dropped on the page opens read-only', async ({ page, browser }) => {
  const repro = await recordRepro(page);
  const fresh = await freshProfile(browser);
  const { page: other } = fresh;
  try {
    const dataTransfer = await other.evaluateHandle(({ text, name }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], name, { type: 'application/json' }));
      return transfer;
    }, repro);
    await other.dispatchEvent('body', 'dragenter', { dataTransfer });
    await expect(other.getByTestId('file-drop-overlay')).toBeVisible();
    await other.dispatchEvent('body', 'drop', { dataTransfer });
    await expect(other.getByTestId('file-drop-overlay')).toHaveCount(0);
    await expect(other.getByTestId('readonly-title')).toContainText('Viewing a repro (read-only)');
    await expect(other.getByTestId('repro-replay')).toBeEnabled();
    // A file that is not one says why, and nothing opens.
    const junk = await other.evaluateHandle(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(['{"format":"glassbox-repro","version":9}'], 'old.glassbox-repro.json', { type: 'application/json' }));
      return transfer;
    });
    await other.dispatchEvent('body', 'drop', { dataTransfer: junk });
    await expect(other.getByTestId('session-message')).toContainText(
      'old.glassbox-repro.json was not opened. The repro file has version 9; this Glassbox reads version 1.',
    );
    expect(leaving(fresh.requests)).toEqual([]);
  } finally {
    await fresh.context.close();
  }
});
