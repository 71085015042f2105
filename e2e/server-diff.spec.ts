/**
 * Compare in the page: two versions of the project's own server (e2e/servers/versioned.mjs) side by
 * side — one breaking, one model-visible and one compatible change; calls made on A replayed on B,
 * each answer compared; the snapshot downloaded from a card, parsed, with no secret in it; an eval
 * file run on both through the scripted model, its matrix showing the tool only B has.
 */
import { readFile } from 'node:fs/promises';
import { expectNoSeriousA11yViolations, openWithConfig } from './helpers';
import { expect, test, useModel } from './model-fixture';
import { start as startVersioned } from './servers/versioned.mjs';
import type { RunningServer } from './servers/weather.mjs';
import { TEST_PORTS } from './test-ports';

const HEADER_SECRET = 'Bearer diff-header-s3cret-0451';
const QUERY_SECRET = 'diff-query-s3cret-7734';
let v1: RunningServer;
let v2: RunningServer;

test.use({ monacoEditor: false });

test.beforeAll(async () => {
  [v1, v2] = await Promise.all([
    startVersioned({ version: 1, port: TEST_PORTS.spare(23) }),
    startVersioned({ version: 2, port: TEST_PORTS.spare(24) }),
  ]);
});
test.afterAll(async () => {
  await Promise.all([v1?.close(), v2?.close()]);
});

test('two versions compared, a call replayed on B, the snapshot exported without secrets', async ({ page }) => {
  await openWithConfig(
    page,
    {
      mcpServers: {
        v1: { url: `${v1.url}?api_key=${QUERY_SECRET}`, headers: { Authorization: HEADER_SECRET } },
        v2: { url: v2.url },
      },
    },
    ['v1', 'v2'],
  );
  await expect(page.getByTestId('server-v1')).toHaveAttribute('data-status', 'connected');
  await expect(page.getByTestId('server-v2')).toHaveAttribute('data-status', 'connected');

  // Two calls on A: one B answers alike, one B refuses (fahrenheit left v2's enum).
  for (const [tool, args] of [
    ['list_alerts', { region: 'north' }],
    ['get_forecast', { city: 'Paris', unit: 'fahrenheit' }],
  ] as const) {
    await page.getByTestId(`tool-v1-${tool}`).click();
    await page.getByTestId('tool-call-args').fill(JSON.stringify(args));
    await page.getByTestId('tool-call-run').click();
    await expect(page.getByTestId('tool-result')).toBeVisible();
    await page.getByTestId(`tool-v1-${tool}`).click();
  }

  await page.getByTestId('server-v1').getByTestId('diff-open').click();
  const screen = page.getByTestId('diff-screen');
  await expect(screen.getByTestId('diff-side-a')).toContainText('1.0.0');
  await expect(screen.getByTestId('diff-side-b')).toContainText('2.0.0');
  const rows = screen.getByTestId('diff-change');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toHaveAttribute('data-kind', 'breaking');
  await expect(rows.nth(0)).toHaveAttribute('data-path', '/tools/get_forecast/inputSchema/properties/unit/enum');
  await expect(rows.nth(0)).toContainText('"fahrenheit"');
  await expect(rows.nth(1)).toHaveAttribute('data-kind', 'model-visible');
  await expect(rows.nth(1)).toHaveAttribute('data-path', '/tools/list_alerts/description');
  await expect(rows.nth(2)).toHaveAttribute('data-kind', 'compatible');
  await expect(rows.nth(2)).toHaveAttribute('data-path', '/tools/get_air_quality');
  await expect(screen.getByTestId('diff-count-breaking')).toHaveAttribute('data-count', '1');
  // v1's snapshot from its first connection is a choice (kept once the page went idle).
  await expect(screen.getByTestId('diff-pick-b').locator('option[value="first:v1"]')).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);

  // A server compared with itself: the empty state.
  await screen.getByTestId('diff-pick-b').selectOption('live:v1');
  await expect(screen.getByTestId('diff-empty')).toBeVisible();
  await screen.getByTestId('diff-pick-b').selectOption('live:v2');

  // A file that is not a snapshot: its specific message, and nothing lost.
  await screen
    .getByTestId('diff-file-b')
    .setInputFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('{"a":1}') });
  await expect(screen.getByTestId('diff-file-error')).toContainText('notes.json: ');
  await expect(rows).toHaveCount(3);

  // Replay on B: both calls sent through v2's connection, each answer compared with v1's.
  // The tabs by keyboard: the arrow key moves from Changes to Replay on B, focus with it.
  await screen.getByTestId('diff-tab-changes').focus();
  await page.keyboard.press('ArrowRight');
  await expect(screen.getByTestId('diff-tab-replay')).toHaveAttribute('aria-selected', 'true');
  await expect(screen.getByTestId('diff-tab-replay')).toBeFocused();
  await screen.getByTestId('diff-replay-pick-list_alerts').check();
  await screen.getByTestId('diff-replay-pick-get_forecast').check();
  await screen.getByTestId('diff-replay-run').click();
  const same = screen.locator('[data-testid="diff-replay-call"][data-tool="list_alerts"]').getByTestId('diff-result');
  const differs = screen.locator('[data-testid="diff-replay-call"][data-tool="get_forecast"]').getByTestId('diff-result');
  await expect(same).toHaveAttribute('data-same', 'true');
  await expect(same).toContainText('same');
  await expect(differs).toHaveAttribute('data-same', 'false');
  await expect(differs.getByTestId('diff-result-path').first()).toHaveText(/^\//);

  // B accepted as the baseline: its pins and its kept snapshot, so v2 now against its baseline is identical.
  await screen.getByTestId('diff-accept-baseline').click();
  await expect(screen.getByTestId('diff-baseline-done')).toContainText('v2 2.0.0');
  await screen.getByTestId('diff-pick-a').selectOption('first:v2');
  await screen.getByTestId('diff-tab-changes').click();
  await expect(screen.getByTestId('diff-side-a')).toContainText('2.0.0');
  await expect(screen.getByTestId('diff-empty')).toBeVisible();

  // The snapshot from the card: it parses, and neither the header nor the query secret is in it.
  await screen.getByTestId('diff-close').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('snapshot-export-v1').click()]);
  expect(download.suggestedFilename()).toBe('v1.mcp-snapshot.json');
  const text = await readFile((await download.path())!, 'utf8');
  const snapshot = JSON.parse(text) as { format: string; server: { version: string }; tools: Array<{ name: string }> };
  expect(snapshot.format).toBe('glassbox.mcp-snapshot');
  expect(snapshot.server.version).toBe('1.0.0');
  expect(snapshot.tools.map((tool) => tool.name).sort()).toEqual(['get_forecast', 'list_alerts']);
  expect(text).not.toContain(QUERY_SECRET);
  expect(text).not.toContain('diff-header-s3cret');
});

