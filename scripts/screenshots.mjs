/**
 * Screenshots of the real production build (run `npx vite build` first), for the README and for
 * checking the layout at the sizes people use:
 *   node scripts/screenshots.mjs [outDir] [--all | --scenes] [--dist=dir]
 * Without --all: the README's three at 1280 × 800 (first visit, a turn with a tool call, a request's
 * detail on the model wire) into docs/screenshots/. With --all: also the first screen at 1024, 1440
 * and 1920 wide, light and dark, and the scenes with real servers beside the page (the bridge's
 * cards, the Skills tab, an eval run: scripts/screenshot-scenes.mjs) at 1024, 1280, 1440 and 1920,
 * light and dark. --scenes: only those scenes. The in-page demo servers and the scripted demo model
 * need no network; the scenes' servers listen on free loopback ports.
 */
import { mkdir } from 'node:fs/promises';
import { chromium } from '@playwright/test';
import { serveStatic } from '../bench/static-server.mjs';
import { shootServerScenes } from './screenshot-scenes.mjs';

const args = process.argv.slice(2);
const all = args.includes('--all');
const scenesOnly = args.includes('--scenes');
const outDir = args.find((arg) => !arg.startsWith('--')) ?? 'docs/screenshots';
const dist = args.find((arg) => arg.startsWith('--dist='))?.slice('--dist='.length) ?? 'dist';
await mkdir(outDir, { recursive: true });

const server = await serveStatic({ root: dist });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});

/** A fresh page at `width` × `height` in `theme`, on the first screen (tour dismissed unless `tour`), at `path` (with its fragment). */
async function open(width, height, theme, { tour = false, path = '' } = {}) {
  const context = await browser.newContext({ viewport: { width, height }, colorScheme: theme, reducedMotion: 'reduce' });
  if (!tour) await context.addInitScript(() => localStorage.setItem('glassbox.tour.dismissed', '1'));
  const page = await context.newPage();
  await page.goto(new URL(path, server.url).href);
  await page.getByTestId('chat-input').waitFor();
  // The prerendered first frame is a picture until the app takes it over.
  await page.waitForFunction(() => document.querySelector('[data-first-frame]') === null);
  await page
    .waitForFunction(
      () =>
        [...document.querySelectorAll('[data-testid^="server-"][data-status]')].every(
          (card) => card.getAttribute('data-status') !== 'connecting',
        ),
      undefined,
      { timeout: 20_000 },
    )
    .catch(() => {});
  return { page, close: () => context.close() };
}

/** The README's three at 1280 × 800. */
async function readmeShots() {
  {
    const { page, close } = await open(1280, 800, 'light', { tour: true });
    await page.screenshot({ path: `${outDir}/first-visit-1280.png` });
    await close();
  }
  {
    const { page, close } = await open(1280, 800, 'light');
    // Below 1600 px the model settings open from the top bar's button.
    const toggle = page.getByTestId('model-settings-toggle');
    if (await toggle.isVisible()) await toggle.click();
    await page.getByTestId('provider-select').selectOption('demo');
    await page.keyboard.press('Escape');
    await page.getByTestId('chat-input').fill("What's the weather in Paris, and add a reminder to take an umbrella");
    await page.getByTestId('chat-send').click();
    for (let i = 0; i < 2; i++) {
      const card = page.getByTestId('approval-card');
      await card.waitFor({ timeout: 20_000 });
      await card.getByTestId('approval-allow').click();
      await page.waitForTimeout(300);
    }
    await page.getByTestId('chat-stop').isDisabled();
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `${outDir}/tool-call-turn-1280.png` });
    await page.getByTestId('model-row').first().click();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${outDir}/model-request-detail-1280.png` });
    await close();
  }
}

/** The first screen at each size, light and dark. */
async function firstScreens() {
  for (const [width, height] of [
    [1024, 768],
    [1280, 800],
    [1440, 900],
    [1920, 1080],
    [800, 700],
  ]) {
    for (const theme of ['light', 'dark']) {
      const { page, close } = await open(width, height, theme);
      await page.screenshot({ path: `${outDir}/first-screen-${width}-${theme}.png` });
      await close();
    }
  }
}

try {
  if (!scenesOnly) await readmeShots();
  if (all) await firstScreens();
  if (all || scenesOnly) await shootServerScenes({ outDir, newPage: (path) => open(1280, 800, 'light', { path }) });
} finally {
  await browser.close();
  await server.close();
}
