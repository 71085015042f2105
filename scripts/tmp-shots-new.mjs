// temporary (not committed): screenshots of this round's new screens
import { chromium } from '@playwright/test';
import { serveStatic } from '../bench/static-server.mjs';
import { start as startVersioned } from '../e2e/servers/versioned.mjs';
const out = '/tmp/shots';
const server = await serveStatic({ root: 'dist' });
const v1 = await startVersioned({ version: 1, port: 0 });
const v2 = await startVersioned({ version: 2, port: 0 });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const config = { mcpServers: { 'forecast-v1': { url: v1.url }, 'forecast-v2': { url: v2.url } } };
const frag = '#config=' + Buffer.from(JSON.stringify(config)).toString('base64url');
for (const [w, h, theme] of [[1024, 768, 'light'], [1280, 800, 'dark'], [1440, 900, 'light'], [1920, 1080, 'dark']]) {
  const context = await browser.newContext({ viewport: { width: w, height: h }, colorScheme: theme, reducedMotion: 'reduce' });
  await context.addInitScript(() => localStorage.setItem('glassbox.tour.dismissed', '1'));
  const page = await context.newPage();
  await page.goto(new URL(frag, server.url).href);
  await page.getByTestId('chat-input').waitFor();
  await page.waitForTimeout(2500);
  const rail = page.getByTestId('rail-left');
  if (await rail.isVisible() && (await rail.getAttribute('aria-expanded')) === 'false') { await rail.click(); await page.waitForTimeout(500); }
  await page.screenshot({ path: `${out}/cards-${w}-${theme}.png` });
  await page.getByTestId('server-forecast-v1').getByTestId('diff-open').click();
  await page.getByTestId('diff-screen').waitFor();
  try { await page.getByTestId('diff-pick-b').selectOption('live:forecast-v2'); } catch (e) { console.log('pick', e.message.split('\n')[0]); }
  await page.waitForTimeout(1000);
  await page.screenshot({ path: `${out}/diff-${w}-${theme}.png` });
  await page.keyboard.press('Escape');
  for (const [id, name] of [['mock-create', 'mock'], ['load-probe-forecast-v1', 'load']]) {
    { const rail = page.getByTestId('rail-left'); if (await rail.isVisible() && (await rail.getAttribute('aria-expanded')) === 'false') { await rail.click(); await page.waitForTimeout(500); } }
    const button = page.getByTestId('server-forecast-v1').getByTestId(id);
    if (await button.count()) {
      await button.click();
      await page.waitForTimeout(1500);
      await page.screenshot({ path: `${out}/${name}-${w}-${theme}.png` });
      await page.keyboard.press('Escape');
    }
  }
  await page.getByTestId('session-menu').click();
  await page.getByTestId('otel-settings-open').click();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${out}/otel-${w}-${theme}.png` });
  await context.close();
}
await browser.close(); await v1.close(); await v2.close(); await server.close?.();
process.exit(0);
