/**
 * Resources, resource templates, prompts and completions from the server card, in both eras: the
 * official everything server (2025, sessions, subscriptions) and the library server (2026-07-28,
 * stateless, with the bad inputs). What is attached or inserted reaches the next model request.
 */
import type { Page } from '@playwright/test';
import { start as startLibrary, TICKER_URI, WELCOME_TEXT } from './servers/library.mjs';
import type { RunningServer } from './servers/weather.mjs';
import { expectNoSeriousA11yViolations, openWithConfig } from './helpers';
import { expect, say, test, useModel } from './model-fixture';
import { TEST_PORTS, TEST_URLS } from './test-ports';

test.use({ monacoEditor: false });

const EVERYTHING = { mcpServers: { everything: { url: TEST_URLS.everything } } };
const README = 'demo://resource/static/document/instructions.md';

let library: RunningServer;
test.beforeAll(async () => {
  library = await startLibrary({ port: TEST_PORTS.spare(7) });
});
test.afterAll(async () => {
  await library.close();
});

/** Opens a server's resources or prompts tab. */
async function openTab(page: Page, server: string, tab: 'resources' | 'prompts') {
  await expect(page.getByTestId(`server-${server}`)).toHaveAttribute('data-status', 'connected');
  await page.getByTestId(`contents-tab-${tab}-${server}`).click();
}

/** The MCP wire's request rows of one method. */
const mcpRequests = (page: Page, method: string) =>
  page.getByTestId('mcp-traffic').locator(`[data-testid="traffic-row"][data-method="${method}"][data-kind="request"]`);

test('everything: resources listed, read as text, a template filled from a completion and read as a blob', async ({ page }) => {
  await openWithConfig(page, EVERYTHING, ['everything']);
  await openTab(page, 'everything', 'resources');
  const list = page.getByTestId('resources-everything');
  await expect(list.locator(`[data-testid="resource-item"][data-uri="${README}"]`)).toBeVisible();
  await expect(
    list.locator('[data-testid="resource-template"][data-uri-template="demo://resource/dynamic/blob/{resourceId}"]'),
  ).toBeVisible();

  await list.locator(`[data-testid="resource-item"][data-uri="${README}"]`).click();
  const content = page.getByTestId('resource-content');
  await expect(content).toHaveAttribute('data-uri', README);
  await expect(content.locator('[data-kind="text"]')).toContainText('Everything');
  await expect(mcpRequests(page, 'resources/read')).not.toHaveCount(0);

  await list.locator('[data-testid="resource-template"][data-uri-template="demo://resource/dynamic/blob/{resourceId}"]').click();
  // Reading with the variable empty is refused before anything is sent.
  await page.getByTestId('resource-template-read').click();
  await expect(page.getByTestId('template-error')).toContainText('Fill in resourceId');
  await page.getByTestId('template-var-resourceId').fill('42');
  await expect(mcpRequests(page, 'completion/complete')).not.toHaveCount(0);
  await page.getByTestId('resource-template-read').click();
  await expect(content).toHaveAttribute('data-uri', 'demo://resource/dynamic/blob/42');
  // A text/plain blob is decoded and shown as text.
  await expect(content.locator('[data-kind="text"]')).toContainText('Resource 42: This is a base64 blob');

  // A value the server refuses comes back as its coded error; the rest keeps working.
  await page.getByTestId('template-var-resourceId').fill('0');
  await page.getByTestId('resource-template-read').click();
  await expect(page.getByTestId('resource-error')).toContainText('Unknown resource');
  await expect(page.getByTestId('resource-error')).toHaveAttribute('data-code', /^-?\d+$/);
  await expectNoSeriousA11yViolations(page);
});

