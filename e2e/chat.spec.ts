import { DEMO_CONFIG, expectNoSeriousA11yViolations, openWithConfig } from './helpers';
import { expect, say, test, useModel, type WireFormat } from './model-fixture';
import { TEST_URLS } from './test-ports';

type Body = { messages: Array<Record<string, unknown>> };

// Only the accessibility check below looks at the whole page; the others hold Monaco's chunk back (see model-fixture.ts).
test.use({ monacoEditor: false });

/** What each format's second request carries: the tool result in the format's own shape, as the panel shows it. */
const TOOL_RESULT_JSON = { anthropic: 'tool_result', openai: 'tool_call_id', 'openai-responses': 'function_call_output' } as const;
/**
 * What the second request adds to the first: the assistant's reply (text and tool call) and the
 * tool result — two messages in the message formats, three items in Responses (text, call, output).
 */
const ADDED_ENTRIES = { anthropic: 2, openai: 2, 'openai-responses': 3 } as const;

for (const provider of ['anthropic', 'openai', 'openai-responses'] as const) {
  test(`a full tool-using turn in the ${provider} format, with both wires shown`, async ({ page, model }) => {
    model.setScript([
      { text: 'Let me check.', toolCalls: [{ name: 'weather_get_forecast', input: { city: 'Paris', days: 1 } }] },
      { echoToolResults: true },
    ]);
    await openWithConfig(page, DEMO_CONFIG, ['weather', 'calendar']);
    await useModel(page, model, provider);
    await say(page, 'What is the weather in Paris?');

    await page.getByTestId('approval-allow').click();
    const assistant = page.locator('[data-testid="chat-message"][data-role="assistant"]').last();
    await expect(assistant).toContainText('Paris');
    await expect(page.locator('[data-testid="tool-call"]')).toHaveAttribute('data-status', 'done');

    // The model wire: two requests and two responses.
    const modelPanel = page.getByTestId('model-traffic');
    await expect(modelPanel.locator('[data-testid="model-row"][data-kind="request"]')).toHaveCount(2);
    await expect(modelPanel.locator('[data-testid="model-row"][data-kind="response"]')).toHaveCount(2);
    // The MCP wire: the tools/call the model asked for.
    await expect(
      page.getByTestId('mcp-traffic').locator('[data-testid="traffic-row"][data-method="tools/call"][data-direction="out"]'),
    ).toHaveCount(1);

    // The second request carried the tool result in the provider's own shape; the key went only to the model server.
    const requests = model.requests();
    expect(requests).toHaveLength(2);
    const second = requests[1]!.body as Body;
    if (provider === 'anthropic') {
      expect(requests[1]!.headers['x-api-key']).toBe('test-key');
      const last = second.messages.at(-1) as { role: string; content: Array<{ type: string; tool_use_id?: string }> };
      expect(last.role).toBe('user');
      expect(last.content[0]!.type).toBe('tool_result');
    } else if (provider === 'openai') {
      expect(requests[1]!.headers.authorization).toBe('Bearer test-key');
      expect(second.messages.some((m) => m.role === 'tool' && typeof m.tool_call_id === 'string')).toBe(true);
    } else {
      expect(requests[1]!.headers.authorization).toBe('Bearer test-key');
      expect(requests[1]!.path).toBe('/v1/responses');
      const input = (requests[1]!.body as { input: Array<Record<string, unknown>>; store: boolean }).input;
      const call = input.find((item) => item.type === 'function_call')!;
      expect(call).toMatchObject({ name: 'weather_get_forecast', arguments: JSON.stringify({ city: 'Paris', days: 1 }) });
      expect(input.find((item) => item.type === 'function_call_output')).toMatchObject({ call_id: call.call_id });
      expect(requests[1]!.body).toMatchObject({ store: false });
      expect(requests[1]!.body).not.toHaveProperty('previous_response_id');
    }

    // The panel shows the exact JSON of the second request, in the format's own shape; the key is redacted.
    await modelPanel.locator(`[data-testid="model-row"][data-kind="request"][data-step="2"][data-provider="${provider}"]`).click();
    const detail = page.getByTestId('model-detail');
    await expect(detail).toContainText(TOOL_RESULT_JSON[provider]);
    await expect(detail).not.toContainText('test-key');
    // It shows what is new since the first request: the tool call and its result, not the settings and tools resent.
    const diff = page.getByTestId('request-diff');
    await expect(diff).toHaveAttribute('data-added', String(ADDED_ENTRIES[provider]));
    await expect(diff.getByTestId('request-diff-entry').first()).toContainText('Let me check.');
    await expect(diff.getByTestId('request-diff-entry').last()).toContainText(TOOL_RESULT_JSON[provider]);
    await expect(diff.getByTestId('request-diff-changes')).toHaveCount(0);
    await expect(detail).not.toContainText('"max_');
    await page.getByTestId('request-whole').click();
    await expect(diff).toHaveCount(0);
    await expect(detail).toContainText('"max_');
    // The same request in any other format, here the last one offered.
    await page.getByTestId('model-format-toggle').click();
    await expect(page.getByTestId('model-format-original')).toHaveAttribute('data-provider', provider);
    const [first, last] = (['anthropic', 'openai', 'openai-responses'] as const).filter((other) => other !== provider) as [
      WireFormat,
      WireFormat,
    ];
    await expect(page.getByTestId('model-format-other')).toHaveAttribute('data-provider', first);
    await page.getByTestId('model-format-target').selectOption(last);
    await expect(page.getByTestId('model-format-other')).toHaveAttribute('data-provider', last);
    await expect(page.getByTestId('model-format-other')).toContainText(TOOL_RESULT_JSON[last]);
    await page.getByTestId('model-format-toggle').click();
    // The response rows summarise each format's own words.
    await expect(modelPanel.locator('[data-testid="model-row"][data-kind="response"][data-step="1"]')).toContainText(
      'weather_get_forecast',
    );
  });
}

