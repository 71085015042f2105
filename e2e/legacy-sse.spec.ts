import { SSE_FALLBACK_NOTE } from '../src/core/mcp/open-transport';
import { callToolByHand, openWithConfig } from './helpers';
import { expect, test, useModel } from './model-fixture';
import { LEGACY_SUMMARY_PROMPT } from './servers/legacy-sse.mjs';
import { TEST_URLS } from './test-ports';

test.use({ monacoEditor: false });

test('a 2024 SSE-only server connects via "type": "sse" and via the fallback; its tools call; the era badge and the traffic show it', async ({
  page,
}) => {
  await openWithConfig(
    page,
    { servers: { old: { type: 'sse', url: TEST_URLS.legacySse }, guessed: { type: 'http', url: TEST_URLS.legacySse } } },
    ['old', 'guessed'],
  );
  for (const name of ['old', 'guessed']) {
    await expect(page.getByTestId(`server-${name}`)).toHaveAttribute('data-status', 'connected');
    await expect(page.getByTestId(`era-${name}`)).toContainText('2024 SSE');
  }
  await expect(page.getByTestId('server-warning-old')).toHaveCount(0);

  await page.getByTestId('tool-old-add').click();
  const detail = page.getByTestId('server-old').locator('.tool-detail');
  await detail.getByTestId('tool-call-args').fill(JSON.stringify({ a: 2, b: 40 }));
  await detail.getByTestId('tool-call-run').click();
  await expect(detail.getByTestId('tool-result')).toContainText('42');

  const rows = (selector: string) => page.getByTestId('mcp-traffic').locator(`[data-testid="traffic-row"]${selector}`);
  // "type": "sse": the GET stream and POSTs to the endpoint it named; no POST to /sse itself.
  await expect(rows('[data-server="old"][data-method="tools/call"][data-direction="out"]')).toHaveCount(1);
  await expect(rows('[data-server="old"][data-method="tools/call"][data-direction="in"]')).toHaveCount(1);
  await expect(rows('[data-server="old"][data-method="server/discover"]')).toHaveCount(0);
  // The fallback: initialize answered 405, noted, then the same server over SSE.
  await rows('[data-server="guessed"][data-method="initialize"][data-direction="out"]').first().click();
  await expect(page.getByTestId('traffic-detail').getByTestId('traffic-exchange-note')).toContainText(SSE_FALLBACK_NOTE);
  await expect(rows('[data-server="guessed"][data-method="tools/list"][data-direction="in"]')).toHaveCount(1);
});

test('over 2024 SSE the server’s own requests get the same cards: sampling approved and returned, elicitation accepted and declined', async ({
  page,
  model,
}) => {
  model.setScript([{ text: 'Old servers still sample.' }]);
  await openWithConfig(page, { servers: { old: { type: 'sse', url: TEST_URLS.legacySse } } }, ['old']);
  await useModel(page, model, 'anthropic');
  const detail = page.getByTestId('server-old').locator('.tool-detail');

  await page.getByTestId('tool-old-summarize').click();
  await detail.getByTestId('tool-call-args').fill(JSON.stringify({ text: 'A long story about transports.' }));
  await detail.getByTestId('tool-call-run').click();
  const sampling = detail.getByTestId('sampling-card');
  await expect(sampling.getByTestId('sampling-system')).toHaveValue(LEGACY_SUMMARY_PROMPT);
  await expect(sampling).toContainText('A long story about transports.');
  await sampling.getByTestId('sampling-approve').click();
  await expect(sampling.getByTestId('sampling-reply')).toContainText('Old servers still sample.');
  await sampling.getByTestId('sampling-return').click();
  await expect(detail.getByTestId('tool-result')).toContainText('Summary: Old servers still sample.');
  await expect(
    page.getByTestId('model-traffic').locator('[data-testid="model-row"][data-kind="request"][data-sampling-for="old"]'),
  ).toHaveCount(1);
  // The request came on the GET stream and the answer went back as a POST, both on the MCP wire.
  const rows = (selector: string) => page.getByTestId('mcp-traffic').locator(`[data-testid="traffic-row"][data-server="old"]${selector}`);
  await expect(rows('[data-method="sampling/createMessage"]')).not.toHaveCount(0);

  await page.getByTestId('tool-old-confirm_order').click();
  await detail.getByTestId('tool-call-run').click();
  const form = detail.getByTestId('elicitation-card');
  await expect(form.getByTestId('elicitation-field-quantity')).toHaveValue('1');
  await form.getByTestId('elicitation-field-name').fill('Ada');
  await form.getByTestId('elicitation-accept').click();
  await expect(detail.getByTestId('tool-result')).toContainText('Order for Ada: 1');
  await expect(rows('[data-method="elicitation/create"]')).not.toHaveCount(0);
  await detail.getByTestId('tool-call-run').click();
  await detail.getByTestId('elicitation-decline').click();
  await expect(detail.getByTestId('tool-result')).toContainText('Order decline');
  // The plain tools still work after both.
  await expect(await callToolByHand(page, 'old', 'add', { a: 1, b: 2 })).toContainText('3');
});
