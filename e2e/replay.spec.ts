import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { DEMO_CONFIG, expectNoSeriousA11yViolations, openWithConfig } from './helpers';
import { expect, say, test, useModel, type WireFormat } from './model-fixture';
import type { ModelServerHandle } from './servers/model-server.mjs';

type Json = Record<string, unknown>;

const FORECAST = 'weather_get_forecast';
const PARIS = { city: 'Paris', days: 1 };

/**
 * Records one Anthropic turn that called the weather server's forecast for Paris (approved), and
 * returns the recorded result as the OpenAI formats carry it: its text blocks, one per line.
 */
async function recordTurn(page: Page, model: ModelServerHandle): Promise<string> {
  await openWithConfig(page, DEMO_CONFIG, ['weather', 'calendar']);
  await useModel(page, model, 'anthropic');
  await say(page, 'What is the weather in Paris?');
  await page.getByTestId('approval-allow').click();
  await expect(page.locator('[data-testid="chat-message"][data-role="assistant"]').last()).toContainText('Original answer.');
  await expect(page.getByTestId('chat-stop')).toBeDisabled();
  await expect(toolsCalls(page)).toHaveCount(1);
  // The tool result the original model got, in Anthropic's shape.
  const messages = (model.requests()[1]!.body as { messages: Json[] }).messages;
  const result = (messages.at(-1)!['content'] as Json[])[0]!;
  expect(result['type']).toBe('tool_result');
  const content = result['content'];
  const text = typeof content === 'string' ? content : (content as Json[]).map((block) => String(block['text'])).join('\n');
  expect(text).not.toBe('');
  return text;
}

/** The tools/call requests on the MCP wire. */
function toolsCalls(page: Page) {
  return page.getByTestId('mcp-traffic').locator('[data-testid="traffic-row"][data-method="tools/call"][data-direction="out"]');
}

/** Opens the replay form of turn 1, points it at the scripted model server in `format`, and runs it. */
async function replay(page: Page, model: ModelServerHandle, format: WireFormat, options: { live?: boolean } = {}): Promise<void> {
  await page.getByTestId('turn-replay').click();
  const form = page.getByTestId('replay-target');
  // The form starts from the conversation's current settings.
  await expect(form.getByTestId('replay-target-provider')).toHaveValue('anthropic');
  await expect(form.getByTestId('replay-target-base-url')).toHaveValue(model.url);
  await expect(form.getByTestId('replay-live')).not.toBeChecked();
  await form.getByTestId('replay-target-provider').selectOption(format);
  await form.getByTestId('replay-target-model').fill('gpt-replay');
  await form.getByTestId('replay-target-base-url').fill(format === 'openai' ? `${model.url}/v1` : model.url);
  if (options.live === true) await form.getByTestId('replay-live').check();
  await form.getByTestId('replay-run').click();
}

