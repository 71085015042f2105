/**
 * What a host tells an MCP App view beyond input and result, with a view that speaks the bridge by
 * hand and writes down everything it hears (e2e/servers/app-lab.mjs): the arguments while the
 * model is still streaming them (tool-input-partial), the host context as the frame's width and
 * the browser's locale change, browser permissions only once the person grants them, and the
 * model context it shares going into the next model request for all to see.
 */
import type { FrameLocator, Page } from '@playwright/test';
import { SHARED_CONTEXT, start } from './servers/app-lab.mjs';
import { expectNoSeriousA11yViolations, openWithConfig, openAreaTab } from './helpers';
import { expect, say, test, useModel } from './model-fixture';

test.use({ monacoEditor: false });

const NOTE = 'a note long enough to arrive in several pieces while the model writes it';

let server: Awaited<ReturnType<typeof start>>;
let CONFIG: { mcpServers: Record<string, { url: string }> };
test.beforeAll(async () => {
  server = await start({ port: 0 });
  CONFIG = { mcpServers: { lab: { url: server.url } } };
});
test.afterAll(async () => {
  await server?.close();
});

/** What the probe view heard, as it wrote it down. */
interface ViewState {
  context: { theme?: string; locale?: string; containerDimensions?: { width?: number } } | null;
  changes: Array<Record<string, unknown>>;
  permissions: Record<string, unknown> | null;
  allows: { geolocation: boolean; clipboardWrite: boolean } | 'unknown';
  partials: Array<{ note?: string }>;
  input: { note?: string } | null;
  result: { content?: Array<{ text?: string }> } | null;
  shared: string | null;
}

async function viewState(view: FrameLocator): Promise<ViewState> {
  return JSON.parse((await view.locator('#state').textContent()) ?? 'null') as ViewState;
}

function bridgeRows(page: Page, method: string, direction: 'to-app' | 'from-app') {
  return page.locator(`[data-testid="app-bridge-row"][data-method="${method}"][data-direction="${direction}"]`);
}

test('from a chat turn: the view appears while the model writes the arguments and gets them part by part, then whole; its shared context goes into the next request', async ({
  page,
  model,
}) => {
  // A slow stream: the tool call's arguments arrive in pieces 700 ms apart.
  model.setScript([
    { toolCalls: [{ name: 'lab_probe_view', input: { note: NOTE } }], chunkDelayMs: 700 },
    { text: 'The view is open.' },
    { text: 'I see what you picked.' },
  ]);
  await openWithConfig(page, CONFIG, ['lab']);
  await useModel(page, model, 'anthropic');
  await say(page, 'Open the probe.');

  const card = page.getByTestId('tool-call');
  await expect(card).toHaveAttribute('data-status', 'streaming');
  const view = card.frameLocator('[data-testid="app-frame"]');
  // While streaming, the view already runs and hears the arguments grow.
  await expect.poll(async () => (await viewState(view)).partials.length, { timeout: 15_000 }).toBeGreaterThan(0);
  const early = await viewState(view);
  expect(early.input).toBeNull();
  for (const partial of early.partials) expect(NOTE.startsWith(partial.note ?? '')).toBe(true);
  await expect(card.getByTestId('tool-call-streaming-args')).toContainText('"note"');

  await page.getByTestId('approval-allow').click();
  await expect(card).toHaveAttribute('data-status', 'done');
  await expect.poll(async () => (await viewState(view)).result?.content?.[0]?.text).toBe(`noted: ${NOTE}`);
  const state = await viewState(view);
  expect(state.input).toEqual({ note: NOTE });
  expect(state.partials.some((partial) => partial.note !== NOTE)).toBe(true);

  // The view shares context: shown under it, then carried (once, visibly) by the next model request.
  await view.locator('#share').click();
  await expect.poll(async () => (await viewState(view)).shared).toBe('accepted');
  await expect(card.getByTestId('app-model-context')).toContainText(SHARED_CONTEXT);
  await say(page, 'What did I pick?');
  await expect(page.locator('[data-testid="chat-message"][data-role="assistant"]').last()).toContainText('I see what you picked.');
  const bodies = model.requests().map((request) => JSON.stringify(request.body));
  expect(bodies.at(-1)).toContain(SHARED_CONTEXT);
  expect(bodies.slice(0, -1).some((body) => body.includes(SHARED_CONTEXT))).toBe(false);

  await openAreaTab(page, 'mcp', 'bridge');
  await expect(bridgeRows(page, 'ui/notifications/tool-input-partial', 'to-app').first()).toBeVisible();
  await expect(bridgeRows(page, 'ui/notifications/tool-input', 'to-app')).toHaveCount(1);
  await expect(bridgeRows(page, 'ui/update-model-context', 'from-app')).toHaveCount(1);
});