test.describe(() => {
  // axe checks the page as people get it, config editor included.
  test.use({ monacoEditor: true });

  test('selecting a tool call links the model response, the tools/call exchange and the next request', async ({ page, model }) => {
    model.setScript([{ toolCalls: [{ name: 'weather_get_forecast', input: { city: 'Lima' } }] }, { text: 'Done.' }]);
    await openWithConfig(page, DEMO_CONFIG, ['weather']);
    await useModel(page, model, 'anthropic');
    await say(page, 'Weather in Lima?');
    await page.getByTestId('approval-allow').click();
    await expect(page.locator('[data-testid="chat-message"][data-role="assistant"]').last()).toContainText('Done.');
    await page.getByTestId('tool-call').click();
    const mcp = page.getByTestId('mcp-traffic');
    await expect(mcp.locator('[data-testid="traffic-row"][data-method="tools/call"][data-linked="true"]').first()).toBeVisible();
    // The call's request and response name the same HTTP exchange (recorded with them), and its detail shows that exchange.
    const request = mcp.locator('[data-testid="traffic-row"][data-method="tools/call"][data-kind="request"]');
    const response = mcp.locator('[data-testid="traffic-row"][data-method="tools/call"][data-kind="response"]');
    const exchangeId = await request.getAttribute('data-exchange-id');
    expect(exchangeId).toMatch(/^\d+$/);
    await expect(response).toHaveAttribute('data-exchange-id', exchangeId!);
    await expect(response).toHaveAttribute('data-tool-call-id', (await request.getAttribute('data-tool-call-id'))!);
    await response.click();
    const exchange = page.getByTestId('traffic-message-detail').getByTestId('traffic-exchange');
    await expect(exchange).toHaveAttribute('data-exchange-id', exchangeId!);
    await expect(exchange).toContainText('tools/call');
    const modelPanel = page.getByTestId('model-traffic');
    await expect(modelPanel.locator('[data-testid="model-row"][data-kind="response"][data-step="1"][data-linked="true"]')).toBeVisible();
    await expect(modelPanel.locator('[data-testid="model-row"][data-kind="request"][data-step="2"][data-linked="true"]')).toBeVisible();
    await expect(page.getByTestId('turn-timeline-summary')).toContainText('2 requests');
    await expectNoSeriousA11yViolations(page);
  });
});

