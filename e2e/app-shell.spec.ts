import type { Page, Route } from '@playwright/test';
import { expect, test } from './model-fixture';
import { configPath, DEMO_CONFIG, expectNoSeriousA11yViolations } from './helpers';

/** The page's tiny entry module (src/app/boot.ts) in the production build. */
const BOOT_CHUNK = /\/assets\/index-[\w-]+\.js$/;
/** The app's own code (everything after the tiny entry) in the production build. */
const APP_CHUNK = /\/assets\/main-[\w-]+\.js$/;

/** Holds back the responses to requests matching `pattern` until `release()`. */
async function hold(page: Page, pattern: RegExp): Promise<{ waitForRequest(): Promise<void>; release(): void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let requested!: () => void;
  const seen = new Promise<void>((resolve) => (requested = resolve));
  await page.route(pattern, async (route: Route) => {
    requested();
    await released;
    await route.continue();
  });
  return { waitForRequest: () => seen, release };
}

/** Left edge and width of each column the app shows, by panel id. */
function columns(page: Page, ids: readonly string[]): Promise<Array<{ id: string; left: number; width: number }>> {
  return page.evaluate(
    (panelIds) =>
      panelIds.map((id) => {
        const rect = document.getElementById(id)!.getBoundingClientRect();
        return { id, left: Math.round(rect.left), width: Math.round(rect.width) };
      }),
    ids,
  );
}

