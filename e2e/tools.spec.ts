import { DEMO_CONFIG, openWithConfig, openAreaTab } from './helpers';
import { expect, say, test, useModel } from './model-fixture';
import { TEST_URLS } from './test-ports';

type Body = { messages: Array<{ role: string; content: unknown; tool_call_id?: string }> };

// These tests never look at the config editor: Monaco's chunk is held back (see model-fixture.ts).
test.use({ monacoEditor: false });

test('ask → deny: the call is not made and the model is told', async ({ page, model }) => {
  model.setScript([
    { toolCalls: [{ name: 'calendar_create_event', input: { title: 'Lunch', date: '2026-12-01' } }] },
    { echoToolResults: true },
  ]);
  await openWithConfig(page, DEMO_CONFIG, ['calendar']);
  await useModel(page, model, 'anthropic');
  await say(page, 'Book lunch');
  const card = page.getByTestId('approval-card');
  await expect(card).toContainText('calendar');
  await expect(card).toContainText(/not guarantees/i);
  await page.getByTestId('approval-deny').click();
  await expect(page.getByTestId('tool-call')).toHaveAttribute('data-status', 'failed');
  await expect(page.getByTestId('tool-call-failure')).toHaveAttribute('data-category', 'denied');
  await expect(page.locator('[data-testid="chat-message"][data-role="assistant"]').last()).toContainText('denied');
  await expect(page.getByTestId('mcp-traffic').locator('[data-testid="traffic-row"][data-method="tools/call"]')).toHaveCount(0);
});

test('"Always allow" is remembered after a reload', async ({ page, model }) => {
  model.setScript([
    { toolCalls: [{ name: 'weather_get_forecast', input: { city: 'Rome' } }] },
    { text: 'ok' },
    { toolCalls: [{ name: 'weather_get_forecast', input: { city: 'Rome' } }] },
    { text: 'ok again' },
  ]);
  await openWithConfig(page, DEMO_CONFIG, ['weather']);
  await useModel(page, model, 'anthropic');
  await say(page, 'Rome?');
  await page.getByTestId('approval-always').click();
  await expect(page.locator('[data-testid="chat-message"][data-role="assistant"]').last()).toContainText('ok');
  await page.reload();
  await expect(page.getByTestId('server-weather')).toHaveAttribute('data-status', 'connected');
  await openAreaTab(page, 'left', 'registry');
  await expect(page.getByTestId('tool-policy-weather_get_forecast')).toHaveValue('allow');
  await useModel(page, model, 'anthropic');
  await say(page, 'Rome again?');
  await expect(page.locator('[data-testid="chat-message"][data-role="assistant"]').last()).toContainText('ok again');
  await expect(page.getByTestId('approval-card')).toHaveCount(0);
});

