import { readFile } from 'node:fs/promises';
import type { FileChooser, Page } from '@playwright/test';
import { configPath, expectNoSeriousA11yViolations, openAreaTab } from './helpers';
import { expect, say, test, useModel } from './model-fixture';
import type { ModelServerHandle } from './servers/model-server.mjs';
import { TEST_URLS } from './test-ports';

/** Secrets that must never reach an export or IndexedDB. */
const API_KEY = 'e2e-api-key-do-not-store-7731';
const BEARER = 'e2e-bearer-token-do-not-store-4410';

/** The demo servers, the weather one with an Authorization header. */
const CONFIG = {
  mcpServers: {
    weather: { url: TEST_URLS.weather, headers: { Authorization: `Bearer ${BEARER}` } },
    calendar: { url: TEST_URLS.calendar },
  },
};

const userMessages = (page: Page) => page.locator('[data-testid="chat-message"][data-role="user"]');
const assistantMessages = (page: Page) => page.locator('[data-testid="chat-message"][data-role="assistant"]');
const modelRequests = (page: Page) => page.getByTestId('model-traffic').locator('[data-testid="model-row"][data-kind="request"]');
const toolsCallRows = (page: Page) =>
  page.getByTestId('mcp-traffic').locator('[data-testid="traffic-row"][data-method="tools/call"][data-direction="out"]');

/** Chooses an action of the top bar's Session menu (it opens the menu first). */
async function sessionAction(page: Page, action: 'session-new' | 'session-export' | 'session-import'): Promise<void> {
  await page.getByTestId('session-menu').click();
  await page.getByTestId(action).click();
}

/** Imports a session file through the Session menu's "Open session or repro…" (the browser's file chooser). */
async function importSession(page: Page, files: Parameters<FileChooser['setFiles']>[0]): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await sessionAction(page, 'session-import');
  await (await chooser).setFiles(files);
}

/** Opens the app with the config and waits for both servers (slow on a busy machine). */
async function open(page: Page): Promise<void> {
  await page.goto(configPath(CONFIG));
  await expect(page.getByTestId('server-weather')).toHaveAttribute('data-status', 'connected', { timeout: 60_000 });
  await expect(page.getByTestId('server-calendar')).toHaveAttribute('data-status', 'connected', { timeout: 60_000 });
}

/** Opens the app, allows the forecast tool, and runs one turn with a tool call. */
async function chatTurnWithToolCall(page: Page, model: ModelServerHandle): Promise<void> {
  model.setScript([
    { text: 'Let me check.', toolCalls: [{ name: 'weather_get_forecast', input: { city: 'Paris', days: 1 } }] },
    { echoToolResults: true },
  ]);
  await open(page);
  await openAreaTab(page, 'left', 'registry');
  await page.getByTestId('tool-policy-weather_get_forecast').selectOption('allow');
  await openAreaTab(page, 'left', 'servers');
  await useModel(page, model, 'anthropic', API_KEY);
  await say(page, 'What is the weather in Paris?');
  await expect(page.getByTestId('tool-call')).toHaveAttribute('data-status', 'done');
  await expect(assistantMessages(page).last()).toContainText('Paris');
  await expect(modelRequests(page)).toHaveCount(2);
  await expect(toolsCallRows(page)).toHaveCount(1);
  await expectSaved(page);
}

/** Waits until the live session is stored in IndexedDB. */
async function expectSaved(page: Page): Promise<void> {
  await expect(page.getByTestId('session-save-status')).toHaveAttribute('data-state', 'saved');
}

/** The conversation, both wires, the config and the policy are all back. */
async function expectSessionBack(page: Page, model: ModelServerHandle, modelExchanges = 2): Promise<void> {
  // Reconnecting after a reload can be slow on a busy machine.
  await expect(page.getByTestId('server-weather')).toHaveAttribute('data-status', 'connected', { timeout: 60_000 });
  await expect(page.getByTestId('server-calendar')).toHaveAttribute('data-status', 'connected', { timeout: 60_000 });
  await expect(userMessages(page).first()).toContainText('What is the weather in Paris?');
  await expect(page.getByTestId('tool-call').first()).toHaveAttribute('data-status', 'done');
  await expect(assistantMessages(page).nth(1)).toContainText('Paris');
  await expect(modelRequests(page)).toHaveCount(modelExchanges);
  await expect(page.getByTestId('model-traffic').locator('[data-testid="model-row"][data-kind="response"]')).toHaveCount(modelExchanges);
  await expect(toolsCallRows(page)).toHaveCount(1);
  // The model settings came back with the conversation (the key did not: it is memory only).
  await expect(page.getByTestId('base-url-input')).toHaveValue(model.url);
  await expect(page.getByTestId('api-key-input')).toHaveValue('');
  await openAreaTab(page, 'left', 'registry');
  await expect(page.getByTestId('tool-policy-weather_get_forecast')).toHaveValue('allow');
  await openAreaTab(page, 'left', 'servers');
}