test.describe('app shell: the prerendered first frame', () => {
  test('the real UI paints before any script file arrives, in the saved theme and widths; the app takes over without moving it', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      localStorage.setItem('glassbox.theme', JSON.stringify('dark'));
      // The four columns' sizes in percent, as react-resizable-panels saves them (1600 px wide: left is 400 px).
      localStorage.setItem(
        'react-resizable-panels:glassbox.layout.wide',
        JSON.stringify({ 'area-left': 25, 'area-chat': 25, 'area-mcp': 25, 'area-model': 25 }),
      );
    });
    const boot = await hold(page, BOOT_CHUNK);
    const app = await hold(page, APP_CHUNK);

    await page.goto(configPath(DEMO_CONFIG), { waitUntil: 'commit' });
    // 1. Only the HTML (its inline style and scripts): the app's real first screen, in the saved
    //    dark theme and the saved widths, and that was the first contentful paint.
    await expect(page.locator('#root > .app[data-first-frame]')).toBeVisible();
    for (const title of ['Config · mcp.json', 'Chat', 'Model wire']) {
      await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
    }
    await expect(page.getByTestId('mcp-tab-mcp')).toHaveText('MCP wire');
    await expect(page.getByTestId('server-weather')).toHaveAttribute('data-status', 'connecting');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(30, 31, 34)');
    // The theme button shows the dark theme's icon (the sun) already, as the app will.
    await expect(page.getByTestId('theme-toggle').locator('.lucide-sun')).toBeVisible();
    await expect(page.getByTestId('theme-toggle').locator('.lucide-moon')).toBeHidden();
    await expect.poll(() => page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length)).toBe(1);
    expect(
      await page.evaluate(() => [...document.styleSheets].filter((sheet) => sheet.href !== null).length),
      'no style sheet file to wait for',
    ).toBe(0);
    const ids = ['area-left', 'area-chat', 'area-mcp', 'area-model'];
    const before = await columns(page, ids);
    expect(before[0]!.width).toBeCloseTo(400, -1);
    await boot.waitForRequest();

    // 2. The entry module ran and asked for the app's code, which is still held: the same screen.
    boot.release();
    await app.waitForRequest();
    expect(await columns(page, ids)).toEqual(before);

    // 3. The app draws the restored session (here: the share link's config) over it, in the same places.
    app.release();
    await expect(page.getByTestId('server-weather')).toHaveAttribute('data-status', 'connected');
    await expect(page.locator('#root > .app[data-first-frame]')).toHaveCount(0);
    await expect(page.locator('#first-frame-sizes')).toHaveCount(0);
    const after = await columns(page, ids);
    for (const [index, column] of after.entries()) {
      expect(Math.abs(column.left - before[index]!.left), column.id).toBeLessThanOrEqual(2);
      expect(Math.abs(column.width - before[index]!.width), column.id).toBeLessThanOrEqual(2);
    }
    await expectNoSeriousA11yViolations(page);
  });

  test('in a laptop window the first frame is drawn as the app draws that mode (rail, three columns, saved widths)', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.addInitScript(() => {
      localStorage.setItem(
        'react-resizable-panels:glassbox.layout.split',
        JSON.stringify({ 'area-chat': 50, 'area-mcp': 25, 'area-model': 25 }),
      );
    });
    const app = await hold(page, APP_CHUNK);
    await page.goto('/', { waitUntil: 'commit' });
    await app.waitForRequest();
    const ids = ['area-chat', 'area-mcp', 'area-model'];
    const before = await columns(page, ids);
    await expect(page.locator('#area-left')).toBeHidden();
    // The first frame's own rail and model settings button, drawn as the app draws them in this mode.
    await expect(page.locator('.app[data-first-frame] [data-testid="rail-left"]')).toBeVisible();
    const firstRail = await page.getByTestId('rail-left').boundingBox();
    await expect(page.locator('.app[data-first-frame] [data-testid="model-settings-toggle"]')).toHaveText(/Anthropic Messages · claude-/);
    const firstToggle = await page.getByTestId('model-settings-toggle').boundingBox();
    await expect(page.getByTestId('provider-select')).toBeHidden();
    const panelsTop = await page.locator('.app > .panels').evaluate((element) => element.getBoundingClientRect().top);
    app.release();
    await expect(page.getByTestId('rail-left')).toBeVisible();
    await expect(page.locator('#root > .app[data-first-frame]')).toHaveCount(0);
    const after = await columns(page, ids);
    // The saved half, as far as the wires' least width (380 px each) allows: wider than the default third.
    expect(after[0]!.width).toBeGreaterThan(440);
    for (const [index, column] of after.entries()) {
      expect(Math.abs(column.left - before[index]!.left), column.id).toBeLessThanOrEqual(2);
      expect(Math.abs(column.width - before[index]!.width), column.id).toBeLessThanOrEqual(2);
    }
    expect(await page.locator('.app > .panels').evaluate((element) => element.getBoundingClientRect().top)).toBe(panelsTop);
    expect(await page.getByTestId('rail-left').boundingBox()).toEqual(firstRail);
    expect(await page.getByTestId('model-settings-toggle').boundingBox()).toEqual(firstToggle);
  });

  test('in a narrow window the first frame shows the wires as the tabs the app will draw', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 768 });
    const app = await hold(page, APP_CHUNK);
    await page.goto('/', { waitUntil: 'commit' });
    await app.waitForRequest();
    await expect(page.locator('#area-model')).toBeHidden();
    const firstTabs = page.locator('.app[data-first-frame] #area-mcp [role="tab"]');
    await expect(firstTabs.filter({ visible: true })).toHaveText(['MCP wire', 'Logs', 'App bridge', 'Model wire']);
    await expect(page.locator('.app[data-first-frame] [data-testid="rail-left"]')).toBeVisible();
    app.release();
    await expect(page.locator('#root > .app[data-first-frame]')).toHaveCount(0);
    await expect(page.locator('[data-area="wires"] [role="tab"]')).toHaveText(['MCP wire', 'Logs', 'App bridge', 'Model wire']);
  });

  test('when the app code cannot load, the page says so instead of staying a picture', async ({ page }) => {
    await page.route(APP_CHUNK, (route) => route.abort('connectionrefused'));
    await page.goto('/');
    const alert = page.locator('#load-failure');
    await expect(alert).toContainText('Glassbox could not load its code');
    await expect(alert).toContainText('Reload the page to try again.');
    await expect(alert).toHaveAttribute('role', 'alert');
  });
});
