import { expect, test, type Page, type Route } from '@playwright/test';
import { configPath, DEMO_CONFIG, expectNoSeriousA11yViolations } from './helpers';

/** The shell's tiny entry module (src/app/boot.ts) in the production build. */
const BOOT_CHUNK = /\/assets\/index-[\w-]+\.js$/;
/** The app's own code (everything after the shell's tiny entry) in the production build. */
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

test.describe('app shell', () => {
  test('the shell paints before any script file arrives, in the saved theme; then it is dressed in the saved widths, and the app replaces it', async ({ page }) => {
    await page.addInitScript(() => {
      localStorage.setItem('glassbox.theme', JSON.stringify('dark'));
      // The four columns' sizes in percent, as react-resizable-panels saves them (1600 px wide: left is 400 px).
      localStorage.setItem('react-resizable-panels:glassbox.layout.wide', JSON.stringify({ 'area-left': 25, 'area-chat': 25, 'area-mcp': 25, 'area-model': 25 }));
    });
    // Hold back first the shell's entry module, then the app's code, to look at each stage.
    const boot = await hold(page, BOOT_CHUNK);
    const app = await hold(page, APP_CHUNK);

    await page.goto(configPath(DEMO_CONFIG), { waitUntil: 'commit' });
    // 1. Only the HTML (with its inline style and theme lines): the name and the loading line,
    //    already in the saved dark theme, and that was the first contentful paint.
    const status = page.getByRole('status').filter({ hasText: 'Loading Glassbox…' });
    await expect(status).toBeVisible();
    await expect(page.locator('.shell .brand')).toBeVisible();
    await expect(page.locator('.shell .brand')).toContainText('Glassbox');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(30, 31, 34)');
    await expect.poll(() => page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length)).toBe(1);
    await expect(page.getByRole('heading', { name: 'Chat', exact: true })).toBeHidden();
    expect(await page.evaluate(() => [...document.styleSheets].filter((sheet) => sheet.href !== null).length), 'no style sheet file to wait for').toBe(0);
    await boot.waitForRequest();

    // 2. The entry module ran: the shell shows its panels, in the saved widths; the app's code is still held.
    boot.release();
    await expect(page.locator('#root > .shell')).toHaveClass(/\bdressed\b/);
    await expect(page.locator('#root > .shell')).toHaveAttribute('aria-busy', 'true');
    for (const title of ['Config · mcp.json', 'Servers', 'Chat', 'MCP wire', 'Model wire']) {
      await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
    }
    const leftWidth = await page.locator('.shell [data-area="left"]').evaluate((element) => element.getBoundingClientRect().width);
    expect(leftWidth).toBeCloseTo(400, -1);
    await app.waitForRequest();
    await expectNoSeriousA11yViolations(page);

    // 3. The app replaces the shell and keeps the widths it showed.
    app.release();
    await expect(page.getByTestId('config-editor')).toBeVisible();
    await expect(page.getByTestId('server-weather')).toHaveAttribute('data-status', 'connected');
    await expect(page.locator('#root > .shell')).toHaveCount(0);
    await expect(status).toHaveCount(0);
    const appLeftWidth = await page.locator('#area-left').evaluate((element) => element.getBoundingClientRect().width);
    expect(Math.abs(appLeftWidth - leftWidth)).toBeLessThanOrEqual(2);
  });

  test('on a later visit the shell top bar has the height of the app top bar, so the panels do not move when the app takes over', async ({ page }) => {
    await page.goto(configPath(DEMO_CONFIG));
    await expect(page.getByTestId('config-editor')).toBeVisible();
    const appPanelsTop = await page.locator('.app > .panels').evaluate((element) => element.getBoundingClientRect().top);
    const appTopBar = await page.locator('.app > .top-bar').evaluate((element) => element.getBoundingClientRect().height);
    const appBrandTop = await page.locator('.app > .top-bar .brand').evaluate((element) => element.getBoundingClientRect().top);
    // One row of controls; the shell has none, yet the panels start at the same height.
    expect(appTopBar).toBeLessThanOrEqual(40);

    const app = await hold(page, APP_CHUNK);
    await page.reload({ waitUntil: 'commit' });
    await app.waitForRequest();
    await expect(page.locator('#root > .shell')).toHaveClass(/\bdressed\b/);
    expect(await page.locator('.shell > .panels').evaluate((element) => element.getBoundingClientRect().top)).toBe(appPanelsTop);
    expect(await page.locator('.shell .brand').evaluate((element) => element.getBoundingClientRect().top)).toBe(appBrandTop);
    app.release();
    await expect(page.locator('#root > .shell')).toHaveCount(0);
    expect(await page.locator('.app > .panels').evaluate((element) => element.getBoundingClientRect().top)).toBe(appPanelsTop);
  });

  test('when the app code cannot load, the shell says so instead of staying blank', async ({ page }) => {
    await page.route(APP_CHUNK, (route) => route.abort('connectionrefused'));
    await page.goto('/');
    const status = page.locator('#shell-status');
    await expect(status).toContainText('Glassbox could not load its code');
    await expect(status).toContainText('Reload the page to try again.');
    await expect(status).toHaveAttribute('role', 'status');
  });
});
