import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, openWithConfig, openAreaTab } from './helpers';
import { expect, say, test, useModel } from './model-fixture';
import { start as startTasks } from './servers/tasks.mjs';
import type { RunningServer } from './servers/weather.mjs';
import { TEST_PORTS, TEST_URLS } from './test-ports';

// Nothing here looks at the config editor: Monaco's chunk is held back (see model-fixture.ts).
test.use({ monacoEditor: false });

/** The 2026 tasks-extension server, started by this spec on a spare port of the run's block. */
let tasks2026: RunningServer;
test.beforeAll(async () => {
  tasks2026 = await startTasks({ port: TEST_PORTS.spare(3) });
});
test.afterAll(async () => {
  await tasks2026?.close();
});

const CONFIG = () => ({ mcpServers: { everything: { url: TEST_URLS.everything }, tasks: { url: tasks2026.url } } });

/** Opens a tool's manual call form (unless it is open), fills the arguments and runs it. */
async function runByHand(page: Page, server: string, tool: string, args: unknown): Promise<void> {
  const button = page.getByTestId(`tool-${server}-${tool}`);
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  await page.getByTestId('tool-call-args').fill(JSON.stringify(args));
  await page.getByTestId('tool-call-run').click();
}

test('simulate-research-query from the manual call form runs as a task: working, then completed with the result', async ({ page }) => {
  await openWithConfig(page, CONFIG(), ['everything']);
  await runByHand(page, 'everything', 'simulate-research-query', { topic: 'tides' });
  // The form waits for the task and shows the tool's result, as for any call.
  await expect(page.getByTestId('tool-result')).toContainText('Research Report: tides', { timeout: 15_000 });
  const mcp = page.getByTestId('mcp-traffic');
  await expect(mcp.locator('[data-testid="traffic-row"][data-method="tasks/get"]').first()).toBeVisible();
  await expect(mcp.locator('[data-testid="traffic-row"][data-method="tasks/result"]').first()).toBeVisible();
  await openAreaTab(page, 'left', 'tasks');
  const row = page.getByTestId('task-row');
  await expect(row).toHaveAttribute('data-status', 'completed');
  await expect(row).toContainText('simulate-research-query');
  await expect(row.getByTestId('task-result')).toContainText('Research Report: tides');

  // A second one, watched from the tasks view while it works.
  await openAreaTab(page, 'left', 'servers');
  await runByHand(page, 'everything', 'simulate-research-query', { topic: 'waves' });
  await openAreaTab(page, 'left', 'tasks');
  const second = page.getByTestId('task-row').first();
  await expect(second).toHaveAttribute('data-status', 'working');
  await expect(second.getByTestId('task-message')).toContainText(/Gathering|Analyzing|Synthesizing|Generating/);
  await expect(second).toHaveAttribute('data-status', 'completed', { timeout: 15_000 });
  await expect(second.getByTestId('task-result')).toContainText('Research Report: waves');
});

test('cancel on a task that never ends sets it cancelled, and the server keeps working', async ({ page }) => {
  await openWithConfig(page, CONFIG(), ['tasks']);
  await expect(page.getByTestId('server-tasks')).toHaveAttribute('data-era', 'modern');
  await runByHand(page, 'tasks', 'never_ends', {});
  await openAreaTab(page, 'left', 'tasks');
  const row = page.getByTestId('task-row');
  await expect(row).toHaveAttribute('data-status', 'working');
  await row.getByTestId('task-cancel').click();
  await expect(row).toHaveAttribute('data-status', 'cancelled');
  await expect(row.getByTestId('task-cancel')).toHaveCount(0);
  await expect(page.getByTestId('mcp-traffic').locator('[data-testid="traffic-row"][data-method="tasks/cancel"]').first()).toBeVisible();
  await openAreaTab(page, 'left', 'servers');
  // The server card still works after the cancelled task.
  await runByHand(page, 'tasks', 'echo', { text: 'still here' });
  await expect(page.getByTestId('tool-result')).toContainText('still here');
});

test('trigger-long-running-operation shows its progress on the manual call form', async ({ page }) => {
  await openWithConfig(page, CONFIG(), ['everything']);
  await runByHand(page, 'everything', 'trigger-long-running-operation', { duration: 3, steps: 3 });
  const progress = page.getByTestId('tool-call-progress');
  await expect(progress).toContainText('1 / 3');
  await expect(progress).toContainText('2 / 3');
  await expect(page.getByTestId('tool-result')).toContainText('Long running operation completed');
  // The request asked for progress with a token.
  const call = page
    .getByTestId('mcp-traffic')
    .locator('[data-testid="traffic-row"][data-method="tools/call"][data-direction="out"]')
    .last();
  await call.click();
  await expect(page.getByTestId('traffic-message-detail')).toContainText('progressToken');
});

test("a model turn calling a task tool gets the task's result fed back into the next model request", async ({ page, model }) => {
  model.setScript([{ toolCalls: [{ name: 'tasks_slow_report', input: { topic: 'bees' } }] }, { echoToolResults: true }]);
  await openWithConfig(page, CONFIG(), ['tasks']);
  await useModel(page, model, 'anthropic');
  await say(page, 'Write a report on bees');
  await page.getByTestId('approval-allow').click();
  await expect(page.locator('[data-testid="tool-call"]')).toHaveAttribute('data-status', 'done');
  await expect(page.locator('[data-testid="chat-message"][data-role="assistant"]').last()).toContainText('Report on bees');
  const second = JSON.stringify(model.requests()[1]?.body);
  expect(second).toContain('tool_result');
  expect(second).toContain('Report on bees: 3 stages done.');
  await openAreaTab(page, 'left', 'tasks');
  const row = page.getByTestId('task-row');
  await expect(row).toHaveAttribute('data-status', 'completed');
  await expect(row).toContainText('tool call');
});

test.describe(() => {
  // axe checks the page as people get it, config editor included.
  test.use({ monacoEditor: true });

  test('the tasks view passes an accessibility check with a running task', async ({ page }) => {
    await openWithConfig(page, CONFIG(), ['tasks']);
    await runByHand(page, 'tasks', 'never_ends', {});
    await openAreaTab(page, 'left', 'tasks');
    await expect(page.getByTestId('task-row')).toHaveAttribute('data-status', 'working');
    await expectNoSeriousA11yViolations(page);
    await page.getByTestId('task-cancel').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('task-row')).toHaveAttribute('data-status', 'cancelled');
  });
});

test('a 2026 task that needs input shows the elicitation card in the call form; the answer goes back with tasks/update and the task completes', async ({
  page,
}) => {
  await openWithConfig(page, CONFIG(), ['tasks']);
  await expect(page.getByTestId('server-tasks')).toHaveAttribute('data-era', 'modern');
  await runByHand(page, 'tasks', 'confirm_report', { topic: 'bees' });
  const card = page.getByTestId('elicitation-card');
  await expect(card).toContainText('Publish the report on bees?', { timeout: 15_000 });
  await card.getByTestId('elicitation-field-publish').check();
  await card.getByTestId('elicitation-accept').click();
  await expect(page.getByTestId('tool-result')).toContainText('Published the report on bees.', { timeout: 15_000 });
  const mcp = page.getByTestId('mcp-traffic');
  await expect(mcp.locator('[data-testid="traffic-row"][data-method="tasks/update"][data-kind="request"]')).toHaveCount(1);
  await openAreaTab(page, 'left', 'tasks');
  await expect(page.getByTestId('task-row')).toHaveAttribute('data-status', 'completed');
  await expectNoSeriousA11yViolations(page);
});
