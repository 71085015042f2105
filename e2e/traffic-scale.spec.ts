import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './model-fixture';
import type { Page } from '@playwright/test';
import { buildHarness } from '../bench/build.mjs';
import { serveStatic } from '../bench/static-server.mjs';
import type { StaticServer } from '../bench/static-server.mjs';
import type { SyntheticTrafficSummary } from '../bench/harness/synthetic-traffic';
import type { HarLog } from '../src/core/traffic';
import type {} from '../bench/harness/harness';

/**
 * The MCP wire panel at scale: 20,000 recorded messages through the real TrafficLog and
 * TrafficPanel (the bench harness page, built here with Vite's JS API and served on a free
 * loopback port). Functional only: counts, filtering, a far row's detail, the HAR export.
 */
const MESSAGES = 20_000;
/** The panel's row height (traffic-row.tsx ROW_HEIGHT). */
const ROW_HEIGHT = 22;
/** Rows before the first message row: the three GET streams (they start first). */
const STREAM_ROWS = 3;

test.describe.configure({ mode: 'serial' });

let buildDir = '';
let server: StaticServer | undefined;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  buildDir = await mkdtemp(path.join(os.tmpdir(), 'glassbox-traffic-scale-'));
  await buildHarness(buildDir);
  server = await serveStatic({ root: buildDir, port: 0 });
});

test.afterAll(async () => {
  await server?.close();
  if (buildDir) await rm(buildDir, { recursive: true, force: true });
});

/** Opens the harness, mounts the MCP wire panel and records `count` messages into its log. */
async function openFilled(page: Page, count: number): Promise<SyntheticTrafficSummary> {
  await page.goto(server!.url);
  await page.waitForFunction(() => document.documentElement.dataset.benchReady === 'true');
  await page.evaluate(() => window.glassboxBench.mountTraffic());
  const { summary } = await page.evaluate((n) => window.glassboxBench.fillTraffic(n), count);
  return summary;
}

/** Formats a count the way the panel does (en-US in these tests). */
const n = (value: number) => value.toLocaleString('en-US');

test('shows, filters, selects and exports every row of 20,000 messages', async ({ page }) => {
  // Generous: this machine is shared by parallel browser runs; nothing here asserts time.
  test.setTimeout(240_000);
  const summary = await openFilled(page, MESSAGES);
  expect(summary.messages).toBe(MESSAGES);
  const count = page.getByTestId('traffic-count');
  const list = page.getByTestId('traffic-list');

  // Every row is counted, yet only a screenful is in the DOM.
  await expect(count).toHaveText(`${n(summary.rows)} rows`);
  const drawn = await page.getByTestId('traffic-row').count();
  expect(drawn).toBeGreaterThan(10);
  expect(drawn).toBeLessThan(200);
  // The list follows the newest rows: the last message is drawn.
  await expect(list.locator(`[data-key="m${summary.lastSeq}"]`)).toBeVisible();

  // Filtering by method counts exactly the rows of that method, and shows only them.
  for (const method of ['tools/list', 'notifications/progress', 'tools/call']) {
    const expected = summary.byMethod[method] ?? 0;
    expect(expected).toBeGreaterThan(0);
    await page.getByTestId('traffic-filter-method').selectOption(method);
    await expect(count).toHaveText(`${n(expected)} of ${n(summary.rows)}`);
    // The list is drawn from a deferred copy of the filter: wait until it shows the filtered rows.
    await expect(page.getByTestId('traffic-row').first()).toHaveAttribute('data-method', method);
    const methods = await page.getByTestId('traffic-row').evaluateAll((rows) => rows.map((row) => (row as HTMLElement).dataset.method));
    expect(methods.length).toBeGreaterThan(0);
    expect(new Set(methods)).toEqual(new Set([method]));
  }
  // The server filter too, combined with nothing else.
  await page.getByTestId('traffic-filter-method').selectOption('');
  await page.getByTestId('traffic-filter-server').selectOption('calendar');
  await expect(count).toHaveText(`${n(summary.byServer.calendar ?? 0)} of ${n(summary.rows)}`);
  await page.getByTestId('traffic-filter-server').selectOption('');
  await expect(count).toHaveText(`${n(summary.rows)} rows`);

  // A row far from the bottom: scroll the virtualised list to it, select it, see its detail and its HTTP exchange.
  const farSeq = Math.floor(MESSAGES / 3);
  await list.evaluate(
    (element, top) => {
      element.scrollTop = top;
    },
    (farSeq - 1 + STREAM_ROWS) * ROW_HEIGHT - 100,
  );
  const farRow = list.locator(`[data-key="m${farSeq}"]`);
  await expect(farRow).toBeVisible();
  const farMethod = await farRow.getAttribute('data-method');
  await farRow.click();
  const detail = page.getByTestId('traffic-message-detail');
  await expect(detail).toHaveAttribute('data-seq', String(farSeq));
  await expect(detail).toContainText(farMethod ?? '(no method)');
  await expect(detail.getByTestId('traffic-no-exchange')).toHaveCount(0);

  // Keyboard: End selects the very last row.
  await page.keyboard.press('End');
  await expect(detail).toHaveAttribute('data-seq', String(summary.lastSeq));

  // The HAR export holds every exchange, each once.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('traffic-export-har').click()]);
  const har = JSON.parse(await readFile((await download.path())!, 'utf8')) as HarLog;
  expect(har.log.entries).toHaveLength(summary.exchanges);
  const posts = har.log.entries.filter((entry) => entry.request.method === 'POST');
  expect(posts).toHaveLength(summary.exchanges - STREAM_ROWS);
  expect(new Set(posts.map((entry) => entry.request.postData?.text)).size).toBe(posts.length);
  const lastCall = posts.filter((entry) => entry.request.postData?.text.includes('"tools/call"')).pop();
  expect(lastCall?.request.postData?.text).toContain(`"${summary.lastCity}"`);
});
