import type { Locator, Page } from '@playwright/test';
import { SCHEMAS_INSTRUCTIONS } from './servers/lab-schemas.mjs';
import { start as startSignals } from './servers/signals.mjs';
import { callToolByHand, openWithConfig, openAreaTab } from './helpers';
import { expect, say, test, useModel } from './model-fixture';
import { TEST_PORTS, TEST_URLS } from './test-ports';

test.use({ monacoEditor: false });

const SIGNALS_URL = `http://127.0.0.1:${TEST_PORTS.spare(6)}/mcp`;
let signals: { close(): Promise<void> } | undefined;
test.beforeAll(async () => {
  signals = await startSignals({ host: '127.0.0.1', port: TEST_PORTS.spare(6) });
});
test.afterAll(async () => {
  await signals?.close();
});

/** Calls a tool from its card's form and returns the tool's detail (the result and the outputSchema verdict). */
async function callByHand(page: Page, server: string, tool: string, args: unknown = {}): Promise<Locator> {
  await callToolByHand(page, server, tool, args);
  return page.getByTestId(`server-${server}`).locator('.tool-detail');
}

function wireRows(page: Page, selector: string): Locator {
  return page.getByTestId('mcp-traffic').locator(`[data-testid="traffic-row"]${selector}`);
}

test('log messages from both eras, with levels, filtered; the level goes out as setLevel (2025) or _meta (2026)', async ({ page }) => {
  await openWithConfig(page, { mcpServers: { everything: { url: TEST_URLS.everything }, signals: { url: SIGNALS_URL } } }, [
    'everything',
    'signals',
  ]);
  await openAreaTab(page, 'mcp', 'logs');
  await page.getByTestId('log-level-everything').selectOption('debug');
  await page.getByTestId('log-level-signals').selectOption('warning');

  await callByHand(page, 'signals', 'log_levels');
  const logs = page.getByTestId('log-view');
  const signalsRows = logs.locator('[data-testid="log-row"][data-server="signals"]');
  await expect(signalsRows).toHaveCount(5);
  expect(await signalsRows.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-level')))).toEqual([
    'warning',
    'error',
    'critical',
    'alert',
    'emergency',
  ]);
  await expect(signalsRows.first()).toContainText('"text":"warning message"');
  await expect(signalsRows.first()).toContainText('signals.levels');
  await expect(signalsRows.first()).toContainText('tools/call');

  // The reference server logs at random levels on its GET stream once asked to.
  await callByHand(page, 'everything', 'toggle-simulated-logging');
  await expect(logs.locator('[data-testid="log-row"][data-server="everything"]').first()).toBeVisible();
  const everythingLevel = await logs.locator('[data-testid="log-row"][data-server="everything"]').first().getAttribute('data-level');
  expect(['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency']).toContain(everythingLevel);

  // Filtered: one server, at or above a level.
  await page.getByTestId('log-filter-server').selectOption('signals');
  await page.getByTestId('log-filter-level').selectOption('critical');
  const shown = logs.locator('[data-testid="log-row"]');
  await expect(shown).toHaveCount(3);
  expect(
    await shown.evaluateAll((rows) => rows.map((row) => `${row.getAttribute('data-server')}:${row.getAttribute('data-level')}`)),
  ).toEqual(['signals:critical', 'signals:alert', 'signals:emergency']);

  // On the wire: logging/setLevel for the 2025 server only; the 2026 request carried the level in its _meta.
  await openAreaTab(page, 'mcp', 'mcp');
  await expect(wireRows(page, '[data-server="everything"][data-method="logging/setLevel"][data-direction="out"]')).toHaveCount(1);
  await expect(wireRows(page, '[data-server="signals"][data-method="logging/setLevel"]')).toHaveCount(0);
  await wireRows(page, '[data-server="signals"][data-method="tools/call"][data-direction="out"]').last().click();
  await expect(page.getByTestId('traffic-detail')).toContainText('io.modelcontextprotocol/logLevel');
  await callByHand(page, 'everything', 'toggle-simulated-logging');
});

test('a 2026 list change arrives on subscriptions/listen and refreshes the tools, on the wire', async ({ page }) => {
  await openWithConfig(page, { mcpServers: { signals: { url: SIGNALS_URL } } }, ['signals']);
  await expect(wireRows(page, '[data-server="signals"][data-method="notifications/subscriptions/acknowledged"]')).toHaveCount(1);
  const lists = wireRows(page, '[data-server="signals"][data-method="tools/list"][data-direction="out"]');
  const before = await lists.count();
  await callByHand(page, 'signals', 'add_tool');
  await expect(page.locator('[data-testid^="tool-signals-extra_"]')).toHaveCount(1);
  await expect(wireRows(page, '[data-server="signals"][data-method="notifications/tools/list_changed"]')).toHaveCount(1);
  await expect(lists).toHaveCount(before + 1);
});

test('server metadata: title, icons, instructions on the card and in the model request; outputSchema checks pass and fail', async ({
  page,
  model,
}) => {
  model.setScript([{ toolCalls: [{ name: 'schemas_forecast_wrong', input: {} }] }, { text: 'Done.' }]);
  await openWithConfig(page, { mcpServers: { schemas: { url: TEST_URLS.lab('schemas') } } }, ['schemas']);
  const card = page.getByTestId('server-schemas');
  await expect(card).toContainText('Schema Lab (lab-schemas)');
  await expect(page.getByTestId('server-icon-schemas')).toHaveAttribute('src', /^data:image\/png;base64,/);
  await expect(card.locator('img[src^="javascript:"]')).toHaveCount(0);
  await expect(page.getByTestId('tool-schemas-forecast_ok')).toContainText('Forecast (keeps its schema)');
  const instructions = page.getByTestId('instructions-schemas');
  await instructions.locator('summary').click();
  await expect(instructions).toContainText(SCHEMAS_INSTRUCTIONS);

  const ok = await callByHand(page, 'schemas', 'forecast_ok');
  await expect(ok.getByTestId('output-check')).toHaveAttribute('data-status', 'valid');
  const wrong = await callByHand(page, 'schemas', 'forecast_wrong');
  await expect(wrong.getByTestId('tool-result')).toContainText('warm');
  await expect(wrong.getByTestId('output-check')).toHaveAttribute('data-status', 'invalid');
  await expect(wrong.getByTestId('output-check')).toContainText('"temperature" must be a number');

  await useModel(page, model, 'anthropic');
  await say(page, 'Forecast, please.');
  await page.getByTestId('approval-allow').click();
  await expect(page.locator('[data-testid="tool-call"]')).toHaveAttribute('data-status', 'done');
  await expect(page.locator('[data-testid="tool-call"]').getByTestId('output-check')).toHaveAttribute('data-status', 'invalid');
  const system = (model.requests()[0]!.body as { system?: string }).system ?? '';
  expect(system).toContain(`<mcp-server-instructions server="schemas">\n${SCHEMAS_INSTRUCTIONS}\n</mcp-server-instructions>`);
  await page.getByTestId('model-traffic').locator('[data-testid="model-row"][data-kind="request"][data-step="1"]').click();
  await expect(page.getByTestId('model-detail')).toContainText('mcp-server-instructions');
});