test('switching the wire format mid-chat rebuilds the same history in the other format', async ({ page, model }) => {
  model.setScript([{ toolCalls: [{ name: 'weather_get_forecast', input: { city: 'Oslo' } }] }, { text: 'Cold.' }, { text: 'Still cold.' }]);
  await openWithConfig(page, DEMO_CONFIG, ['weather']);
  await useModel(page, model, 'anthropic');
  await say(page, 'Weather in Oslo?');
  await page.getByTestId('approval-allow').click();
  await expect(page.locator('[data-testid="chat-message"][data-role="assistant"]').last()).toContainText('Cold.');

  await useModel(page, model, 'openai');
  await say(page, 'And tomorrow?');
  await expect(page.locator('[data-testid="chat-message"][data-role="assistant"]').last()).toContainText('Still cold.');
  const third = model.requests()[2]!;
  expect(third.format).toBe('openai');
  const messages = (third.body as Body).messages;
  expect(messages.some((m) => m.role === 'assistant' && Array.isArray(m.tool_calls))).toBe(true);
  expect(messages.some((m) => m.role === 'tool')).toBe(true);
  // The MCP wire did not change: one tools/call, made during the first turn.
  await expect(
    page.getByTestId('mcp-traffic').locator('[data-testid="traffic-row"][data-method="tools/call"][data-direction="out"]'),
  ).toHaveCount(1);
});

test('Stop cancels a tool call in flight with notifications/cancelled, and the conversation stays', async ({ page, model }) => {
  model.setScript([{ toolCalls: [{ name: 'slow_sleep', input: { ms: 20000 } }] }, { text: 'after stop' }]);
  await openWithConfig(page, { mcpServers: { slow: { url: TEST_URLS.lab('slow') } } }, ['slow']);
  await useModel(page, model, 'anthropic');
  await say(page, 'Sleep please');
  await page.getByTestId('approval-allow').click();
  await expect(page.getByTestId('tool-call')).toHaveAttribute('data-status', 'running');
  await page.getByTestId('chat-stop').click();
  await expect(
    page.getByTestId('mcp-traffic').locator('[data-testid="traffic-row"][data-method="notifications/cancelled"][data-direction="out"]'),
  ).toHaveCount(1);
  await expect(page.getByTestId('tool-call')).toHaveAttribute('data-status', 'failed');
  await expect(page.locator('[data-testid="chat-message"][data-role="user"]')).toContainText('Sleep please');
  // The conversation goes on.
  await say(page, 'ok');
  await expect(page.locator('[data-testid="chat-message"][data-role="assistant"]').last()).toContainText('after stop');
});

test('a 429 is retried after retry-after, and each attempt is visible', async ({ page, model }) => {
  model.setScript([{ error: { status: 429, retryAfter: 1 } }, { text: 'second time lucky' }]);
  await openWithConfig(page, DEMO_CONFIG, ['weather']);
  await useModel(page, model, 'openai');
  await say(page, 'hello');
  await expect(page.locator('[data-testid="chat-message"][data-role="assistant"]').last()).toContainText('second time lucky');
  await expect(page.getByTestId('model-traffic').locator('[data-testid="model-row"][data-kind="request"]')).toHaveCount(2);
  expect(model.requests().map((r) => r.status)).toEqual([429, 200]);
});

test('a 401 is explained, and the turn can be retried with a good key', async ({ page, model }) => {
  model.setScript([{ text: 'welcome back' }]);
  await openWithConfig(page, DEMO_CONFIG, ['weather']);
  await useModel(page, model, 'anthropic', 'bad-key');
  await say(page, 'hello');
  const error = page.getByTestId('chat-error');
  await expect(error).toHaveAttribute('data-code', 'bad-key');
  await expect(error).toContainText(/key/i);
  await expect(page.locator('[data-testid="chat-message"][data-role="user"]')).toContainText('hello');
  await page.getByTestId('api-key-input').fill('good-key');
  await page.getByTestId('api-key-input').blur();
  await page.getByTestId('chat-retry').click();
  await expect(page.locator('[data-testid="chat-message"][data-role="assistant"]').last()).toContainText('welcome back');
});
