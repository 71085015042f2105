/**
 * Axe in the states the layout tests do not reach, in both themes — the guided
 * tour open (its card is a dialog: no second banner or contentinfo landmark), and a selected row on
 * each wire, also hovered (its time, format tag, direction and status stay ≥ 4.5:1).
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './model-fixture';
import { analyzeA11y, DEMO_CONFIG, openWithConfig, playDemoScene } from './helpers';

// Fresh storage: the tour opens, as on a first visit.
test.use({ tourDismissedAt: [] });

/** Landmark rules are "moderate" in axe, so they are named here: a duplicate is a failure too. */
const LANDMARK_RULES = [
  'landmark-no-duplicate-banner',
  'landmark-no-duplicate-contentinfo',
  'landmark-no-duplicate-main',
  'landmark-unique',
];

/** Axe, every rule, or only `rules` (a full run takes tens of seconds on a loaded machine). */
async function expectAxeClean(page: Page, state: string, rules?: string[]): Promise<void> {
  const results = await analyzeA11y(page, { rules });
  const failing = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical' || LANDMARK_RULES.includes(v.id));
  // Soft: every state is checked and reported, not only the first that fails.
  expect
    .soft(
      failing.map(
        (v) =>
          `${v.id}: ${v.help} (${v.nodes
            .map((n) => `${n.target.join(' ')} ${n.any[0]?.message ?? ''}`)
            .slice(0, 3)
            .join(' | ')})`,
      ),
      state,
    )
    .toEqual([]);
}

/** What a selected or hovered row can fail: the contrast of its texts. */
const ROW_RULES = ['color-contrast'];

async function select(row: Locator): Promise<void> {
  await row.click();
  await expect(row).toHaveAttribute('aria-selected', 'true');
}

for (const theme of ['light', 'dark'] as const) {
  test(`${theme}: axe finds nothing with the tour open, nor with a selected (and hovered) row on each wire`, async ({ page }) => {
    test.setTimeout(600_000);
    await page.addInitScript((saved) => localStorage.setItem('glassbox.theme', JSON.stringify(saved)), theme);
    await openWithConfig(page, DEMO_CONFIG, ['weather', 'calendar']);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);

    await expect(page.getByTestId('tour-step')).toBeVisible();
    await expectAxeClean(page, 'tour open');
    await page.getByTestId('tour-next').click();
    await expectAxeClean(page, 'tour, second step', LANDMARK_RULES);
    await page.getByTestId('tour-close').click();
    await expect(page.getByTestId('tour-step')).toHaveCount(0);

    await playDemoScene(page, 'anthropic');
    // A row selected on each wire (the model request linked to the MCP call lights up too).
    const mcpRow = page
      .getByTestId('mcp-traffic')
      .locator('[data-testid="traffic-row"][data-server="weather"][data-method="tools/call"][data-direction="out"]')
      .first();
    const modelRow = page.getByTestId('model-traffic').locator('[data-testid="model-row"][data-kind="request"]').first();
    await select(mcpRow);
    await select(modelRow);
    await expect(mcpRow).toHaveAttribute('aria-selected', 'true');
    await page.mouse.move(0, 0);
    await expectAxeClean(page, 'a selected row on each wire', ROW_RULES);
    // Hovered: the pointer stays on the row, so its hover style is what axe sees.
    for (const [wire, row] of [
      ['MCP', mcpRow],
      ['model', modelRow],
    ] as const) {
      await row.hover();
      await expectAxeClean(page, `the selected ${wire} row hovered`, ROW_RULES);
    }
  });
}