test.describe('replaying a turn', () => {
  test.use({ monacoEditor: false });

  test('an Anthropic turn replayed in Chat Completions and in Responses gets the recorded tool result in each shape, with no new tools/call', async ({
    page,
    model,
  }) => {
    model.setScript([
      { toolCalls: [{ name: FORECAST, input: PARIS }] },
      { text: 'Original answer.' },
      { toolCalls: [{ name: FORECAST, input: { days: 1, city: 'Paris' } }] },
      { text: 'Chat Completions replay answer.' },
      { toolCalls: [{ name: FORECAST, input: PARIS }] },
      { text: 'Responses replay answer.' },
    ]);
    const recorded = await recordTurn(page, model);
    const chatBefore = await page.locator('[data-testid="chat-message"]').allTextContents();
    const originalId = await page
      .getByTestId('model-traffic')
      .locator('[data-testid="model-row"][data-kind="request"]')
      .first()
      .getAttribute('data-exchange-id');

    await replay(page, model, 'openai');
    const first = page.getByTestId('replay-result').first();
    await expect(first).toHaveAttribute('data-status', 'done');
    let requests = model.requests();
    expect(requests.map((request) => request.format)).toEqual(['anthropic', 'anthropic', 'openai', 'openai']);
    const chat = requests[3]!.body as { model: string; messages: Json[] };
    expect(chat.model).toBe('gpt-replay');
    // The original's system prompt (the servers' instructions) and user message, then the replayed call and its recorded result.
    expect(chat.messages.map((message) => message['role'])).toEqual(['system', 'user', 'assistant', 'tool']);
    expect(chat.messages[1]).toEqual({ role: 'user', content: 'What is the weather in Paris?' });
    const callId = (chat.messages[2]!['tool_calls'] as Json[])[0]!['id'];
    expect(chat.messages.find((message) => message['role'] === 'tool')).toEqual({ role: 'tool', tool_call_id: callId, content: recorded });
    await expect(toolsCalls(page)).toHaveCount(1);

    // Side by side: requests, calls, answers, tokens and time of each.
    await expect(first.getByTestId('replay-requests').locator('td[data-side="original"] [data-count]')).toHaveAttribute('data-count', '2');
    await expect(first.getByTestId('replay-requests').locator('td[data-side="replay"] [data-count]')).toHaveAttribute('data-count', '2');
    await expect(first.locator('[data-testid="replay-call"][data-side="original"]')).toContainText(`${FORECAST} {"city":"Paris","days":1}`);
    await expect(first.locator('[data-testid="replay-call"][data-side="replay"]')).toHaveAttribute('data-mismatch', 'false');
    await expect(first.locator('[data-testid="replay-call"][data-side="replay"]')).toContainText('recorded result');
    await expect(first.getByTestId('replay-answer').locator('td[data-side="original"]')).toContainText('Original answer.');
    await expect(first.getByTestId('replay-answer').locator('td[data-side="replay"]')).toContainText('Chat Completions replay answer.');
    await expect(first.getByTestId('replay-tokens').locator('td[data-side="replay"]')).toContainText(/\d+ in · \d+ out/);
    await expect(first.getByTestId('replay-time').locator('td[data-side="replay"]')).toContainText(/\d/);

    // On the model wire the replay is a branch of the original turn's first request.
    const wire = page.getByTestId('model-traffic');
    await expect(wire.locator(`[data-testid="model-row"][data-replay-of="${originalId}"]`)).toHaveCount(4);
    await expect(
      wire
        .locator(`[data-testid="model-row"][data-replay-of="${originalId}"][data-kind="request"]`)
        .first()
        .getByTestId('model-row-replay'),
    ).toBeVisible();

    await replay(page, model, 'openai-responses');
    const second = page.getByTestId('replay-result').nth(1);
    await expect(second).toHaveAttribute('data-status', 'done');
    requests = model.requests();
    expect(requests.map((request) => request.format).slice(4)).toEqual(['openai-responses', 'openai-responses']);
    const input = (requests[5]!.body as { input: Json[] }).input;
    const call = input.find((item) => item['type'] === 'function_call')!;
    expect(call).toMatchObject({ name: FORECAST, arguments: JSON.stringify(PARIS) });
    expect(input.find((item) => item['type'] === 'function_call_output')).toEqual({
      type: 'function_call_output',
      call_id: call['call_id'],
      output: recorded,
    });
    await expect(second.getByTestId('replay-answer').locator('td[data-side="replay"]')).toContainText('Responses replay answer.');
    await expect(toolsCalls(page)).toHaveCount(1);

    // The conversation itself is untouched.
    expect(await page.locator('[data-testid="chat-message"]').allTextContents()).toEqual(chatBefore);
  });

  test('"call tools live" calls the tool through the approval gate', async ({ page, model }) => {
    model.setScript([
      { toolCalls: [{ name: FORECAST, input: PARIS }] },
      { text: 'Original answer.' },
      { toolCalls: [{ name: FORECAST, input: PARIS }] },
      { text: 'Live replay answer.' },
    ]);
    await recordTurn(page, model);

    await replay(page, model, 'openai', { live: true });
    const result = page.getByTestId('replay-result');
    const card = result.getByTestId('approval-card');
    await expect(card).toContainText('Run get_forecast on weather');
    await expect(toolsCalls(page)).toHaveCount(1);
    await card.getByTestId('approval-allow').click();
    await expect(result).toHaveAttribute('data-status', 'done');
    await expect(toolsCalls(page)).toHaveCount(2);
    await expect(result.locator('[data-testid="replay-call"][data-side="replay"]')).toContainText('called live');
    await expect(result.getByTestId('replay-answer').locator('td[data-side="replay"]')).toContainText('Live replay answer.');
  });
});