/** Every value stored in the app's IndexedDB, as one JSON text. */
async function indexedDbText(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('glassbox');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const request = db.transaction('session', 'readonly').objectStore('session').getAll();
          request.onerror = () => reject(request.error);
          request.onsuccess = () => {
            db.close();
            resolve(JSON.stringify(request.result));
          };
        };
      }),
  );
}

test('the session survives a reload and a crash', async ({ page, model, context }) => {
  test.slow();
  await chatTurnWithToolCall(page, model);
  const stored = await indexedDbText(page);
  expect(stored).toContain('What is the weather in Paris?');
  expect(stored).toContain('tools/call');
  expect(stored).not.toContain(API_KEY);
  expect(stored).not.toContain(BEARER);

  await page.reload();
  await expectSessionBack(page, model);
  await expect(page.getByTestId('restore-notice')).toHaveCount(0);

  // One more turn, then a "crash": the page goes away without pagehide.
  model.setScript([{ text: 'Still sunny.' }]);
  await useModel(page, model, 'anthropic', API_KEY);
  await say(page, 'And tomorrow?');
  await expect(assistantMessages(page).last()).toContainText('Still sunny.');
  await expectSaved(page);
  await page.close({ runBeforeUnload: false });

  const next = await context.newPage();
  await next.goto('/');
  await expectSessionBack(next, model, 3);
  await expect(userMessages(next).last()).toContainText('And tomorrow?');
  await expect(assistantMessages(next).last()).toContainText('Still sunny.');
});

