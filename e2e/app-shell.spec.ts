import { expect, test, type Route } from '@playwright/test';
import { configPath, DEMO_CONFIG, expectNoSeriousA11yViolations } from './helpers';

/** The app's own code (everything after the shell's tiny entry) in the production build. */
const APP_CHUNK = /\/assets\/main-[\w-]+\.js$/;

test.describe('app shell', () => {
  test('the shell paints before the app code arrives, dressed in the saved theme and widths, then the app replaces it', async ({ page }) => {
    await page.addInitScript(() => {
      localStorage.setItem('glassbox.theme', JSON.stringify('dark'));
      localStorage.setItem('glassbox.layout.v2', JSON.stringify({ left: 420, chat: 380, mcp: 500, config: 260 }));
    });
    // Hold the app's code back until the shell has been checked.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const held: Promise<void>[] = [];
    await page.route(APP_CHUNK, (route: Route) => {
      held.push(released.then(() => route.continue()));
    });

    await page.goto(configPath(DEMO_CONFIG));
    const status = page.getByRole('status').filter({ hasText: 'Loading Glassbox…' });
    await expect(status).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.locator('#root > .shell')).toHaveAttribute('aria-busy', 'true');
    for (const title of ['Config · mcp.json', 'Servers', 'Chat', 'MCP wire', 'Model wire']) {
      await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
    }
    const leftWidth = await page.locator('.shell .column').evaluate((element) => element.getBoundingClientRect().width);
    expect(leftWidth).toBe(420);
    // First contentful paint happened with the shell alone: the app's code was still held back.
    const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length);
    expect(fcp).toBe(1);
    expect(held.length).toBe(1);
    await expectNoSeriousA11yViolations(page);

    release();
    await expect(page.getByTestId('config-editor')).toBeVisible();
    await expect(page.getByTestId('server-weather')).toHaveAttribute('data-status', 'connected');
    await expect(page.locator('#root > .shell')).toHaveCount(0);
    await expect(status).toHaveCount(0);
    // The app keeps the widths the shell showed.
    const appLeftWidth = await page.locator('.panels > .column').evaluate((element) => element.getBoundingClientRect().width);
    expect(appLeftWidth).toBe(420);
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