test('the registry shows public names and a policy per tool, with schema warnings', async ({ page }) => {
  await openWithConfig(page, { mcpServers: { weather: { url: TEST_URLS.weather }, 'my.wild': { url: TEST_URLS.lab('wild') } } }, [
    'weather',
    'my.wild',
  ]);
  await openAreaTab(page, 'left', 'registry');
  const registry = page.getByTestId('tool-registry');
  await expect(registry.locator('[data-testid="registry-tool"][data-public-name="weather_get_forecast"]')).toBeVisible();
  await expect(
    registry.locator(
      '[data-testid="registry-tool"][data-public-name="local_add_reminder"], [data-testid="registry-tool"][data-public-name="add_reminder"]',
    ),
  ).toHaveCount(1);
  const names = await registry
    .locator('[data-testid="registry-tool"]')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-public-name') ?? ''));
  for (const name of names) expect(name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
  expect(new Set(names).size).toBe(names.length);
  await expect(page.getByTestId('tool-policy-weather_get_forecast')).toHaveValue('ask');
  // Hostile descriptions render inert.
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
});

test('two tool calls in one response run concurrently', async ({ page, model }) => {
  model.setScript([
    {
      toolCalls: [
        { name: 'slow_sleep', input: { ms: 1500 } },
        { name: 'slow_sleep', input: { ms: 1500 } },
      ],
    },
    { text: 'both done' },
  ]);
  await openWithConfig(page, { mcpServers: { slow: { url: TEST_URLS.lab('slow') } } }, ['slow']);
  await openAreaTab(page, 'left', 'registry');
  await page.getByTestId('tool-policy-slow_sleep').selectOption('allow');
  await useModel(page, model, 'anthropic');
  await say(page, 'sleep twice');
  await expect(page.locator('[data-testid="chat-message"][data-role="assistant"]').last()).toContainText('both done');
  const directions = await page
    .getByTestId('mcp-traffic')
    .locator('[data-testid="traffic-row"][data-method="tools/call"]')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-direction')));
  // Both requests left before either answer came back: the time spans overlap.
  expect(directions).toEqual(['out', 'out', 'in', 'in']);
});

for (const provider of ['anthropic', 'openai'] as const) {
  test(`an image result reaches the ${provider} request in the form that provider takes`, async ({ page, model }) => {
    model.setScript([{ toolCalls: [{ name: 'weather_get_radar', input: { city: 'Paris' } }] }, { text: 'Nice radar.' }]);
    await openWithConfig(page, DEMO_CONFIG, ['weather']);
    await openAreaTab(page, 'left', 'registry');
    await page.getByTestId('tool-policy-weather_get_radar').selectOption('allow');
    await useModel(page, model, provider);
    await say(page, 'radar?');
    await expect(page.locator('[data-testid="chat-message"][data-role="assistant"]').last()).toContainText('Nice radar.');
    const body = model.requests()[1]!.body as Body;
    if (provider === 'anthropic') {
      const last = body.messages.at(-1)!;
      const result = (last.content as Array<{ type: string; content?: Array<{ type: string; source?: { media_type: string } }> }>)[0]!;
      expect(result.type).toBe('tool_result');
      expect(result.content!.some((b) => b.type === 'image' && b.source?.media_type === 'image/png')).toBe(true);
    } else {
      const toolMessage = body.messages.find((m) => m.role === 'tool')!;
      expect(typeof toolMessage.content).toBe('string');
      const after = body.messages[body.messages.indexOf(toolMessage) + 1]!;
      expect(after.role).toBe('user');
      expect(JSON.stringify(after.content)).toContain('data:image/png;base64,');
    }
    await page.getByTestId('model-saw-toggle').click();
    await expect(page.getByTestId('model-saw')).toBeVisible();
  });
}

test('a tool call with an invalid argument is not sent to the server', async ({ page, model }) => {
  model.setScript([{ toolCalls: [{ name: 'weather_get_forecast', input: { days: 99 } }] }, { echoToolResults: true }]);
  await openWithConfig(page, DEMO_CONFIG, ['weather']);
  await openAreaTab(page, 'left', 'registry');
  await page.getByTestId('tool-policy-weather_get_forecast').selectOption('allow');
  await useModel(page, model, 'anthropic');
  await say(page, 'forecast?');
  await expect(page.getByTestId('tool-call-failure')).toHaveAttribute('data-category', 'invalid-arguments');
  await expect(page.locator('[data-testid="chat-message"][data-role="assistant"]').last()).toContainText('city');
  await expect(page.getByTestId('mcp-traffic').locator('[data-testid="traffic-row"][data-method="tools/call"]')).toHaveCount(0);
});

test('the local add_reminder tool passes the same gate and its reminders survive a reload', async ({ page, model }) => {
  model.setScript([
    { toolCalls: [{ name: 'add_reminder', input: { text: 'Take an umbrella', when: 'tomorrow 8:00' } }] },
    { text: 'Reminder added.' },
  ]);
  await openWithConfig(page, DEMO_CONFIG, ['weather']);
  await useModel(page, model, 'anthropic');
  await say(page, 'Remind me to take an umbrella');
  await expect(page.getByTestId('approval-card')).toBeVisible();
  await page.getByTestId('approval-allow').click();
  await expect(page.locator('[data-testid="chat-message"][data-role="assistant"]').last()).toContainText('Reminder added.');
  await page.reload();
  await openAreaTab(page, 'left', 'reminders');
  await expect(page.getByTestId('reminder')).toContainText('Take an umbrella');
});

test('the token bill lists every registered tool with a positive count, and the total is their sum', async ({ page }) => {
  await openWithConfig(page, DEMO_CONFIG, ['weather', 'calendar']);
  await openAreaTab(page, 'left', 'registry');
  // The registry tab loads on first use: wait for its rows before reading them.
  await expect(page.locator('[data-testid^="tool-policy-"]').first()).toBeVisible();
  const registered = await page
    .locator('[data-testid^="tool-policy-"]')
    .evaluateAll((selects) => selects.map((select) => select.getAttribute('data-testid')!.slice('tool-policy-'.length)));
  await openAreaTab(page, 'left', 'tokens');
  const rows = page.getByTestId('token-bill-row');
  await expect(rows).toHaveCount(registered.length);
  const counts = await rows.evaluateAll((trs) =>
    trs.map((tr) => [tr.getAttribute('data-tool'), Number(tr.getAttribute('data-tokens'))] as const),
  );
  expect(counts.map(([tool]) => tool).sort()).toEqual([...registered].sort());
  for (const [, tokens] of counts) expect(tokens).toBeGreaterThan(0);
  const total = Number(await page.getByTestId('token-bill-total').getAttribute('data-tokens'));
  expect(total).toBe(counts.reduce((sum, [, tokens]) => sum + tokens, 0));
  // Sorted by cost, most expensive first.
  expect(counts.map(([, tokens]) => tokens)).toEqual([...counts.map(([, tokens]) => tokens)].sort((a, b) => b - a));
  const download = page.waitForEvent('download');
  await page.getByTestId('token-bill-csv').click();
  expect((await download).suggestedFilename()).toBe('glassbox-token-bill-openai.csv');
});
