/**
 * The first visit: the guided tour appears on a fresh page, steps and closes and stays closed;
 * and the scripted demo model plays the seed's scene with no key and no model server, in both
 * the shapes it speaks (Anthropic Messages, OpenAI Chat), over the loopback demo MCP servers.
 */
import { expect, test } from './model-fixture';
import { DEMO_CONFIG, expectNoSeriousA11yViolations, openWithConfig, playDemoScene } from './helpers';

// Fresh storage: this spec is about the first visit (the config marks the tour dismissed for every other spec).
test.use({ tourDismissedAt: [] });

test('the tour appears on a first visit, steps through the scene, closes, and stays closed after a reload', async ({ page }) => {
  await openWithConfig(page, DEMO_CONFIG, ['weather', 'calendar']);
  const step = page.getByTestId('tour-step');
  await expect(step).toBeVisible();
  await expect(step).toHaveAttribute('role', 'dialog');
  await expect(step).toBeFocused();
  await expect(step).toContainText('Scripted demo');
  await expect(page.locator('[data-testid="model-settings"][data-tour-highlight]')).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);

  // Next walks the steps; each outlines its panel, and the card does not cover it.
  await page.getByTestId('tour-next').click();
  await expect(step).toHaveAttribute('data-step', 'initialize');
  await expect(step).toContainText('initialize');
  const panel = page.locator('[data-testid="mcp-traffic"][data-tour-highlight]');
  await expect(panel).toHaveCount(1);
  const card = (await step.boundingBox())!;
  const target = (await panel.boundingBox())!;
  expect(card.x + card.width <= target.x || card.x >= target.x + target.width).toBe(true);
  await page.getByTestId('tour-next').click();
  await expect(step).toHaveAttribute('data-step', 'tools-list');
  await expect(step).toContainText('tools/list');
  await page.keyboard.press('Tab');
  await expect(page.locator('[data-testid="tour-step"] :focus')).toHaveCount(1);

  await page.getByTestId('tour-close').click();
  await expect(step).toHaveCount(0);
  await expect(page.locator('[data-tour-highlight]')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('server-weather')).toHaveAttribute('data-status', 'connected');
  await expect(page.getByTestId('tour-step')).toHaveCount(0);

  // It can be started again; Escape closes it.
  await page.getByTestId('tour-start').click();
  await expect(step).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(step).toHaveCount(0);
});

for (const speaks of ['anthropic', 'openai'] as const) {
  test(`the scripted demo model plays the scene speaking ${speaks}: get_forecast on the MCP wire, add_reminder locally, the final answer`, async ({
    page,
  }) => {
    const modelRequests: string[] = [];
    page.on('request', (request) => {
      if (/demo-model\.invalid/.test(request.url())) modelRequests.push(request.url());
    });
    await openWithConfig(page, DEMO_CONFIG, ['weather', 'calendar']);
    await page.getByTestId('tour-close').click();

    await page.getByTestId('provider-select').selectOption('demo');
    await expect(page.getByTestId('provider-select').locator('option:checked')).toHaveText('Scripted demo, not an AI — no key needed');
    await expect(page.getByTestId('api-key-input')).toHaveAttribute('placeholder', 'no key needed');
    await expect(page.getByTestId('chat-empty-demo')).toContainText('not an AI');
    await playDemoScene(page, speaks);

    const calls = page.locator('[data-testid="tool-call"]');
    await expect(calls).toHaveCount(2);
    await expect(calls.nth(0)).toContainText('weather_get_forecast');
    await expect(calls.nth(1)).toContainText('local tool');
    await expect(page.locator('[data-testid="tool-call"][data-status="done"]')).toHaveCount(2);
    // get_forecast went out on the MCP wire; add_reminder ran in the page, so it is the only tools/call.
    const mcp = page.getByTestId('mcp-traffic');
    await expect(
      mcp.locator('[data-testid="traffic-row"][data-server="weather"][data-method="tools/call"][data-direction="out"]'),
    ).toHaveCount(1);
    await expect(mcp.locator('[data-testid="traffic-row"][data-method="tools/call"][data-direction="out"]')).toHaveCount(1);
    await expect(page.locator('[data-testid="chat-message"][data-role="assistant"]').last()).toContainText('Take an umbrella');

    // The model wire: three requests and three replies, to a URL that says what it is, in the chosen shape.
    const model = page.getByTestId('model-traffic');
    await expect(model.locator('[data-testid="model-row"][data-kind="request"][data-provider="demo"]')).toHaveCount(3);
    await expect(model.locator('[data-testid="model-row"][data-kind="response"]')).toHaveCount(3);
    await model.locator('[data-testid="model-row"][data-kind="request"][data-step="3"]').click();
    const detail = page.getByTestId('model-detail');
    await expect(detail).toContainText(
      speaks === 'openai' ? 'demo-model.invalid/openai/v1/chat/completions' : 'demo-model.invalid/anthropic/v1/messages',
    );
    // A later request shows what it adds to the one before; the whole body is one click away.
    await expect(detail.getByTestId('request-diff')).toBeVisible();
    await detail.getByTestId('request-whole').click();
    await expect(detail).toContainText('"model": "glassbox-demo-script"');
    await expect(detail).toContainText(speaks === 'openai' ? '"tool_call_id"' : '"input_schema"');
    await expect(detail).toContainText('No API key was sent');
    // Answered in the page: the browser never sent a request to the demo host.
    expect(modelRequests).toEqual([]);

    // Another message gets the honest answer.
    await page.getByTestId('chat-input').fill('Write me a poem');
    await page.getByTestId('chat-send').click();
    await expect(page.locator('[data-testid="chat-message"][data-role="assistant"]').last()).toContainText('I am a script');
  });
}
