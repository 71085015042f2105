/**
 * The inbox of server-initiated requests in the browser: sampling, elicitation and roots from the
 * official everything server (2025, requests on the session) and the rounds server (2026
 * `input_required`), from the manual call form and during a chat turn.
 */
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, openWithConfig, openAreaTab } from './helpers';
import { expect, say, test, useModel } from './model-fixture';
import { start as startOdd } from './servers/malformed.mjs';
import type { RunningServer } from './servers/weather.mjs';
import { TEST_PORTS, TEST_URLS } from './test-ports';

// Nothing here looks at the config editor: Monaco's chunk is held back (see model-fixture.ts).
test.use({ monacoEditor: false });

/** Opens a tool of a server in the servers panel and runs it with these arguments. */
async function call(page: Page, server: string, tool: string, args: unknown) {
  await page.getByTestId(`tool-${server}-${tool}`).click();
  await page.getByTestId('tool-call-args').fill(JSON.stringify(args));
  await page.getByTestId('tool-call-run').click();
}

const EVERYTHING = { mcpServers: { everything: { url: TEST_URLS.everything } } };
const ROUNDS = { mcpServers: { rounds: { url: TEST_URLS.rounds } } };

test('sampling from the manual call form: approved, sent to the model marked as the server’s, and returned', async ({ page, model }) => {
  model.setScript([{ text: 'Hello from the model.' }]);
  await openWithConfig(page, EVERYTHING, ['everything']);
  await useModel(page, model, 'anthropic');
  await call(page, 'everything', 'trigger-sampling-request', { prompt: 'Say hi', maxTokens: 50 });
  const card = page.getByTestId('sampling-card');
  await expect(card).toHaveAttribute('data-status', 'pending');
  await expect(card).toContainText('everything');
  await expect(card.getByTestId('sampling-system')).toHaveValue('You are a helpful test server.');
  await expect(card.getByTestId('sampling-max-tokens')).toHaveValue('50');
  // Nothing reaches the model before the person approves.
  expect(model.requests()).toHaveLength(0);
  await card.getByTestId('sampling-system').fill('Be brief.');
  await card.getByTestId('sampling-approve').click();
  await expect(card).toHaveAttribute('data-status', 'replied');
  await expect(card.getByTestId('sampling-reply')).toContainText('Hello from the model.');
  const sent = model.requests()[0]!;
  expect(sent.body).toMatchObject({ system: 'Be brief.', max_tokens: 50 });
  expect(sent.headers['x-api-key']).toBe('test-key');
  await expect(
    page.getByTestId('model-traffic').locator('[data-testid="model-row"][data-kind="request"][data-sampling-for="everything"]'),
  ).toBeVisible();
  // The reply goes back only on the second approval.
  await expect(page.getByTestId('tool-result')).toHaveCount(0);
  await card.getByTestId('sampling-return').click();
  await expect(page.getByTestId('tool-result')).toContainText('Hello from the model.');
  await expect(card).toHaveAttribute('data-status', 'returned');
});

test('a denied sampling request never reaches the model', async ({ page, model }) => {
  await openWithConfig(page, EVERYTHING, ['everything']);
  await useModel(page, model, 'anthropic');
  await call(page, 'everything', 'trigger-sampling-request', { prompt: 'No', maxTokens: 10 });
  await page.getByTestId('sampling-deny').click();
  await expect(page.getByTestId('tool-result')).toContainText('User rejected sampling request');
  expect(model.requests()).toHaveLength(0);
});

