import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, openAreaTab, openWithConfig } from './helpers';
import { expect, say, test, useModel } from './model-fixture';
import { TEST_URLS } from './test-ports';

/** Tool calls in the turn: each is one row of the chat, so the session has STEPS + 2 rows. */
const STEPS = 60;
const LAST_ANSWER = 'All sixty fills are done.';

/** The chat draws the rows in sight and 12 above and below them (chat-panel.tsx): far fewer than the session's. */
const MOST_ROWS_DRAWN = 40;

/** How many of the chat's rows are in the DOM now. */
const rowsDrawn = (page: Page) => page.locator('.chat-log [data-testid="chat-message"]').count();

/** Scrolls the chat's log to `to` (px from the top, or the bottom) and lets the virtualiser draw what is there. */
async function scrollChat(page: Page, to: number | 'bottom'): Promise<void> {
  await page.locator('.chat-log').evaluate((log, to) => log.scrollTo({ top: to === 'bottom' ? log.scrollHeight : to }), to);
}

test('a long turn draws only the chat rows in sight, follows the bottom, and keeps a focused row', async ({ page, model }) => {
  test.slow();
  model.setScript([
    ...Array.from({ length: STEPS }, () => ({ toolCalls: [{ name: 'slow_fill', input: { chars: 300 } }] })),
    { text: LAST_ANSWER },
  ]);
  await openWithConfig(page, { mcpServers: { slow: { url: TEST_URLS.lab('slow') } } }, ['slow']);
  await openAreaTab(page, 'left', 'registry');
  await page.getByTestId('tool-policy-slow_fill').selectOption('allow');
  await useModel(page, model, 'anthropic');
  await page.getByTestId('max-steps-input').fill(String(STEPS + 5));
  await page.getByTestId('max-steps-input').blur();

  // The most rows the chat ever has in the DOM while the turn runs, sampled on every frame.
  await page.evaluate(() => {
    const watch = window as unknown as { mostRows: number };
    watch.mostRows = 0;
    const sample = () => {
      watch.mostRows = Math.max(watch.mostRows, document.querySelectorAll('.chat-log [data-testid="chat-message"]').length);
      requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  });
  await say(page, 'Fill sixty times.');

  // Pinned to the bottom all along: the last answer ends the log in sight.
  const answer = page.locator('[data-testid="chat-message"][data-role="assistant"]', { hasText: LAST_ANSWER });
  await expect(answer).toBeInViewport({ timeout: 60_000 });
  expect(model.requests()).toHaveLength(STEPS + 1);
  const mostRows = await page.evaluate(() => (window as unknown as { mostRows: number }).mostRows);
  expect(mostRows).toBeGreaterThan(10);
  expect(mostRows).toBeLessThanOrEqual(MOST_ROWS_DRAWN);
  expect(await rowsDrawn(page)).toBeLessThanOrEqual(MOST_ROWS_DRAWN);

  // Scrolled to the top, the first rows are drawn (the question, the first calls) and the last are not.
  await scrollChat(page, 0);
  await expect(page.locator('[data-testid="chat-message"][data-role="user"]', { hasText: 'Fill sixty times.' })).toBeInViewport();
  await expect(answer).toHaveCount(0);
  await expect(page.locator('[data-testid="tool-call"]').first()).toContainText('step 1');
  expect(await rowsDrawn(page)).toBeLessThanOrEqual(MOST_ROWS_DRAWN);

  // A focused button keeps its row drawn while the log scrolls far away from it, and keeps the focus.
  const firstShow = page.locator('[data-testid="tool-call"]').first().getByRole('button', { name: 'Show on the wires' });
  await firstShow.focus();
  await scrollChat(page, 'bottom');
  await expect(answer).toBeInViewport();
  await expect(firstShow).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-testid="tool-call"][aria-current="true"]')).toContainText('step 1');
  // Selected, the card is scrolled back into view.
  await expect(page.locator('[data-testid="tool-call"][aria-current="true"]')).toBeInViewport();

  await expectNoSeriousA11yViolations(page);

  // Reloaded (the session is saved as the page goes), the restored conversation opens at its bottom, drawn in part.
  await page.reload();
  await expect(answer).toBeInViewport({ timeout: 30_000 });
  expect(await rowsDrawn(page)).toBeLessThanOrEqual(MOST_ROWS_DRAWN);
});
