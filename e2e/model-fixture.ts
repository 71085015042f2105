import { test as base, expect, type Page } from '@playwright/test';
import { start, type ModelServerHandle } from './servers/model-server.mjs';
import { PREVIEW_PORT, STATIC_PORT } from './test-ports';

/** Monaco's chunk and its style sheet in the production build (CDP URL pattern: `*` is any run of characters). */
const MONACO_CHUNKS = '*/assets/monaco-setup-*';

/** The key the app sets once the guided tour is closed (src/features/tour/tour-dismissed.ts). */
const TOUR_DISMISSED_KEY = 'glassbox.tour.dismissed';

export interface Fixtures {
  /**
   * The origins whose localStorage says the guided tour was closed before, so its card never
   * stands in the way: by default the preview server's and the static host's (e2e/static-host.spec.ts).
   * `test.use({ tourDismissedAt: [] })` starts from empty storage, as a first visit does.
   *
   * Set by an init script before any of the page's own scripts, in every document of those
   * origins: the same storage the app meets as with Playwright's `storageState`, without the page
   * that `storageState` opens and navigates to each origin as every context is made (about a
   * second per test). The app only ever sets this key, never removes it, so setting it again on
   * a reload changes nothing.
   */
  tourDismissedAt: string[];
  /** A scripted model server of the test's own on a free loopback port, stopped after the test. */
  model: ModelServerHandle;
  /**
   * Whether the page may load Monaco (the default): the config editor loads it on its first use (a
   * pointer over it, or its focus), the eval and fork editors when they open.
   * `test.use({ monacoEditor: false })` holds Monaco's chunk back, as a very slow network would:
   * the editor stays the plain textarea the app shows until Monaco arrives. Only for tests that
   * never look at the config editor nor scan the whole page (axe, leak and inert-content scans keep
   * it): Monaco's 3.4 MB chunk, its editor and its workers were about half the CPU of such a test.
   */
  monacoEditor: boolean;
}

/** The tests' `test`: the guided tour dismissed, and a scripted model server of the test's own on demand; see Fixtures. */
export const test = base.extend<Fixtures>({
  tourDismissedAt: [[PREVIEW_PORT, STATIC_PORT].map((port) => `http://127.0.0.1:${port}`), { option: true }],
  context: async ({ context, tourDismissedAt }, use) => {
    if (tourDismissedAt.length > 0) {
      await context.addInitScript(
        ({ origins, key }) => {
          if (!origins.includes(location.origin)) return;
          try {
            localStorage.setItem(key, '1');
          } catch {
            // No storage here (a sandboxed frame): nothing to set.
          }
        },
        { origins: tourDismissedAt, key: TOUR_DISMISSED_KEY },
      );
    }
    await use(context);
  },
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
