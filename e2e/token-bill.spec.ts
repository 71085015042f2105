import { countTokensFor } from './servers/model-server.mjs';
import { DEMO_CONFIG, openWithConfig, openAreaTab } from './helpers';
import { expect, say, test, useModel } from './model-fixture';

// The bill never looks at the config editor: Monaco's chunk is held back (see model-fixture.ts).
test.use({ monacoEditor: false });

const KEY = 'sk-ant-bill-secret-4455';
type ToolsBody = { tools?: Array<{ name: string }> };

test('"Count with Anthropic" asks count_tokens on the model wire (key redacted) and shows exactly what the server answered', async ({
  page,
  model,
}) => {
  await openWithConfig(page, DEMO_CONFIG, ['weather', 'calendar']);
  await useModel(page, model, 'anthropic', KEY);
  await openAreaTab(page, 'left', 'tokens');
  const rows = page.getByTestId('token-bill-row');
  await expect(rows.first()).toBeVisible();
  const tools = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-tool')!));
  // Nothing is sent until the click.
  expect(model.requests()).toHaveLength(0);

  await page.getByTestId('token-bill-count-anthropic').click();
  await expect(page.getByTestId('token-bill-anthropic-total')).toBeVisible();
  const requests = model.requests();
  expect(requests.map((request) => request.path)).toEqual(Array(tools.length + 2).fill('/v1/messages/count_tokens'));
  for (const request of requests) expect(request.headers['x-api-key']).toBe(KEY);
  const [baselineRequest, ...rest] = requests;
  const baseline = countTokensFor(baselineRequest!.body);
  expect((baselineRequest!.body as ToolsBody).tools).toBeUndefined();
  const togetherRequest = rest.pop()!;
  const alone = new Map(rest.map((request) => [(request.body as ToolsBody).tools![0]!.name, countTokensFor(request.body) - baseline]));
  expect([...alone.keys()].sort()).toEqual([...tools].sort());

  for (const tool of tools) {
    const cell = page.locator(`[data-testid="token-bill-row"][data-tool="${tool}"] [data-testid="token-bill-anthropic"]`);
    await expect(cell).toHaveAttribute('data-tokens', String(alone.get(tool)));
    expect(alone.get(tool)).toBeGreaterThan(0);
  }
  expect((togetherRequest.body as ToolsBody).tools!.map((tool) => tool.name).sort()).toEqual([...tools].sort());
  await expect(page.getByTestId('token-bill-anthropic-total')).toHaveAttribute(
    'data-tokens',
    String(countTokensFor(togetherRequest.body) - baseline),
  );
  await expect(page.getByTestId('token-bill-anthropic-baseline')).toHaveAttribute('data-tokens', String(baseline));

  // Every count is on the model wire, like every request, and the key never reaches it.
  const wire = page.getByTestId('model-traffic');
  const requestRows = wire.locator('[data-testid="model-row"][data-kind="request"]');
  await expect(requestRows).toHaveCount(tools.length + 2);
  for (const title of await requestRows.locator('.c-text').evaluateAll((cells) => cells.map((cell) => cell.getAttribute('title'))))
    expect(title).toContain('/v1/messages/count_tokens');
  await expect(wire).not.toContainText(KEY);
});

