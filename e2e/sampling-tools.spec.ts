/**
 * Tool use inside sampling (`sampling.tools`, 2025-11-25) through the chat's gate: a server runs
 * its own agent loop through the person's model, offering a tool; each tool use in the model's
 * reply waits on the sampling card for the tool policy of that server and tool (the one the tool
 * registry sets) or the person's Allow once / Always allow / Deny, before the reply goes back.
 */
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, openWithConfig, openAreaTab } from './helpers';
import { expect, test, useModel } from './model-fixture';
import { start as startSamplingTools, weatherIn } from './servers/sampling-tools.mjs';
import type { RunningServer } from './servers/weather.mjs';
import { TEST_PORTS } from './test-ports';

test.use({ monacoEditor: false });

let trips: RunningServer;
test.beforeAll(async () => {
  trips = await startSamplingTools({ port: TEST_PORTS.spare(4) });
});
test.afterAll(async () => {
  await trips?.close();
});

const CONFIG = () => ({ mcpServers: { trips: { url: trips.url } } });

/** Runs plan_trip from the manual call form. */
async function planTrip(page: Page, city: string) {
  const button = page.getByTestId('tool-trips-plan_trip');
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  await page.getByTestId('tool-call-args').fill(JSON.stringify({ city }));
  await page.getByTestId('tool-call-run').click();
}

/** Approves the call's nth sampling request (0 = its first) and waits for the model's reply on its card. */
async function approveSampling(page: Page, nth = 0) {
  const card = page.getByTestId('sampling-card').nth(nth);
  await card.getByTestId('sampling-approve').click();
  await expect(card).toHaveAttribute('data-status', 'replied');
  return card;
}

test('a tool use in a sampling reply waits for approval; allowed once, the server runs it and samples again with its result', async ({
  page,
  model,
}) => {
  model.setScript([{ toolCalls: [{ name: 'lookup_weather', input: { city: 'Paris' } }] }, { text: 'Take sunglasses.' }]);
  await openWithConfig(page, CONFIG(), ['trips']);
  await useModel(page, model, 'anthropic');
  await planTrip(page, 'Paris');
  const first = page.getByTestId('sampling-card').first();
  await expect(first.getByTestId('sampling-tools')).toContainText('lookup_weather');
  await approveSampling(page);
  // The tool the server offered went to the model with the request.
  expect(JSON.stringify(model.requests()[0]?.body)).toContain('"name":"lookup_weather"');
  const use = first.getByTestId('sampling-tool-use');
  await expect(use).toHaveAttribute('data-decision', 'pending');
  await expect(use).toContainText('Paris');
  // Nothing goes back while the tool use waits.
  await expect(first.getByTestId('sampling-return')).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
  await use.getByTestId('approval-allow').click();
  await expect(use).toHaveAttribute('data-decision', 'allowed-once');
  await first.getByTestId('sampling-return').click();
  await expect(first).toHaveAttribute('data-status', 'returned');

  // The server ran the tool and asks again, with the tool's result in the messages.
  const second = page.getByTestId('sampling-card').nth(1);
  await expect(second).toContainText(weatherIn('Paris'));
  await approveSampling(page, 1);
  await expect(second.getByTestId('sampling-tool-use')).toHaveCount(0);
  await second.getByTestId('sampling-return').click();
  const result = page.getByTestId('tool-result');
  await expect(result).toContainText('Ran: lookup_weather({"city":"Paris"})');
  await expect(result).toContainText('The model said: Take sunglasses.');
  expect(JSON.stringify(model.requests()[1]?.body)).toContain(weatherIn('Paris'));
});

test('denied, the tool use is left out of the reply; always allowed, it sets the tool policy; the registry policy decides without asking', async ({
  page,
  model,
}) => {
  model.setScript([
    { toolCalls: [{ name: 'lookup_weather', input: { city: 'Oslo' } }] },
    { toolCalls: [{ name: 'lookup_weather', input: { city: 'Rome' } }] },
    { text: 'Warm in Rome.' },
    { toolCalls: [{ name: 'lookup_weather', input: { city: 'Lima' } }] },
  ]);
  await openWithConfig(page, CONFIG(), ['trips']);
  await useModel(page, model, 'anthropic');
  const result = page.getByTestId('tool-result');

  await planTrip(page, 'Oslo');
  const denied = await approveSampling(page);
  await denied.getByTestId('sampling-tool-use').getByTestId('approval-deny').click();
  await expect(denied.getByTestId('sampling-tool-use')).toHaveAttribute('data-decision', 'denied');
  await denied.getByTestId('sampling-return').click();
  await expect(result).toContainText('Ran: no tool');
  await expect(result).toContainText('the person denied it');

  await planTrip(page, 'Rome');
  const always = await approveSampling(page);
  await always.getByTestId('sampling-tool-use').getByTestId('approval-always').click();
  await always.getByTestId('sampling-return').click();
  await (await approveSampling(page, 1)).getByTestId('sampling-return').click();
  await expect(result).toContainText('Ran: lookup_weather({"city":"Rome"})');
  // The same policy the chat's calls use: the registry shows it.
  await openAreaTab(page, 'left', 'registry');
  const policy = page.getByTestId('tool-policy-trips_lookup_weather');
  await expect(policy).toHaveValue('allow');
  await policy.selectOption('deny');
  await openAreaTab(page, 'left', 'servers');

  await planTrip(page, 'Lima');
  const byPolicy = await approveSampling(page);
  await expect(byPolicy.getByTestId('sampling-tool-use')).toHaveAttribute('data-decision', 'denied-by-policy');
  await expect(byPolicy.getByTestId('sampling-tool-use').getByTestId('approval-allow')).toHaveCount(0);
  await byPolicy.getByTestId('sampling-return').click();
  await expect(result).toContainText('Ran: no tool');
  await expect(result).toContainText('its tool policy is "deny"');
});