test('export, new session, import read-only and back', async ({ page, model }) => {
  test.slow();
  await chatTurnWithToolCall(page, model);

  // Export: one JSON file in the session format, without the key or the bearer token.
  const downloadPromise = page.waitForEvent('download');
  await sessionAction(page, 'session-export');
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^glassbox-session-\d{4}-\d{2}-\d{2}-\d{6}\.json$/);
  const exportedPath = await download.path();
  const text = await readFile(exportedPath, 'utf8');
  expect(text).not.toContain(API_KEY);
  expect(text).not.toContain(BEARER);
  const file = JSON.parse(text) as {
    format: string;
    version: number;
    exportedAt: string;
    app: { version: string };
    config: string;
    conversation: { items: Array<{ kind: string; text?: string }> };
    traffic: { exchanges: Array<{ wire: string }>; messages: Array<{ method: string; direction: string }> };
  };
  expect(file).toMatchObject({ format: 'glassbox-session', version: 1 });
  expect(Number.isNaN(Date.parse(file.exportedAt))).toBe(false);
  expect(typeof file.app.version).toBe('string');
  expect(file.config).toContain(TEST_URLS.weather);
  expect(file.config).toMatch(/"Authorization": ""/);
  expect(file.conversation.items.map((item) => item.kind)).toEqual(expect.arrayContaining(['user', 'assistant', 'tool-call']));
  expect(file.conversation.items[0]).toMatchObject({ kind: 'user', text: 'What is the weather in Paris?' });
  expect(file.traffic.exchanges.filter((exchange) => exchange.wire === 'model')).toHaveLength(2);
  expect(file.traffic.exchanges.some((exchange) => exchange.wire === 'mcp')).toBe(true);
  expect(file.traffic.messages.some((message) => message.method === 'tools/call' && message.direction === 'out')).toBe(true);

  // New session: an export is offered first; then the chat and both wires are empty, the servers stay connected.
  await sessionAction(page, 'session-new');
  const dialog = page.getByTestId('session-new-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Export first');
  await expect(dialog).toContainText('Discard and start new');
  await expectNoSeriousA11yViolations(page);
  const secondDownload = page.waitForEvent('download');
  await page.getByTestId('session-new-export').click();
  expect((await secondDownload).suggestedFilename()).toMatch(/^glassbox-session-.*\.json$/);
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('chat-message')).toHaveCount(0);
  await expect(page.getByTestId('model-traffic-empty')).toBeVisible();
  await expect(page.getByTestId('mcp-traffic').locator('[data-testid="traffic-row"]')).toHaveCount(0);
  await expect(page.getByTestId('server-weather')).toHaveAttribute('data-status', 'connected');
  await expect(page.getByTestId('server-calendar')).toHaveAttribute('data-status', 'connected');
  await openAreaTab(page, 'left', 'registry');
  await expect(page.getByTestId('tool-policy-weather_get_forecast')).toHaveValue('allow');
  await openAreaTab(page, 'left', 'servers');
  await expectSaved(page);

  // Import the exported file: shown read-only, with its conversation and both wires.
  const requestsBefore = model.requests().length;
  await importSession(page, exportedPath);
  const banner = page.getByTestId('readonly-banner');
  await expect(banner).toContainText('Viewing an imported session (read-only) — exported');
  await expect(userMessages(page).first()).toContainText('What is the weather in Paris?');
  await expect(page.getByTestId('tool-call')).toHaveAttribute('data-status', 'done');
  await expect(assistantMessages(page).last()).toContainText('Paris');
  await expect(modelRequests(page)).toHaveCount(2);
  await expect(toolsCallRows(page)).toHaveCount(1);
  await expect(page.getByTestId('chat-input')).toBeDisabled();
  await expect(page.getByTestId('chat-send')).toBeDisabled();
  await page.getByTestId('session-menu').click();
  await expect(page.getByTestId('session-new')).toBeDisabled();
  await page.keyboard.press('Escape');
  await expectNoSeriousA11yViolations(page);
  expect(model.requests()).toHaveLength(requestsBefore);

  // Back to the live session: still the new, empty one, and usable.
  await page.getByTestId('readonly-back').click();
  await expect(banner).toHaveCount(0);
  await expect(page.getByTestId('chat-message')).toHaveCount(0);
  await expect(page.getByTestId('model-traffic-empty')).toBeVisible();
  await expect(page.getByTestId('chat-input')).toBeEnabled();

  // And a reload keeps the new session, not the imported one.
  await page.reload();
  await expect(page.getByTestId('server-weather')).toHaveAttribute('data-status', 'connected', { timeout: 60_000 });
  await expect(page.getByTestId('readonly-banner')).toHaveCount(0);
  await expect(page.getByTestId('chat-message')).toHaveCount(0);
  await expect(page.getByTestId('model-traffic-empty')).toBeVisible();
});

test('a file that is not a session is refused with a reason, and the live session stays', async ({ page }) => {
  await open(page);
  await importSession(page, { name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('{"hello": "world"}') });
  await expect(page.getByTestId('session-message')).toContainText('notes.json was not opened');
  await expect(page.getByTestId('session-message')).toContainText('"format"');
  await expect(page.getByTestId('readonly-banner')).toHaveCount(0);
  await expect(page.getByTestId('chat-input')).toBeEnabled();
});

test('the Session menu works from the keyboard: arrows move, Escape closes and gives focus back', async ({ page }) => {
  await open(page);
  const button = page.getByTestId('session-menu');
  await expect(button).toHaveAttribute('aria-haspopup', 'menu');
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await button.focus();
  await page.keyboard.press('ArrowDown');
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const menu = page.getByRole('menu', { name: 'Session' });
  await expect(menu.getByRole('menuitem')).toHaveText([
    'New session…',
    'Export session',
    'Share a repro',
    'Export trace (OTLP/JSON)',
    'OpenTelemetry…',
    'Open session or repro…',
  ]);
  await expect(page.getByTestId('session-new')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('session-export')).toBeFocused();
  await page.keyboard.press('End');
  await expect(page.getByTestId('session-import')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('session-new')).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByTestId('session-import')).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(button).toBeFocused();
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  // Enter opens it too, and Enter on an item chooses it: the new-session dialog.
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('session-new')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('session-new-dialog')).toBeVisible();
  await page.getByTestId('session-new-cancel').click();
  // A click elsewhere closes it.
  await button.click();
  await expect(menu).toBeVisible();
  await page.getByTestId('chat-input').click();
  await expect(menu).toHaveCount(0);
});