test('evals on both: one file run against A and against B, pass rates side by side', async ({ page, model }) => {
  await openWithConfig(page, { mcpServers: { v1: { url: v1.url }, v2: { url: v2.url } } }, ['v1', 'v2']);
  await useModel(page, model, 'anthropic');
  // The file's one entry is the server under test: first A's connection, then B's.
  const file = {
    mcpServers: { forecasts: { url: v1.url } },
    targets: [{ format: 'anthropic', model: 'claude-test', baseUrl: model.url }],
    cases: [
      { name: 'alerts', prompt: 'Any alerts in the north?', expect: { calls: [{ tool: 'forecasts/list_alerts' }] } },
      { name: 'air', prompt: 'Air quality in Paris?', expect: { calls: [{ tool: 'forecasts/get_air_quality' }] } },
    ],
  };
  const side = [
    { toolCalls: [{ name: 'forecasts_list_alerts', input: { region: 'north' } }] },
    { text: 'No alerts.' },
    { toolCalls: [{ name: 'forecasts_get_air_quality', input: { city: 'Paris' } }] },
    { text: 'AQI 42.' },
  ];
  model.setScript([...side, ...side]);
  await page.getByTestId('server-v1').getByTestId('diff-open').click();
  const screen = page.getByTestId('diff-screen');
  await screen.getByTestId('diff-tab-evals').click();
  await screen
    .getByTestId('diff-evals-file')
    .setInputFiles({ name: 'forecasts.evals.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
  await expect(screen.getByTestId('diff-evals-name')).toContainText('2 cases');
  await screen.getByTestId('diff-evals-run').click();
  await expect(screen.getByTestId('diff-evals-run')).toBeEnabled({ timeout: 30_000 });
  await expect(screen.getByTestId('diff-evals-problem')).toHaveCount(0);
  // get_air_quality exists only on B (v2): the air case fails on A and passes on B.
  const cases = screen.getByTestId('diff-evals-case');
  await expect(cases.nth(0)).toContainText(/alerts\s*100%\s*100%/);
  await expect(cases.nth(1)).toContainText(/air\s*0%\s*100%/);
  await expect(screen.getByTestId('diff-evals-rate-a')).toHaveText('50%');
  await expect(screen.getByTestId('diff-evals-rate-b')).toHaveText('100%');
});