test('everything: a prompt filled with a completion, fetched, inserted, and carried by the next model request', async ({ page, model }) => {
  model.setScript([{ text: 'Alice it is.' }]);
  await openWithConfig(page, EVERYTHING, ['everything']);
  await useModel(page, model, 'anthropic');
  await openTab(page, 'everything', 'prompts');
  await page.getByTestId('prompts-everything').locator('[data-testid="prompt-item"][data-name="completable-prompt"]').click();
  await page.getByTestId('prompt-arg-department').fill('Eng');
  await page.getByTestId('completion-option').filter({ hasText: 'Engineering' }).click();
  await expect(page.getByTestId('prompt-arg-department')).toHaveValue('Engineering');
  // The second argument's suggestions depend on the first (context.arguments).
  await page.getByTestId('prompt-arg-name').click();
  await page.getByTestId('completion-option').filter({ hasText: 'Alice' }).click();
  await page.getByTestId('prompt-get').click();
  await expect(page.getByTestId('prompt-messages')).toContainText('Please promote Alice to the head of the Engineering team.');
  await page.getByTestId('prompt-insert').click();
  await expect(page.locator('[data-testid="chat-message"][data-role="user"]').first()).toContainText('Please promote Alice');
  await say(page, 'Do it.');
  await expect(page.locator('[data-testid="chat-message"][data-role="assistant"]').last()).toContainText('Alice it is.');
  const body = JSON.stringify(model.requests().at(-1)?.body);
  expect(body).toContain('Please promote Alice to the head of the Engineering team.');
  expect(body).toContain('Do it.');
});

test('everything: a subscribed resource updates live, and an attached resource is in the next model request', async ({ page, model }) => {
  model.setScript([{ text: 'Read it.' }]);
  await openWithConfig(page, EVERYTHING, ['everything']);
  await useModel(page, model, 'openai');
  await openTab(page, 'everything', 'resources');
  await page.getByTestId('resources-everything').locator(`[data-testid="resource-item"][data-uri="${README}"]`).click();
  await page.getByTestId('resource-subscribe').check();
  await expect(page.getByTestId('resource-updates')).toHaveAttribute('data-updates', '0');
  await expect(mcpRequests(page, 'resources/subscribe')).toHaveCount(1);
  // The reference server sends updates of subscribed resources once this tool turns them on.
  await page.getByTestId('tool-everything-toggle-subscriber-updates').click();
  await page.getByTestId('tool-call-run').click();
  await expect(page.getByTestId('resource-updates')).not.toHaveAttribute('data-updates', '0', { timeout: 15_000 });

  await page.getByTestId('resource-attach').click();
  await expect(page.getByTestId('attachment-chip')).toContainText(README);
  await say(page, 'Summarize the attachment.');
  await expect(page.locator('[data-testid="chat-message"][data-role="assistant"]').last()).toContainText('Read it.');
  await expect(page.getByTestId('attachment-chip')).toHaveCount(0);
  const body = JSON.stringify(model.requests().at(-1)?.body);
  // Chat Completions: an all-text user message is one string (its builder's rule); the resource follows the text.
  expect(body).toContain(`"role":"user","content":"Summarize the attachment.\\n\\nResource ${README} (text/markdown`);

  await page.getByTestId('resource-subscribe').uncheck();
  await expect(mcpRequests(page, 'resources/unsubscribe')).toHaveCount(1);
});

