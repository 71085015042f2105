import { SSE_FALLBACK_NOTE } from '../src/core/mcp/open-transport';
import { openWithConfig } from './helpers';
import { expect, test } from './model-fixture';
import { TEST_URLS } from './test-ports';

test.use({ monacoEditor: false });

test('a 2024 SSE-only server connects via "type": "sse" and via the fallback; its tools call; the era badge and the traffic show it', async ({ page }) => {
  await openWithConfig(page, { servers: { old: { type: 'sse', url: TEST_URLS.legacySse }, guessed: { type: 'http', url: TEST_URLS.legacySse } } }, ['old', 'guessed']);
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
