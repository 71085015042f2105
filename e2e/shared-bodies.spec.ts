import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { configPath, openAreaTab } from './helpers';
import { expect, say, test, useModel, type WireFormat } from './model-fixture';
import { TEST_URLS } from './test-ports';

/** A tool turn of four model requests: three forecasts, one after the other, then the answer. */
const SCRIPT = [
  { toolCalls: [{ name: 'weather_get_forecast', input: { city: 'Paris', days: 1 } }] },
  { toolCalls: [{ name: 'weather_get_forecast', input: { city: 'Rome', days: 2 } }] },
  { toolCalls: [{ name: 'weather_get_forecast', input: { city: 'Oslo', days: 3 } }] },
  { echoToolResults: true },
];
const QUESTION = 'Weather in Paris, Rome and Oslo, one after the other?';

const modelRequests = (page: Page) => page.getByTestId('model-traffic').locator('[data-testid="model-row"][data-kind="request"]');

/** Clicks a download button (a Session menu item: the menu is opened first) and returns the file's text. */
async function download(page: Page, testId: string): Promise<string> {
  const downloading = page.waitForEvent('download');
  if (testId.startsWith('session-')) await page.getByTestId('session-menu').click();
  await page.getByTestId(testId).click();
  return readFile(await (await downloading).path(), 'utf8');
}

/** The request bodies of a HAR file's entries, in order. */
function harBodies(text: string): Array<string | undefined> {
  const har = JSON.parse(text) as { log: { entries: Array<{ request: { postData?: { text: string } } }> } };
  return har.log.entries.map((entry) => entry.request.postData?.text);
}

for (const format of ['anthropic', 'openai-responses'] as const satisfies readonly WireFormat[]) {
  test(`an exported and re-imported session gives back each ${format} request body byte for byte`, async ({ page, model }) => {
    test.slow();
    model.setScript(SCRIPT);
    await page.goto(configPath({ mcpServers: { weather: { url: TEST_URLS.weather } } }));
    await expect(page.getByTestId('server-weather')).toHaveAttribute('data-status', 'connected', { timeout: 60_000 });
    await openAreaTab(page, 'left', 'registry');
    await page.getByTestId('tool-policy-weather_get_forecast').selectOption('allow');
    await openAreaTab(page, 'left', 'servers');
    await useModel(page, model, format);
    await say(page, QUESTION);
    await expect(page.getByTestId('tool-call')).toHaveCount(3);
    await expect(modelRequests(page)).toHaveCount(4);
    await expect(page.locator('[data-testid="chat-message"][data-role="assistant"]').last()).toContainText('Oslo');
    const sent = model.requests().map((request) => request.text);
    expect(sent).toHaveLength(4);

    // The live session's HAR already gives the bodies as the server received them.
    expect(harBodies(await download(page, 'model-export-har'))).toEqual(sent);

    // The session file keeps what the requests share once: the question rides in all four, stored once.
    const file = await download(page, 'session-export');
    const traffic = JSON.stringify((JSON.parse(file) as { traffic: unknown }).traffic);
    expect(traffic.split(QUESTION).length - 1).toBe(1);

    // Imported again (read-only), its HAR gives the same bytes, key order and whitespace included.
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('session-menu').click();
    await page.getByTestId('session-import').click();
    await (await chooser).setFiles({ name: 'session.json', mimeType: 'application/json', buffer: Buffer.from(file) });
    await expect(page.getByTestId('readonly-banner')).toContainText('Viewing an imported session (read-only)');
    await expect(modelRequests(page)).toHaveCount(4);
    expect(harBodies(await download(page, 'model-export-har'))).toEqual(sent);

    // And the detail of the last request shows what it adds: the third tool call and its result.
    await modelRequests(page).last().click();
    await expect(page.getByTestId('model-request-detail')).toContainText('Oslo');
  });
}
