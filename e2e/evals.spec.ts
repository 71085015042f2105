/**
 * The Evals tab: the file CI runs, opened in the page; the matrix with its reasons;
 * a result opened on both wires; the reports exported.
 */
import { readFile } from 'node:fs/promises';
import { expectAppTookOver, openAreaTab } from './helpers';
import { expect, test, useModel } from './model-fixture';
import { SUM_SCRIPT, sumEvalFile } from './servers/sum-evals.mjs';
import { TEST_URLS } from './test-ports';

const BROKEN = '{\n  "cases": [\n    { "name": "a", "prompt": "p", "expect": { "calls": [ { "tool": "get-sum" } ] } }\n  ]\n}\n';

test('the eval file is checked at the line in Monaco', async ({ page }) => {
  await page.goto('/');
  await openAreaTab(page, 'left', 'evals');
  const evals = page.getByTestId('evals');
  await evals
    .getByTestId('evals-open')
    .setInputFiles({ name: 'broken.evals.json', mimeType: 'application/json', buffer: Buffer.from(BROKEN) });
  await expect(evals.getByTestId('eval-editor')).toHaveAttribute('data-editor', 'monaco', { timeout: 30_000 });
  await expect(evals.locator('.monaco-editor .view-lines')).toContainText('get-sum');
  await expect(evals.locator('.monaco-editor .squiggly-error')).toHaveCount(1, { timeout: 20_000 });
  await expect(evals.getByTestId('eval-problems')).toContainText('Line 3, column 68');
  await expect(evals.getByTestId('eval-run')).toBeDisabled();
  // Typing in Monaco reaches the reader: the fixed file has no problem left, and can run.
  await evals.locator('.monaco-editor .view-lines').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText(BROKEN.replace('"get-sum"', '"everything/get-sum"'));
  await expect(evals.getByTestId('eval-problems')).toHaveCount(0);
  await expect(evals.locator('.monaco-editor .squiggly-error')).toHaveCount(0);
  await expect(evals.getByTestId('eval-run')).toBeEnabled();
});

test('the opened eval file and its problems outlive the layout change at 1600 px', async ({ page }) => {
  await page.goto('/');
  await openAreaTab(page, 'left', 'evals');
  await page
    .getByTestId('evals')
    .getByTestId('evals-open')
    .setInputFiles({ name: 'broken.evals.json', mimeType: 'application/json', buffer: Buffer.from(BROKEN) });
  await expect(page.getByTestId('eval-problems')).toContainText('Line 3, column 68');
  // Below 1600 px the config and servers column becomes a drawer: the area is mounted afresh.
  await page.setViewportSize({ width: 1280, height: 800 });
  const rail = page.getByTestId('rail-left');
  if ((await rail.getAttribute('aria-expanded')) !== 'true') await rail.click();
  const evals = page.getByTestId('evals');
  await expect(evals).toBeVisible();
  await expect(evals.getByTestId('evals-file-name')).toHaveText('broken.evals.json');
  await expect(evals.getByTestId('eval-problems')).toContainText('Line 3, column 68');
});

// The run is checked through the reader's problems and the matrix; Monaco stays the textarea (its chunk held back).
test.describe('an eval run', () => {
  test.use({ monacoEditor: false });

  test('an eval file runs in the page: matrix, reasons, a run on both wires, JSON and JUnit', async ({ page, model }) => {
    const file = sumEvalFile(TEST_URLS.everything, model.url);
    model.setScript([...SUM_SCRIPT, ...SUM_SCRIPT]);
    await page.goto('/');
    await expectAppTookOver(page);
    await useModel(page, model, 'anthropic');
    await openAreaTab(page, 'left', 'evals');
    const evals = page.getByTestId('evals');

    // A broken file shows its problem at its line, and cannot run.
    await evals
      .getByTestId('evals-open')
      .setInputFiles({ name: 'broken.evals.json', mimeType: 'application/json', buffer: Buffer.from(BROKEN) });
    await expect(evals.getByTestId('eval-problems')).toContainText(
      'Line 3, column 68: "cases.0.expect.calls.0.tool" must name a tool as "server/tool"',
    );
    await expect(evals.getByTestId('eval-run')).toBeDisabled();

    await evals
      .getByTestId('evals-open')
      .setInputFiles({ name: 'sums.evals.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file, null, 2)) });
    await expect(evals.getByTestId('eval-problems')).toHaveCount(0);
    await expect(evals.getByTestId('eval-target')).toHaveCount(2);
    await evals.getByTestId('eval-run').click();

    const cell = (caseName: string, target: string) =>
      evals.locator(`[data-testid="eval-result"][data-case="${caseName}"][data-target="${target}"]`);
    for (const target of ['anthropic · claude-test', 'openai · gpt-test']) {
      await expect(cell('adds', target)).toHaveAttribute('data-status', 'pass');
      await expect(cell('wrong arguments', target)).toHaveAttribute('data-status', 'fail');
      await expect(cell('echo is not run', target)).toHaveAttribute('data-status', 'pass');
    }
    await expect(cell('adds', 'openai · gpt-test').getByTestId('eval-figures')).toHaveText(/^\d+ ms · [1-9]\d* tok$/);

    // The reason names the expectation and the argument; expected and actual calls side by side.
    await cell('wrong arguments', 'openai · gpt-test').click();
    const detail = evals.getByTestId('eval-detail');
    await expect(detail.getByTestId('eval-reason')).toHaveText(
      'calls: expected call everything/get-sum: arguments differ: $.b: expected 3, got 4',
    );
    await expect(detail.getByTestId('eval-expected')).toContainText('3');
    await expect(detail.getByTestId('eval-actual')).toContainText('4');

    // The disallowed tool was recorded, not run.
    await cell('echo is not run', 'anthropic · claude-test').click();
    await expect(detail.getByTestId('eval-actual')).toContainText('not in allowTools');

    // A run opens on both wires: its first model request selected, its tool call's MCP messages linked.
    await cell('adds', 'anthropic · claude-test').click();
    await detail.getByTestId('eval-open-wires').click();
    const selectedRequest = page.locator('[data-testid="model-row"][aria-selected="true"]');
    await expect(selectedRequest).toHaveCount(1);
    await expect(selectedRequest.getByTestId('model-row-eval')).toBeVisible();
    await expect(selectedRequest).toHaveAttribute('data-provider', 'anthropic');
    await expect(page.locator('[data-testid="traffic-row"][data-method="tools/call"][data-linked="true"]').first()).toBeVisible();
    // The echo call never reached the server: one tools/call per allowed call (2 cases × 2 targets).
    await expect(page.locator('[data-testid="traffic-row"][data-method="tools/call"][data-direction="out"]')).toHaveCount(4);

    const junitDownload = page.waitForEvent('download');
    await evals.getByTestId('eval-export-junit').click();
    const junit = await readFile(await (await junitDownload).path(), 'utf8');
    expect((await junitDownload).suggestedFilename()).toBe('sums.junit.xml');
    expect(junit).toMatch(/<testsuites name="glassbox evals" tests="6" failures="2" errors="0"/);

    const jsonDownload = page.waitForEvent('download');
    await evals.getByTestId('eval-export-json').click();
    const report = JSON.parse(await readFile(await (await jsonDownload).path(), 'utf8'));
    expect(report.results).toHaveLength(6);
    expect(JSON.stringify(report)).not.toContain('test-key');
  });
});
