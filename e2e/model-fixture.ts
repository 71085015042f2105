import { test as base, expect, type Page } from '@playwright/test';
import { start, type ModelServerHandle } from './servers/model-server.mjs';

/** A test with its own scripted model server on a free loopback port, stopped after the test. */
export const test = base.extend<{ model: ModelServerHandle }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take their dependencies as a destructured first argument.
  model: async ({}, use) => {
    const server = await start({ host: '127.0.0.1', port: 0, chunkDelayMs: 5 });
    await use(server);
    await server.close();
  },
});
export { expect };

/** Point the top bar at the scripted model server in the given wire format. */
export async function useModel(page: Page, model: ModelServerHandle, provider: 'anthropic' | 'openai', key = 'test-key'): Promise<void> {
  await page.getByTestId('provider-select').selectOption(provider);
  const baseUrl = provider === 'anthropic' ? model.url : `${model.url}/v1`;
  await page.getByTestId('base-url-input').fill(baseUrl);
  await page.getByTestId('base-url-input').blur();
  await page.getByTestId('api-key-input').fill(key);
  await page.getByTestId('api-key-input').blur();
  await page.getByTestId('model-input').fill(provider === 'anthropic' ? 'claude-test' : 'gpt-test');
  await page.getByTestId('model-input').blur();
}

/** Type a message and send it. */
export async function say(page: Page, text: string): Promise<void> {
  await page.getByTestId('chat-input').fill(text);
  await page.getByTestId('chat-send').click();
}
