/**
 * Views the first screen does not draw load when first needed (so the first chunk stays small).
 * A restored conversation must still be drawn whole when it replaces the first frame: its tool
 * call cards, replay controls and the wires' lists are fetched before that render, never filled in
 * a moment later.
 */
import { configPath, openAreaTab } from './helpers';
import { expect, say, test, useModel } from './model-fixture';
import { TEST_URLS } from './test-ports';

const CONFIG = { mcpServers: { weather: { url: TEST_URLS.weather } } };

test('a restored conversation with a tool call is drawn whole at takeover, with no empty card on the way', async ({ page, model }) => {
  test.slow();
  model.setScript([
    { text: 'Let me check.', toolCalls: [{ name: 'weather_get_forecast', input: { city: 'Paris', days: 1 } }] },
    { echoToolResults: true },
  ]);
  await page.goto(configPath(CONFIG));
  await expect(page.getByTestId('server-weather')).toHaveAttribute('data-status', 'connected', { timeout: 60_000 });
  await openAreaTab(page, 'left', 'registry');
  await page.getByTestId('tool-policy-weather_get_forecast').selectOption('allow');
  await openAreaTab(page, 'left', 'servers');
  await useModel(page, model, 'anthropic');
  await say(page, 'What is the weather in Paris?');
  await expect(page.getByTestId('tool-call')).toHaveAttribute('data-status', 'done');
  await expect(page.getByTestId('turn-replay')).toHaveCount(1);
  await expect(page.getByTestId('session-save-status')).toHaveAttribute('data-state', 'saved');

  // After the reload, every DOM change is checked as it lands: a tool row without its card, or a
  // finished turn's row of replays without its control, would be the restored chat drawn in parts.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { partialChat: string[] }).partialChat = seen;
    const check = () => {
      for (const row of document.querySelectorAll('[data-testid="chat-message"][data-role="tool"]')) {
        if (row.querySelector('[data-testid="tool-call"]') === null) seen.push('tool row without its card');
      }
      const chat = document.querySelector('[data-testid="chat"]');
      if (
        chat?.querySelector('[data-testid="chat-message"][data-role="assistant"]') &&
        chat.querySelector('[data-testid="turn-replay"]') === null
      ) {
        seen.push('finished turn without its replay control');
      }
      // The wires' lists load beside the start (not in the first chunk): never a list still loading,
      // neither in the first frame (a still picture: its wires stay empty) nor once the restored
      // session has taken over.
      if (document.querySelector('.traffic-list[aria-busy="true"], .model-list[aria-busy="true"]') !== null)
        seen.push('a wire list still loading');
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true });
  });
  await page.reload();
  await expect(page.getByTestId('tool-call')).toHaveAttribute('data-status', 'done');
  await expect(page.getByTestId('turn-replay')).toHaveCount(1);
  await expect(page.getByTestId('traffic-list')).toBeVisible();
  await expect(page.getByTestId('model-list')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { partialChat: string[] }).partialChat)).toEqual([]);
});

test('a server card draws its capabilities, and an opened tool its schema and call form, when asked for', async ({ page }) => {
  await page.goto(configPath(CONFIG));
  const card = page.getByTestId('server-weather');
  await expect(card).toHaveAttribute('data-status', 'connected', { timeout: 60_000 });
  await card.getByRole('button', { name: 'Show capabilities' }).click();
  await expect(card.getByRole('tree', { name: 'Server capabilities' })).toContainText('tools');
  await page.getByTestId('tool-weather-get_forecast').click();
  await expect(card.getByText('Input schema', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Call get_forecast' })).toBeVisible();
});
