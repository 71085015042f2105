/**
 * The server check in the page: a server broken in one known way is checked from its card, a
 * finding opens its exchange on the MCP wire (marked `check`), a ticked tool is called by the next
 * run (and nothing else is), and the report downloads as JUnit XML.
 */
import { readFile } from 'node:fs/promises';
import { expectNoSeriousA11yViolations, openWithConfig } from './helpers';
import { expect, test } from './model-fixture';
import { start as startBroken } from './servers/broken.mjs';
import type { RunningServer } from './servers/weather.mjs';
import { TEST_PORTS, TEST_URLS } from './test-ports';

let broken: RunningServer;
const BROKEN_URL = `http://127.0.0.1:${TEST_PORTS.spare(22)}/mcp`;

test.beforeAll(async () => {
  broken = await startBroken({ flaw: 'ping-broken', port: TEST_PORTS.spare(22) });
});
test.afterAll(async () => {
  await broken?.close();
});

test('a broken server checked from its card: a finding on the wire, one tool called, JUnit', async ({ page }) => {
  await openWithConfig(page, { mcpServers: { broken: { url: BROKEN_URL } } }, ['broken']);
  await expect(page.getByTestId('server-broken')).toHaveAttribute('data-status', 'connected');
  await page.getByTestId('server-check-broken').click();

  const report = page.getByTestId('server-report-broken');
  await expect(report.getByTestId('check-run')).toHaveText('Run again');
  await expect(report.getByTestId('check-summary-protocol')).toHaveAttribute('data-verdict', 'fail');
  const finding = report.locator('[data-testid="check-finding"][data-check="protocol.ping"]');
  await expect(finding).toHaveAttribute('data-severity', 'fail');
  await expect(finding).toHaveAttribute('data-category', 'protocol');
  await expect(finding).toContainText('Expected');
  await expect(finding).toContainText('Came back');
  await expect(finding.getByTestId('check-rule')).toHaveAttribute('href', /specification\/2025-11-25\//);
  // By default no tool is called: the check's one tools/call asks for a tool that does not exist (the error it must get).
  const wire = page.getByTestId('mcp-traffic');
  const checkCalls = wire.locator('[data-testid="traffic-row"][data-method="tools/call"][data-direction="out"][data-check-run]');
  await wire.getByTestId('traffic-filter-method').selectOption('tools/call');
  await expect(checkCalls).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);

  // The finding's exchange, on the MCP wire: selected, opened and marked as the check's own.
  await finding.getByTestId('check-show-wire').click();
  const selected = wire.locator('[data-testid="traffic-row"][aria-selected="true"]');
  await expect(selected).toHaveAttribute('data-method', 'ping');
  await expect(selected).toHaveAttribute('data-check-run', /^check-/);
  await expect(selected).toContainText('check');
  await expect(page.getByTestId('traffic-detail')).toContainText('"method": "ping"');

  // The report folded while the wire is read; back to it for the next run.
  await report.getByTestId('check-undock').click();
  // One tool ticked, with arguments from the call form: the next run calls it, and says what changed.
  await report.getByTestId('check-calls').locator('summary').click();
  await report.getByTestId('check-call-get_forecast').check();
  await report.getByTestId('check-calls').getByTestId('tool-call-args').fill('{"city": "Lisbon"}');
  await report.getByTestId('check-run').click();
  await expect(report.getByTestId('check-changes')).toBeVisible();
  await wire.getByTestId('traffic-filter-method').selectOption('tools/call');
  await expect(checkCalls).toHaveCount(3);
  await wire.getByTestId('traffic-filter-text').fill('Lisbon');
  await expect(checkCalls).toHaveCount(1);

  const [download] = await Promise.all([page.waitForEvent('download'), report.getByTestId('check-export-junit').click()]);
  expect(download.suggestedFilename()).toBe('broken.check.junit.xml');
  const xml = await readFile((await download.path())!, 'utf8');
  expect(xml).toMatch(/^<\?xml/);
  expect(xml).toContain('<testsuites');
  expect(xml).toMatch(/<testcase[^>]*name="protocol\.ping"[^>]*>\s*<failure/);
});

test('the report of a server with 1,000 tools draws in under 200 ms after its checks finish', async ({ page }) => {
  await openWithConfig(page, { mcpServers: { many: { url: TEST_URLS.lab('many-tools') } } }, ['many']);
  await expect(page.getByTestId('server-many')).toHaveAttribute('data-status', 'connected');
  await page.getByTestId('server-check-many').click();
  const report = page.getByTestId('server-report-many');
  await expect(report).toHaveAttribute('data-draw-ms', /\d/, { timeout: 60_000 });
  await report.getByTestId('check-show-all').check();
  await expect(report.getByTestId('check-finding').first()).toBeVisible();
  const drawMs = Number(await report.getAttribute('data-draw-ms'));
  console.log(`report of 1,000 tools drawn ${drawMs} ms after its checks finished`);
  expect(drawMs).toBeLessThan(200);
});