test('2026 library: read by type, a 20 MB resource offered as a download, coded errors, a prompt and an attachment on the Responses wire', async ({
  page,
  model,
}) => {
  model.setScript([{ text: 'Epic choice.' }]);
  await openWithConfig(page, { mcpServers: { library: { url: library.url } } }, ['library']);
  await expect(page.getByTestId('server-library')).toHaveAttribute('data-era', 'modern');
  await useModel(page, model, 'openai-responses');
  await openTab(page, 'library', 'resources');
  const list = page.getByTestId('resources-library');
  const content = page.getByTestId('resource-content');

  await list.locator('[data-testid="resource-item"][data-uri="library://catalog.json"]').click();
  await expect(content.locator('[data-kind="json"]')).toContainText('Nineteen Eighty-Four');
  await list.locator('[data-testid="resource-item"][data-uri="library://cover.png"]').click();
  await expect(content.locator('[data-kind="image"] img')).toBeVisible();

  await list.locator('[data-testid="resource-item"][data-uri="library://archive/huge.bin"]').click();
  await expect(content.locator('[data-kind="too-large"]')).toContainText('20.0 MB', { timeout: 30_000 });
  await expect(page.getByTestId('resource-download')).toContainText('application/octet-stream');

  await list.locator('[data-testid="resource-item"][data-uri="library://broken"]').click();
  await expect(page.getByTestId('resource-error')).toHaveAttribute('data-code', '-32603');
  await expect(page.getByTestId('resource-error')).toContainText('shelf collapsed');

  await list.locator('[data-testid="resource-template"][data-uri-template="library://books/{isbn}"]').click();
  await page.getByTestId('template-var-isbn').fill('97804');
  await page.getByTestId('completion-option').filter({ hasText: '9780451524935' }).click();
  await page.getByTestId('resource-template-read').click();
  await expect(content).toContainText('Nineteen Eighty-Four (ISBN 9780451524935)');
  await page.getByTestId('template-var-isbn').fill('123');
  await page.getByTestId('resource-template-read').click();
  await expect(page.getByTestId('resource-error')).toContainText('No book with ISBN 123');

  await list.locator('[data-testid="resource-item"][data-uri="library://notes/welcome"]').click();
  await expect(content).toContainText(WELCOME_TEXT);
  await page.getByTestId('resource-attach').click();

  await page.getByTestId(`contents-tab-prompts-library`).click();
  await page.getByTestId('prompts-library').locator('[data-testid="prompt-item"][data-name="recommend"]').click();
  await page.getByTestId('prompt-get').click();
  await expect(page.getByRole('alert').filter({ hasText: 'Required: genre' })).toBeVisible();
  await page.getByTestId('prompt-arg-genre').fill('ep');
  await page.getByTestId('completion-option').filter({ hasText: 'epic' }).click();
  await page.getByTestId('prompt-get').click();
  await expect(page.getByTestId('prompt-messages')).toContainText('Recommend one epic book from our catalog.');
  await page.getByTestId('prompt-insert').click();
  await say(page, 'Go on.');
  await expect(page.locator('[data-testid="chat-message"][data-role="assistant"]').last()).toContainText('Epic choice.');
  const body = JSON.stringify(model.requests().at(-1)?.body);
  expect(body).toContain('"type":"input_text","text":"Recommend one epic book from our catalog."');
  expect(body).toContain(`"type":"input_text","text":"Resource library://notes/welcome (text/markdown`);
});

test('2026 library: a subscribed resource updates live over its own subscriptions/listen stream, and unsubscribing closes it', async ({
  page,
}) => {
  await openWithConfig(page, { mcpServers: { library: { url: library.url } } }, ['library']);
  await expect(page.getByTestId('server-library')).toHaveAttribute('data-era', 'modern');
  await openTab(page, 'library', 'resources');
  await page.getByTestId('resources-library').locator(`[data-testid="resource-item"][data-uri="${TICKER_URI}"]`).click();
  const content = page.getByTestId('resource-content');
  await expect(content).toContainText('The reader is on page');
  const page0 = Number(/page (\d+)/.exec((await content.textContent()) ?? '')?.[1]);
  const listens = await mcpRequests(page, 'subscriptions/listen').count();
  await page.getByTestId('resource-subscribe').check();
  await expect(page.getByTestId('resource-updates')).toHaveAttribute('data-updates', '0');
  await expect(mcpRequests(page, 'subscriptions/listen')).toHaveCount(listens + 1);
  await expect(mcpRequests(page, 'resources/subscribe')).toHaveCount(0);

  await page.getByTestId('tool-library-turn_page').click();
  await page.getByTestId('tool-call-run').click();
  await expect(page.getByTestId('resource-updates')).toHaveAttribute('data-updates', '1', { timeout: 15_000 });
  await expect(content).toContainText(`The reader is on page ${page0 + 1}.`);

  await page.getByTestId('resource-subscribe').uncheck();
  await expect(page.getByTestId('resource-updates')).toHaveCount(0);
  await expect(
    page.getByTestId('mcp-traffic').locator('[data-testid="traffic-row"][data-method="notifications/cancelled"]'),
  ).not.toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});