test('a replayed call the original did not make is marked and not answered with a recorded result; the replay view is axe clean', async ({
  page,
  model,
}) => {
  model.setScript([
    { toolCalls: [{ name: FORECAST, input: PARIS }] },
    { text: 'Original answer.' },
    { toolCalls: [{ name: FORECAST, input: { city: 'Lima' } }] },
    { text: 'I could not check Lima.' },
  ]);
  const recorded = await recordTurn(page, model);

  await replay(page, model, 'openai');
  const result = page.getByTestId('replay-result');
  await expect(result).toHaveAttribute('data-status', 'done');
  const row = result.locator('[data-testid="replay-call"][data-side="replay"]');
  await expect(row).toHaveAttribute('data-mismatch', 'true');
  await expect(row.getByTestId('replay-mismatch')).toBeVisible();
  await expect(row).toContainText('only with other arguments');
  await expect(result).toHaveAttribute('data-mismatches', '1');

  const messages = (model.requests()[3]!.body as { messages: Json[] }).messages;
  const answer = String(messages.find((message) => message['role'] === 'tool')?.['content']);
  expect(answer).toContain('"category":"not-recorded"');
  expect(answer).not.toContain(recorded.split('\n')[0]);
  await expect(toolsCalls(page)).toHaveCount(1);

  // axe checks the replay result and the open form.
  await page.getByTestId('turn-replay').click();
  await expect(page.getByTestId('replay-target')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

/** What a replay result shows: its target, the request ids of each side, the tool calls and the answers. */
async function shownReplay(result: Locator) {
  const cells = (testId: string) => result.getByTestId(testId).locator('td').allInnerTexts();
  return {
    provider: await result.getAttribute('data-provider'),
    status: await result.getAttribute('data-status'),
    model: await cells('replay-model'),
    requests: await result
      .getByTestId('replay-request-link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('data-exchange-id'))),
    calls: await result.getByTestId('replay-call').allInnerTexts(),
    answers: await cells('replay-answer'),
    tokens: await cells('replay-tokens'),
  };
}

/** Chooses an action of the top bar's Session menu. */
async function sessionAction(page: Page, action: 'session-new' | 'session-export' | 'session-import'): Promise<void> {
  await page.getByTestId('session-menu').click();
  await page.getByTestId(action).click();
}

/** Clicks the replayed side's first request link and expects that request selected on the model wire, its detail open. */
async function showReplayedRequest(page: Page, result: Locator): Promise<void> {
  const link = result.getByTestId('replay-requests').locator('td[data-side="replay"]').getByTestId('replay-request-link').first();
  const id = await link.getAttribute('data-exchange-id');
  await expect(link).toHaveAccessibleName(`Show replayed request #${id} on the model wire`);
  // By keyboard: the link is a button.
  await link.focus();
  await page.keyboard.press('Enter');
  const wire = page.getByTestId('model-traffic');
  await expect(wire.locator(`[data-testid="model-row"][data-kind="request"][data-exchange-id="${id}"]`)).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByTestId('model-detail')).toHaveAttribute('data-exchange-id', id!);
  await expect(page.getByTestId('model-detail-tab-request')).toHaveAttribute('aria-selected', 'true');
}

test('a replay is part of the session: it is back after a reload and in an exported then imported session, and its requests open on the model wire', async ({
  page,
  model,
}) => {
  test.slow();
  model.setScript([
    { toolCalls: [{ name: FORECAST, input: PARIS }] },
    { text: 'Original answer.' },
    { toolCalls: [{ name: FORECAST, input: PARIS }] },
    { text: 'Kept replay answer.' },
  ]);
  await recordTurn(page, model);
  await replay(page, model, 'openai');
  const result = page.getByTestId('replay-result');
  await expect(result).toHaveAttribute('data-status', 'done');
  const shown = await shownReplay(result);
  expect(shown.requests).toHaveLength(4);
  expect(shown.calls.join('\n')).toContain(FORECAST);
  expect(shown.answers).toEqual(['Original answer.', 'Kept replay answer.']);
  await showReplayedRequest(page, result);

  // Reloaded: the same replay under its turn, its requests still a branch on the model wire.
  await expect(page.getByTestId('session-save-status')).toHaveAttribute('data-state', 'saved');
  await page.reload();
  await expect(result).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  expect(await shownReplay(result)).toEqual(shown);
  await expect(page.getByTestId('model-traffic').locator('[data-testid="model-row"][data-kind="request"][data-replay-of]')).toHaveCount(2);
  await showReplayedRequest(page, result);

  // Exported, the session cleared (the replay goes with it), the file imported: the replay is shown again, read-only.
  const downloading = page.waitForEvent('download');
  await sessionAction(page, 'session-export');
  const file = await readFile(await (await downloading).path(), 'utf8');
  expect((JSON.parse(file) as { replays: { replays: unknown[] } }).replays.replays).toHaveLength(1);
  await sessionAction(page, 'session-new');
  await page.getByTestId('session-new-discard').click();
  await expect(page.getByTestId('chat-message')).toHaveCount(0);
  await expect(result).toHaveCount(0);
  const chooser = page.waitForEvent('filechooser');
  await sessionAction(page, 'session-import');
  await (await chooser).setFiles({ name: 'session.json', mimeType: 'application/json', buffer: Buffer.from(file) });
  await expect(page.getByTestId('readonly-banner')).toBeVisible();
  await expect(result).toHaveAttribute('data-status', 'done');
  expect(await shownReplay(result)).toEqual(shown);
  await expect(page.getByTestId('turn-replay')).toHaveCount(0);
  await showReplayedRequest(page, result);
});