test('from a manual call: the host context follows the frame width and the locale; permissions are granted only by the person, and can be taken back', async ({
  page,
}) => {
  await openWithConfig(page, CONFIG, ['lab']);
  await page.getByTestId('tool-lab-probe_view').click();
  await page.getByTestId('tool-call-args').fill(JSON.stringify({ note: 'by hand' }));
  await page.getByTestId('tool-call-run').click();

  const frame = page.getByTestId('app-frame');
  const view = page.frameLocator('[data-testid="app-frame"]');
  await expect.poll(async () => (await viewState(view)).result?.content?.[0]?.text).toBe('noted: by hand');
  const first = await viewState(view);
  // Nothing granted yet: no allow attribute, none reported, and the frame's policy allows neither.
  await expect(frame).not.toHaveAttribute('allow', /./);
  expect(first.permissions).toEqual({});
  expect(first.allows).toEqual({ geolocation: false, clipboardWrite: false });
  expect(first.context?.locale).toBe(await page.evaluate(() => navigator.language));
  const width = first.context?.containerDimensions?.width ?? 0;
  expect(width).toBeGreaterThan(100);

  // The frame widens (fullscreen, then back): the view is told its display mode and its new width each time.
  await page.getByTestId('app-fullscreen').click();
  await expect.poll(async () => (await viewState(view)).context?.containerDimensions?.width).toBeGreaterThan(width);
  expect((await viewState(view)).context).toMatchObject({ displayMode: 'fullscreen' });
  await page.getByTestId('app-fullscreen').click();
  await expect.poll(async () => (await viewState(view)).context?.containerDimensions?.width).toBe(width);
  expect((await viewState(view)).changes.filter((change) => 'containerDimensions' in change).length).toBeGreaterThanOrEqual(2);
  // The browser's language changes: the view is told the new locale.
  await page.evaluate(() => {
    Object.defineProperty(navigator, 'language', { configurable: true, get: () => 'da-DK' });
    window.dispatchEvent(new Event('languagechange'));
  });
  await expect.poll(async () => (await viewState(view)).context?.locale).toBe('da-DK');

  // The person grants what the resource asked for: the view reloads with them.
  const ask = page.getByTestId('app-permissions');
  await expect(ask).toContainText('location');
  await expect(ask).toContainText('writing to the clipboard');
  await expectNoSeriousA11yViolations(page);
  await ask.getByTestId('app-permissions-grant').click();
  await expect(frame).toHaveAttribute('allow', 'geolocation; clipboard-write');
  await expect.poll(async () => (await viewState(view)).allows).toEqual({ geolocation: true, clipboardWrite: true });
  expect((await viewState(view)).permissions).toEqual({ geolocation: {}, clipboardWrite: {} });
  // The reloaded view got its input and result again.
  await expect.poll(async () => (await viewState(view)).result?.content?.[0]?.text).toBe('noted: by hand');

  // Taken back: the view reloads without them.
  await page.getByTestId('app-permissions-revoke').click();
  await expect(frame).not.toHaveAttribute('allow', /./);
  await expect.poll(async () => (await viewState(view)).allows).toEqual({ geolocation: false, clipboardWrite: false });
});
