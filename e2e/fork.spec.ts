import { DEMO_CONFIG, openWithConfig } from './helpers';
import { expect, say, test, useModel } from './model-fixture';

// The fork editor is Monaco (with the wire format's request schema) once its chunk has loaded.

const KEY = 'sk-ant-fork-secret-7788';

test('a forked model request sends exactly the edited JSON with the real key, shows as a fork with its reply, and the chat stays', async ({
  page,
  model,
}) => {
  model.setScript([{ text: 'First answer.' }, { text: 'Forked answer.' }]);
  await openWithConfig(page, DEMO_CONFIG, ['weather']);
  await useModel(page, model, 'anthropic', KEY);
  await say(page, 'Say hello');
  const messages = page.locator('[data-testid="chat-message"]');
  await expect(messages.last()).toContainText('First answer.');
  // The reply is complete (its stop reason shown) before the chat is taken as it stands: the text can
  // be drawn a moment before the end of its stream.
  await expect(messages.last()).toHaveAttribute('data-streaming', 'false');
  await expect(messages.last()).toContainText('end_turn');
  const chatBefore = await messages.allTextContents();

  const wire = page.getByTestId('model-traffic');
  const originalRow = wire.locator('[data-testid="model-row"][data-kind="request"]').first();
  const originalId = await originalRow.getAttribute('data-exchange-id');
  await originalRow.click();
  await page.getByTestId('request-fork').click();
  await expect(page.getByTestId('request-fork-surface')).toHaveAttribute('data-editor', 'monaco', { timeout: 20_000 });
  const editor = page.getByTestId('request-fork-monaco');
  // Monaco starts with the recorded body, pretty-printed: the body the server got first.
  const recorded = model.requests()[0]!.body as { messages: Array<{ role: string; content: unknown }> };
  expect(recorded.messages[0]!.role).toBe('user');
  await expect(editor).toContainText('"messages"');
  /** Replaces the whole text, typed as a person would (Monaco uses EditContext: click its lines first). */
  const replaceText = async (text: string) => {
    await editor.locator('.monaco-editor .view-lines').click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Delete');
    await page.keyboard.insertText(text);
  };

  // Invalid JSON cannot be sent.
  await replaceText('{"model":');
  await expect(page.getByTestId('request-fork-invalid')).toBeVisible();
  await expect(page.getByTestId('request-fork-send')).toBeDisabled();

  // The Anthropic request schema names what is missing (a warning: it may still be sent).
  const { max_tokens: _dropped, ...withoutMaxTokens } = recorded as Record<string, unknown>;
  await replaceText(JSON.stringify(withoutMaxTokens));
  await expect(page.getByTestId('request-fork-schema-problems')).toContainText('max_tokens');
  await expect(page.getByTestId('request-fork-send')).toBeEnabled();

  const edited = { ...recorded, messages: [{ role: 'user', content: 'Say goodbye instead' }] };
  const typed = JSON.stringify(edited, null, 1);
  await replaceText(typed);
  await expect(page.getByTestId('request-fork-schema-problems')).toHaveCount(0);
  await page.getByTestId('request-fork-send').click();
  await expect(page.getByTestId('request-fork-status')).toHaveAttribute('data-ok', 'true');

  // The server got exactly the edited JSON, with the real key.
  const requests = model.requests();
  expect(requests).toHaveLength(2);
  expect(requests[1]!.body).toEqual(edited);
  expect(requests[1]!.headers['x-api-key']).toBe(KEY);
  expect(requests[1]!.path).toBe(requests[0]!.path);

  // A new row pair, marked as a fork of the original, with the reply in its own detail.
  const forkRows = wire.locator(`[data-testid="model-row"][data-fork-of="${originalId}"]`);
  await expect(forkRows).toHaveCount(2);
  await expect(forkRows.first().getByTestId('model-row-fork')).toBeVisible();
  await wire.locator(`[data-testid="model-row"][data-fork-of="${originalId}"][data-kind="request"]`).click();
  await expect(page.getByTestId('request-fork-of')).toContainText(`#${originalId}`);
  await expect(page.getByTestId('model-request-detail')).toContainText('Say goodbye instead');
  await expect(page.getByTestId('model-key-redacted')).toContainText('redacted');
  await expect(page.getByTestId('model-request-detail')).toContainText('[redacted]');
  await wire.locator(`[data-testid="model-row"][data-fork-of="${originalId}"][data-kind="response"]`).click();
  await expect(wire).toContainText('Forked answer.');
  // The key never reaches the panel.
  await expect(wire).not.toContainText(KEY);

  // The conversation is unchanged.
  expect(await messages.allTextContents()).toEqual(chatBefore);
  await expect(page.locator('[data-testid="chat-message"]', { hasText: 'Forked answer.' })).toHaveCount(0);

  // After a reload the fork is still a fork of the original (saved with the session), its edited body intact.
  await expect(page.getByTestId('session-save-status')).toHaveAttribute('data-state', 'saved');
  await page.reload();
  await expect(forkRows).toHaveCount(2, { timeout: 30_000 });
  await expect(forkRows.first().getByTestId('model-row-fork')).toBeVisible();
  await wire.locator(`[data-testid="model-row"][data-fork-of="${originalId}"][data-kind="request"]`).click();
  await expect(page.getByTestId('request-fork-of')).toContainText(`#${originalId}`);
  await expect(page.getByTestId('model-request-detail')).toContainText('Say goodbye instead');
  expect(await messages.allTextContents()).toEqual(chatBefore);
});
