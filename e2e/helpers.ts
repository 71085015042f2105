import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';
import { TEST_URLS } from './test-ports';

/** base64url of UTF-8 text, as the app's #config= fragment expects. */
export function base64Url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A page path that applies this mcp.json text on load (no clicks). */
export function configPath(config: unknown): string {
  const text = typeof config === 'string' ? config : JSON.stringify(config, null, 2);
  return `/#config=${base64Url(text)}`;
}

/** The two demo servers on their test ports. */
export const DEMO_CONFIG = {
  mcpServers: {
    weather: { url: TEST_URLS.weather },
    calendar: { url: TEST_URLS.calendar },
  },
};

/**
 * Waits until the app has taken over from the prerendered first frame: its restored session
 * replaces that frame's elements, so a handle taken on one before then would come back detached.
 */
export async function expectAppTookOver(page: Page): Promise<void> {
  await expect(page.locator('#root > .app[data-first-frame]')).toHaveCount(0);
}

/** Open the app with a config and wait until the given servers reach a final state. */
export async function openWithConfig(page: Page, config: unknown, settled: string[] = []): Promise<void> {
  await page.goto(configPath(config));
  await expectAppTookOver(page);
  for (const name of settled) {
    await expect(page.getByTestId(`server-${name}`)).toHaveAttribute('data-status', /connected|failed|disabled|needs-sign-in/);
  }
}

/** Both demo servers connected, each in its era: weather 2025 (initialize, a session), calendar 2026-07-28 (stateless). */
export async function expectDemoServersInTheirEras(page: Page): Promise<void> {
  await expect(page.getByTestId('server-weather')).toHaveAttribute('data-status', 'connected');
  await expect(page.getByTestId('server-calendar')).toHaveAttribute('data-status', 'connected');
  await expect(page.getByTestId('server-weather')).toHaveAttribute('data-era', 'legacy');
  await expect(page.getByTestId('server-calendar')).toHaveAttribute('data-era', 'modern');
  await expect(page.getByTestId('session-weather')).toContainText(/Mcp-Session-Id: [0-9a-f-]{36}/);
  await expect(page.getByTestId('session-calendar')).toHaveCount(0);
}

/** axe-core's minified build: the same version @axe-core/playwright injects (it injects the 1.3 MB unminified one). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs axe on the page (every rule, or only `rules`; the whole page, or only `include`).
 *
 * A page of one frame is checked with one `axe.run` in the page, axe injected once per page load.
 * That is what @axe-core/playwright's AxeBuilder does too, less its work for frames: per scan it
 * injects the unminified axe again, runs `axe.runPartial`, opens a blank page, injects axe there
 * and merges the frames' results with `axe.finishRun` — about half of a scan's time, for nothing
 * when there is no frame. A page with frames (an MCP App's view) still goes through AxeBuilder.
 */
export async function analyzeA11y(page: Page, { include, rules }: { include?: string; rules?: string[] } = {}): Promise<AxeResults> {
  if (page.frames().length > 1) {
    let builder = new AxeBuilder({ page });
    if (include) builder = builder.include(include);
    if (rules) builder = builder.withRules(rules);
    return builder.analyze();
  }
  if (!(await page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function'))) await page.evaluate(AXE_SOURCE);
  // The context and options AxeBuilder would pass (its normalizeContext and withRules).
  const context = { include: include ? [include] : [], exclude: [] };
  const options = rules ? { runOnly: { type: 'rule', values: rules } } : {};
  type Axe = { run(context: unknown, options: unknown): Promise<AxeResults> };
  return page.evaluate(({ context, options }) => (window as unknown as { axe: Axe }).axe.run(context, options), { context, options });
}

/** Run axe and fail on serious or critical violations. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const results = await analyzeA11y(page);
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')})`,
    ),
  ).toEqual([]);
}

/** The scene the scripted demo model plays. */
const DEMO_SCENE = "What's the weather in Paris, and add a reminder to take an umbrella";

/**
 * Picks the scripted demo model speaking `speaks`, sends its scene, approves get_forecast and
 * add_reminder as the gate asks, and waits for the final answer.
 */
export async function playDemoScene(page: Page, speaks: 'anthropic' | 'openai'): Promise<void> {
  await page.getByTestId('provider-select').selectOption('demo');
  await page.getByLabel('Demo speaks').selectOption(speaks === 'openai' ? 'demo-openai' : 'demo-anthropic');
  const answers = page.locator('[data-testid="chat-message"][data-role="assistant"]');
  const before = await answers.filter({ hasText: 'Here is what the weather server said about Paris' }).count();
  await page.getByTestId('chat-input').fill(DEMO_SCENE);
  await page.getByTestId('chat-send').click();
  for (const asked of ['Run get_forecast on weather', 'add_reminder']) {
    const card = page.getByTestId('approval-card');
    await expect(card).toContainText(asked);
    await card.getByTestId('approval-allow').click();
  }
  await expect(answers.filter({ hasText: 'Here is what the weather server said about Paris' })).toHaveCount(before + 1);
  // The answer's first words arrive while it still streams: the scene is over when the turn is.
  await expect(page.getByTestId('chat-stop')).toBeDisabled();
}

/** Opens a tool on a server's card, calls it from the form with `args`, and returns the result box once it shows. */
export async function callToolByHand(page: Page, server: string, tool: string, args: unknown = {}): Promise<Locator> {
  const button = page.getByTestId(`tool-${server}-${tool}`);
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  const detail = page.getByTestId(`server-${server}`).locator('.tool-detail');
  await detail.getByTestId('tool-call-args').fill(JSON.stringify(args));
  await detail.getByTestId('tool-call-run').click();
  const result = detail.getByTestId('tool-result');
  await expect(result).toBeVisible();
  return result;
}

/**
 * Shows a tab of an area (`<area>-tab-<tab>`) as a person would: by its tab when the strip draws it,
 * else from the strip's "N more" menu (a tab that does not fit whole is not drawn).
 */
export async function openAreaTab(page: Page, area: string, tab: string): Promise<void> {
  // The first frame's strip is a picture (its menu would go with it when the app takes over), and
  // until the strip has measured its tabs it draws them all (those that do not fit clipped away).
  await expectAppTookOver(page);
  const button = page.getByTestId(`${area}-tab-${tab}`);
  await expect(page.locator('[role="tablist"][data-fitted]').filter({ has: button })).toHaveCount(1);
  if (await button.isVisible()) await button.click();
  else {
    await page.getByTestId(`${area}-tabs-more`).click();
    await page.getByTestId(`${area}-tabs-more-${tab}`).click();
  }
  await expect(button).toHaveAttribute('aria-selected', 'true');
}