test('a tool disabled in the bill is not in the next model request, and enabling it brings it back', async ({ page, model }) => {
  model.setScript([{ text: 'Without it.' }, { text: 'With it.' }]);
  await openWithConfig(page, DEMO_CONFIG, ['weather', 'calendar']);
  await useModel(page, model, 'anthropic');
  await openAreaTab(page, 'left', 'tokens');
  const row = page.locator('[data-testid="token-bill-row"][data-tool="weather_get_forecast"]');
  const total = page.getByTestId('token-bill-total');
  const before = Number(await total.getAttribute('data-tokens'));
  const cost = Number(await row.getAttribute('data-tokens'));
  await row.getByTestId('token-bill-disable').click();
  await expect(row).toHaveAttribute('data-offered', 'false');
  await expect(row).toContainText('not sent');
  await expect(total).toHaveAttribute('data-tokens', String(before - cost));

  await say(page, 'Forecast?');
  await expect(page.locator('[data-testid="chat-message"][data-role="assistant"]').last()).toContainText('Without it.');
  const sent = (model.requests()[0]!.body as ToolsBody).tools!.map((tool) => tool.name);
  expect(sent).not.toContain('weather_get_forecast');
  expect(sent).toContain('calendar_create_event');

  await row.getByTestId('token-bill-enable').click();
  await expect(row).toHaveAttribute('data-offered', 'true');
  await expect(total).toHaveAttribute('data-tokens', String(before));
  await say(page, 'And now?');
  await expect(page.locator('[data-testid="chat-message"][data-role="assistant"]').last()).toContainText('With it.');
  expect((model.requests()[1]!.body as ToolsBody).tools!.map((tool) => tool.name)).toContain('weather_get_forecast');
});

test('each turn shows the usage its responses reported, and its cost at the price the person entered', async ({ page, model }) => {
  model.setScript([{ text: 'Hello there.' }]);
  await openWithConfig(page, DEMO_CONFIG, ['weather']);
  await useModel(page, model, 'anthropic');
  await say(page, 'Hi');
  await expect(page.locator('[data-testid="chat-message"][data-role="assistant"]').last()).toContainText('Hello there.');
  await openAreaTab(page, 'left', 'tokens');

  // The scripted server reports input = ⌈request length / 4⌉ and output = ⌈text length / 4⌉ + 1.
  const input = Math.ceil(JSON.stringify(model.requests()[0]!.body).length / 4);
  const output = Math.ceil('Hello there.'.length / 4) + 1;
  const turn = page.locator('[data-testid="turn-usage-row"][data-turn="1"]');
  await expect(turn).toHaveAttribute('data-input', String(input));
  await expect(turn).toHaveAttribute('data-output', String(output));
  // No built-in prices: no cost until the person enters theirs.
  await expect(turn.getByTestId('turn-usage-cost')).toHaveAttribute('data-cost', '');

  await page.locator('[data-testid="price-input"][data-model="claude-test"]').fill('3');
  await page.locator('[data-testid="price-output"][data-model="claude-test"]').fill('15');
  const expected = (input * 3 + output * 15) / 1_000_000;
  await expect(turn.getByTestId('turn-usage-cost')).toHaveAttribute('data-cost', String(expected));
  await expect(page.getByTestId('turn-usage-total-cost')).toHaveAttribute('data-cost', String(expected));

  // The prices are the person's own, kept in this browser.
  await page.reload();
  await openAreaTab(page, 'left', 'tokens');
  await expect(page.locator('[data-testid="price-input"][data-model="claude-test"]')).toHaveValue('3');
});

test('the bill sorts by name and by tokens from its column headers', async ({ page }) => {
  await openWithConfig(page, DEMO_CONFIG, ['weather', 'calendar']);
  await openAreaTab(page, 'left', 'tokens');
  const rows = page.getByTestId('token-bill-row');
  await expect(rows.first()).toBeVisible();
  const names = () => rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-tool')!));
  const tokenHeader = page.locator('th', { has: page.getByTestId('token-bill-sort-tokens') });
  const toolHeader = page.locator('th', { has: page.getByTestId('token-bill-sort-tool') });
  await expect(tokenHeader).toHaveAttribute('aria-sort', 'descending');
  await page.getByTestId('token-bill-sort-tool').click();
  await expect(toolHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(tokenHeader).toHaveAttribute('aria-sort', 'none');
  const ascending = await names();
  expect(ascending).toEqual([...ascending].sort((a, b) => a.localeCompare(b)));
  await page.getByTestId('token-bill-sort-tool').click();
  await expect(toolHeader).toHaveAttribute('aria-sort', 'descending');
  expect(await names()).toEqual([...ascending].reverse());
});
