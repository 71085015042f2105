/**
 * The load probe in the page: from a connected card, 200 tools/call requests whose count the
 * server confirms, recorded as one aggregate row on the MCP wire (not a row per request); then a
 * second, longer probe stopped midway: it stops at once (fewer answered than asked) and no request
 * reaches the server after Stop. The server (e2e/servers/load-target.mjs) counts its echo calls.
 */
import { expectNoSeriousA11yViolations, openWithConfig } from './helpers';
import { expect, test } from './model-fixture';
import { start as startTarget } from './servers/load-target.mjs';
import { TEST_PORTS } from './test-ports';

let target: Awaited<ReturnType<typeof startTarget>>;

test.beforeAll(async () => {
  target = await startTarget({ port: TEST_PORTS.spare(27) });
});
test.afterAll(async () => {
  await target?.close();
});

test('a probe of 200 requests the server counts, one row on the wire; a second probe stopped midway', async ({ page }) => {
  await openWithConfig(page, { mcpServers: { target: { url: target.url } } }, ['target']);
  await expect(page.getByTestId('server-target')).toHaveAttribute('data-status', 'connected');
  await page.getByTestId('load-probe-target').click();
  const panel = page.getByTestId('load-probe-panel-target');
  await expect(panel.getByTestId('load-plot-latency')).toHaveCount(0);

  // A probe never starts by itself: nothing reached the server yet.
  const before = target.count().echo;
  await panel.getByTestId('load-method').selectOption('tools/call');
  await panel.getByTestId('load-tool').selectOption('echo');
  await expect(panel.getByTestId('load-args')).toHaveValue(/"text": ""/);
  await panel.getByTestId('load-args').fill('{"text": "hi"}');
  await panel.getByTestId('load-concurrency-input').fill('6');
  await panel.getByTestId('load-requests').fill('200');
  expect(target.count().echo).toBe(before);
  await panel.getByTestId('load-start').click();

  const count = panel.getByTestId('load-count');
  await expect(count).toHaveAttribute('data-completed', '200', { timeout: 60_000 });
  await expect(panel).not.toHaveAttribute('data-running', 'true');
  await expect(count).toHaveAttribute('data-errors', '0');
  expect(target.count().echo - before).toBe(200);
  await expect(panel.getByTestId('load-concurrency')).toHaveAttribute('data-asked', '6');
  const reached = Number(await panel.getByTestId('load-concurrency').getAttribute('data-reached'));
  expect(reached).toBeGreaterThanOrEqual(1);
  expect(reached).toBeLessThanOrEqual(6);
  await expect(panel.getByTestId('load-plot-latency')).toHaveAttribute('data-points', '200');
  await expect(panel.getByTestId('load-plot-histogram').locator('canvas')).toHaveCount(1);
  await expect(panel.getByTestId('load-percentiles')).toContainText('p99');
  await expect(panel.getByTestId('load-consistency')).toHaveAttribute('data-consistent', 'true');

  // The wire: one row for the probe, none per request.
  const wire = page.getByTestId('mcp-traffic');
  const loadRows = wire.locator('[data-testid="traffic-row"][data-method="HTTP LOAD"]');
  await expect(loadRows).toHaveCount(1);
  await expect(loadRows).toContainText('200 answered');
  // No tools/call of the probe has a row of its own (the method is not even among the filter's choices).
  await expect(wire.locator('[data-testid="traffic-row"][data-method="tools/call"]')).toHaveCount(0);
  await expect(wire.getByTestId('traffic-filter-method').locator('option[value="tools/call"]')).toHaveCount(0);
  expect(await wire.locator('[data-testid="traffic-row"]').count()).toBeLessThan(20);
  // Its detail: the figures and a few sampled exchanges, each whole.
  await loadRows.click();
  await expect(page.getByTestId('traffic-load-figures')).toContainText('200 answered (0 errors)');
  await expect(page.getByTestId('traffic-load-sample')).toHaveCount(3);
  await expectNoSeriousA11yViolations(page);

  // A second probe, long (each answer held 20 ms), stopped midway.
  await panel.getByTestId('load-args').fill('{"text": "hi", "delayMs": 20}');
  await panel.getByTestId('load-requests').fill('5000');
  const second = target.count().echo;
  await panel.getByTestId('load-start').click();
  await expect(panel).toHaveAttribute('data-running', 'true');
  await expect.poll(() => target.count().echo - second, { timeout: 30_000 }).toBeGreaterThan(30);
  await panel.getByTestId('load-stop').click();
  await expect(panel).not.toHaveAttribute('data-running', 'true');
  const completed = Number(await count.getAttribute('data-completed'));
  expect(completed).toBeGreaterThan(0);
  expect(completed).toBeLessThan(5000);
  const atStop = target.count().echo;
  await page.waitForTimeout(1000);
  expect(target.count().echo).toBe(atStop);
  // What reached the server: every answered request, and at most those stopped in flight besides.
  const aborted = Number(await count.getAttribute('data-aborted'));
  expect(atStop - second).toBeGreaterThanOrEqual(completed);
  expect(atStop - second).toBeLessThanOrEqual(completed + aborted);
  await expect(loadRows).toHaveCount(2);
  await expect(loadRows.last()).toContainText('(stopped)');
});