test('elicitation from the manual call form: defaults filled, checked, then accepted; declined; cancelled', async ({ page }) => {
  await openWithConfig(page, EVERYTHING, ['everything']);
  await call(page, 'everything', 'trigger-elicitation-request', {});
  const card = page.getByTestId('elicitation-card');
  await expect(card.getByTestId('elicitation-field-integer')).toHaveValue('42');
  await expect(card.getByTestId('elicitation-field-firstLine')).toHaveValue('It was a dark and stormy night.');
  await expect(card.getByTestId('elicitation-field-legacyTitledEnum')).toHaveValue('pet-1');
  await expect(card.getByTestId('elicitation-field-legacyTitledEnum').locator('option:checked')).toHaveText('Cats');
  // Required and format checks before anything is sent.
  await card.getByTestId('elicitation-field-email').fill('not-an-email');
  await card.getByTestId('elicitation-accept').click();
  await expect(card.locator('.field-error')).toHaveCount(2);
  await expect(card).toHaveAttribute('data-status', 'pending');
  await card.getByTestId('elicitation-field-name').fill('Ada');
  await card.getByTestId('elicitation-field-email').fill('ada@example.com');
  await card.getByTestId('elicitation-field-integer').fill('7');
  await card.getByTestId('elicitation-field-check').check();
  await card.getByTestId('elicitation-accept').click();
  const result = page.getByTestId('tool-result');
  await expect(result).toContainText('User provided the requested information');
  await expect(result).toContainText('- Name: Ada');
  await expect(result).toContainText('- Favorite Integer: 7');
  await expect(result).toContainText('- Email: ada@example.com');

  await page.getByTestId('tool-call-run').click();
  await page.getByTestId('elicitation-decline').click();
  await expect(result).toContainText('declined');
  await page.getByTestId('tool-call-run').click();
  await page.getByTestId('elicitation-cancel').click();
  await expect(result).toContainText(/cancel/i);
});

test('get-roots-list answers with the roots edited in the settings, and the server is told they changed', async ({ page }) => {
  await openWithConfig(page, EVERYTHING, ['everything']);
  await openAreaTab(page, 'left', 'roots');
  const editor = page.getByTestId('roots-editor');
  await expect(editor).toContainText('no file system');
  await editor.getByTestId('root-add').click();
  await editor.getByTestId('root-uri-0').fill('file:///home/ada/project');
  await editor.getByTestId('root-name-0').fill('project');
  await editor.getByTestId('roots-save').click();
  await expect(
    page.getByTestId('mcp-traffic').locator('[data-testid="traffic-row"][data-method="notifications/roots/list_changed"]'),
  ).toHaveCount(1);
  await openAreaTab(page, 'left', 'servers');
  await call(page, 'everything', 'get-roots-list', {});
  await expect(page.getByTestId('tool-result')).toContainText('file:///home/ada/project');
  // Kept with the settings.
  await page.reload();
  await openAreaTab(page, 'left', 'roots');
  await expect(page.getByTestId('root-uri-0')).toHaveValue('file:///home/ada/project');
});

test('2026 input_required rounds go through the same cards, each round its own linked row', async ({ page, model }) => {
  model.setScript([{ text: 'A one-line summary.' }]);
  await openWithConfig(page, ROUNDS, ['rounds']);
  await useModel(page, model, 'anthropic');
  await call(page, 'rounds', 'book_table', { restaurant: 'Chez Ada' });
  const form = page.getByTestId('elicitation-card');
  await expect(form).toContainText('2026 round');
  await expect(form.getByTestId('elicitation-field-seats')).toHaveValue('2');
  await form.getByTestId('elicitation-field-name').fill('Ada');
  await form.getByTestId('elicitation-accept').click();
  await expect(page.getByTestId('tool-result')).toContainText('Booked Chez Ada for Ada, 2 seats.');
  const calls = page.getByTestId('mcp-traffic').locator('[data-testid="traffic-row"][data-method="tools/call"][data-direction="out"]');
  await expect(calls).toHaveCount(2);
  const first = await calls.nth(0).getAttribute('data-rpc-id');
  await expect(calls.nth(1)).toHaveAttribute('data-round-of', first!);

  await call(page, 'rounds', 'summarize', { text: 'A long text about many things.' });
  const sampling = page.getByTestId('sampling-card');
  await expect(sampling.getByTestId('sampling-system')).toHaveValue('Summarize the text in one sentence.');
  await expect(sampling.getByTestId('sampling-preferences')).toContainText('small');
  await sampling.getByTestId('sampling-approve').click();
  await sampling.getByTestId('sampling-return').click();
  await expect(page.getByTestId('tool-result')).toContainText('A one-line summary.');
});

