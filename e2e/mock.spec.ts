import type { Page } from '@playwright/test';
import { callToolByHand, expectNoSeriousA11yViolations, openWithConfig } from './helpers';
import { expect, say, test, useModel } from './model-fixture';
import { start as startCalendar } from './servers/calendar.mjs';
import { start as startEverything } from './servers/everything.mjs';
import { PREVIEW_PORT, TEST_PORTS } from './test-ports';

const HOST = '127.0.0.1';
const EVERYTHING_URL = `http://${HOST}:${TEST_PORTS.spare(30)}/mcp`;
const CALENDAR_URL = `http://${HOST}:${TEST_PORTS.spare(31)}/mcp`;
const DAY = '2026-12-07';

/** One turn: the sum on the everything server, the day's events on the calendar, then the answer. */
const TURN = [
  { toolCalls: [{ name: 'everything_get-sum', input: { a: 2, b: 3 } }] },
  { toolCalls: [{ name: 'calendar_list_events', input: { date: DAY } }] },
  { text: 'The sum is 5 and the day is free.' },
];

/** Sends the turn's message and allows both tool calls; resolves when the answer is in. */
async function playTurn(page: Page): Promise<void> {
  const answers = page.locator('[data-testid="chat-message"][data-role="assistant"]', { hasText: 'The sum is 5 and the day is free.' });
  const before = await answers.count();
  await say(page, `What is 2 plus 3, and what is on my calendar on ${DAY}?`);
  for (let call = 0; call < 2; call++) await page.getByTestId('approval-allow').first().click();
  await expect(answers).toHaveCount(before + 1);
  await expect(page.getByTestId('chat-stop')).toBeDisabled();
}

test.describe('mocks made from a recording', () => {
  test.use({ monacoEditor: false });

  test('a session with the everything server and the calendar, replayed against their mocks only: no request leaves the page; a miss shows', async ({
    page,
    model,
  }) => {
    const everything = await startEverything({ host: HOST, port: TEST_PORTS.spare(30) });
    const calendar = await startCalendar({ host: HOST, port: TEST_PORTS.spare(31) });
    const running = [everything, calendar];
    try {
      model.setScript([...TURN, ...TURN]);
      await openWithConfig(page, { mcpServers: { everything: { url: EVERYTHING_URL }, calendar: { url: CALENDAR_URL } } }, [
        'everything',
        'calendar',
      ]);
      await expect(page.getByTestId('server-everything')).toHaveAttribute('data-status', 'connected');
      await expect(page.getByTestId('server-calendar')).toHaveAttribute('data-status', 'connected');
      await useModel(page, model, 'anthropic');
      await playTurn(page);

      // Both servers stop: from here on only their mocks can answer.
      await Promise.all(running.splice(0).map((server) => server.close()));

      await page.getByTestId('server-everything').getByTestId('mock-create').click();
      const dialog = page.getByTestId('mock-create-dialog');
      await expect(dialog.getByTestId('mock-server-everything')).toBeChecked();
      await dialog.getByTestId('mock-server-calendar').check();
      await expectNoSeriousA11yViolations(page);
      await dialog.getByTestId('mock-serve').click();
      await expect(dialog.getByTestId('mock-create-done')).toContainText('https://everything.mock.invalid/mcp');
      await expect(dialog.getByTestId('mock-create-done')).toContainText('https://calendar.mock.invalid/mcp');
      await dialog.getByTestId('mock-create-close').click();

      // Every request from now on: the page's own origin, a mock (answered by the page's Service Worker), or the model.
      const appOrigin = `http://${HOST}:${PREVIEW_PORT}`;
      const modelOrigin = new URL(model.url).origin;
      const left: string[] = [];
      const mockRequests: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.hostname.endsWith('.mock.invalid')) mockRequests.push(request.url());
        else if (url.origin !== appOrigin && url.origin !== modelOrigin) left.push(request.url());
      });
      page.on('response', (response) => {
        if (new URL(response.url()).hostname.endsWith('.mock.invalid') && !response.fromServiceWorker())
          left.push(`${response.url()} (not from the worker)`);
      });
      page.context().on('request', (request) => {
        if (request.serviceWorker() !== null && new URL(request.url()).origin !== appOrigin)
          left.push(`${request.url()} (from the worker)`);
      });

      for (const [name, era] of [
        ['everything', '2025'],
        ['calendar', '2026'],
      ] as const) {
        const card = page.getByTestId(`server-${name}`);
        await expect(card).toHaveAttribute('data-status', 'connected');
        await expect(card.getByTestId(`era-${name}`)).toContainText(era);
        await expect(card.getByTestId('mock-of')).toContainText(`mock of ${name}, recorded`);
        await expect(card.getByTestId('mock-miss')).toHaveAttribute('data-count', '0');
        await expect(card.getByTestId(`server-url-${name}`)).toHaveText(`https://${name}.mock.invalid/mcp`);
      }

      // The session's turn again, against the mocks: the same answers as recorded.
      await playTurn(page);
      const results = page.locator('[data-testid="chat-message"], [data-testid="tool-call"]');
      await expect(results.filter({ hasText: 'The sum of 2 and 3 is 5' }).first()).toBeVisible();
      const sent = model.requests().at(-1)?.body as { messages: Array<{ content: unknown }> };
      expect(JSON.stringify(sent.messages)).toContain(`No events on ${DAY}.`);

      // A call the recording never made: a miss, named on the card.
      const result = await callToolByHand(page, 'everything', 'get-sum', { a: 2, b: 4 });
      await expect(result).toContainText('the nearest recorded request');
      await expect(result).toContainText('params/arguments/b');
      const everythingCard = page.getByTestId('server-everything');
      await expect(everythingCard.getByTestId('mock-miss')).toHaveAttribute('data-count', '1');
      await expect(everythingCard.getByTestId('mock-last-miss')).toContainText('recorded 3, asked 4');

      expect(mockRequests.some((url) => url.startsWith('https://everything.mock.invalid/'))).toBe(true);
      expect(mockRequests.some((url) => url.startsWith('https://calendar.mock.invalid/'))).toBe(true);
      expect(left).toEqual([]);
    } finally {
      await Promise.all(running.map((server) => server.close()));
    }
  });
});
