import { test as base, expect, type Page } from '@playwright/test';
import { start, type ModelServerHandle } from './servers/model-server.mjs';

/** Monaco's chunk and its style sheet in the production build (CDP URL pattern: `*` is any run of characters). */
const MONACO_CHUNKS = '*/assets/monaco-setup-*';

export interface Fixtures {
  /** A scripted model server of the test's own on a free loopback port, stopped after the test. */
  model: ModelServerHandle;
  /**
   * Whether the page loads Monaco for the config editor, as it does for everyone (the default).
   * `test.use({ monacoEditor: false })` holds Monaco's chunk back, as a very slow network would:
   * the editor stays the plain textarea the app shows until Monaco arrives. Only for tests that
   * never look at the config editor nor scan the whole page (axe, leak and inert-content scans keep
   * it): Monaco's 3.4 MB chunk, its editor and its workers were about half the CPU of such a test.
   */
  monacoEditor: boolean;
}

/** A test with its own scripted model server; see Fixtures. */
export const test = base.extend<Fixtures>({
  monacoEditor: [true, { option: true }],
  page: async ({ page, monacoEditor }, use) => {
    if (!monacoEditor) {
      // Paused at the network layer and never resumed. Not page.route(): Playwright's routing
      // answers CORS preflights itself, which would hide the very CORS mistakes the tests look for.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Fetch.enable', { patterns: [{ urlPattern: MONACO_CHUNKS, requestStage: 'Request' }] });
    }
    await use(page);
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take their dependencies as a destructured first argument.
  model: async ({}, use) => {
    const server = await start({ host: '127.0.0.1', port: 0, chunkDelayMs: 5 });
    await use(server);
    await server.close();
  },
});
export { expect };

/** The wire formats of the top bar's `provider-select`, as the scripted model server speaks them. */
export type WireFormat = 'anthropic' | 'openai' | 'openai-responses';

/** Point the top bar at the scripted model server in the given wire format. */
export async function useModel(page: Page, model: ModelServerHandle, provider: WireFormat, key = 'test-key'): Promise<void> {
  await page.getByTestId('provider-select').selectOption(provider);
  // Chat Completions bases end in /v1; Anthropic's and the Responses API's do not.
  const baseUrl = provider === 'openai' ? `${model.url}/v1` : model.url;
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