test('a sampling request during a chat turn is a card under its tool call', async ({ page, model }) => {
  model.setScript([
    { toolCalls: [{ name: 'everything_trigger-sampling-request', input: { prompt: 'Inside', maxTokens: 20 } }] },
    { text: 'Sampled inside the turn.' },
    { text: 'All done.' },
  ]);
  await openWithConfig(page, EVERYTHING, ['everything']);
  await useModel(page, model, 'anthropic');
  await say(page, 'Ask the server to sample');
  await page.getByTestId('approval-allow').click();
  const card = page.getByTestId('chat').getByTestId('sampling-card');
  await card.getByTestId('sampling-approve').click();
  await expect(card.getByTestId('sampling-reply')).toContainText('Sampled inside the turn.');
  await card.getByTestId('sampling-return').click();
  await expect(page.locator('[data-testid="chat-message"][data-role="assistant"]').last()).toContainText('All done.');
  await expect(
    page.getByTestId('model-traffic').locator('[data-testid="model-row"][data-kind="request"][data-sampling-for="everything"]'),
  ).toHaveCount(1);
});

test.describe('bad and odd requests', () => {
  let odd: RunningServer;
  test.beforeAll(async () => {
    odd = await startOdd({ port: TEST_PORTS.spare(5) });
  });
  test.afterAll(async () => {
    await odd.close();
  });
  const ODD = () => ({ mcpServers: { odd: { url: odd.url } } });

  test('a malformed request is refused with a JSON-RPC error and said so; an unfillable form can still be declined', async ({ page }) => {
    await openWithConfig(page, ODD(), ['odd']);
    await call(page, 'odd', 'bad_sampling', {});
    await expect(page.getByTestId('tool-result')).toContainText('Refused (-32602)');
    await expect(page.getByTestId('inbox-refused')).toContainText('sampling/createMessage');
    await call(page, 'odd', 'impossible_form', {});
    const card = page.getByTestId('elicitation-card');
    await expect(card.getByTestId('elicitation-problems')).toContainText('the lower bound 10 is above the upper bound 1');
    await expect(card.getByTestId('elicitation-accept')).toBeDisabled();
    await card.getByTestId('elicitation-decline').click();
    await expect(page.getByTestId('tool-result')).toContainText('"action":"decline"');
    await call(page, 'odd', 'echo', { text: 'still working' });
    await expect(page.getByTestId('tool-result')).toContainText('still working');
  });

  test('URL mode: the full address with its domain highlighted, nothing loaded before the click, opened with noopener', async ({
    page,
    context,
  }) => {
    const visited: string[] = [];
    await context.route('https://login.example.co.uk/**', (route) => {
      visited.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'text/html', body: '<title>signed in</title>' });
    });
    await openWithConfig(page, ODD(), ['odd']);
    await call(page, 'odd', 'visit_link', {});
    const card = page.getByTestId('elicitation-card');
    await expect(card.getByTestId('elicitation-url')).toHaveText('https://login.example.co.uk/authorize?step=2');
    await expect(card.getByTestId('elicitation-url').locator('mark')).toHaveText('example.co.uk');
    // The server's message is text, not markup.
    await expect(card.getByTestId('elicitation-message')).toHaveText('Sign in at <b>our</b> partner');
    await expectNoSeriousA11yViolations(page);
    expect(visited).toEqual([]);
    const popup = page.waitForEvent('popup');
    await card.getByTestId('elicitation-open').click();
    const opened = await popup;
    await opened.waitForLoadState();
    expect(await opened.evaluate(() => window.opener)).toBeNull();
    expect(visited).toEqual(['https://login.example.co.uk/authorize?step=2']);
    await expect(page.getByTestId('tool-result')).toContainText('"action":"accept"');

    await call(page, 'odd', 'script_link', {});
    const script = page.getByTestId('elicitation-card');
    await expect(script.getByTestId('elicitation-problems')).toContainText('Only http and https links');
    await expect(script.getByTestId('elicitation-open')).toHaveCount(0);
    await script.getByTestId('elicitation-cancel').click();
    await expect(page.getByTestId('tool-result')).toContainText('"action":"cancel"');
  });
});
