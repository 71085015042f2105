import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { callToolByHand, openWithConfig } from './helpers';
import { expect, say, test, useModel } from './model-fixture';
import { AUTH_SCOPE, BIG_RESULT_CHARS, MANY_TOOLS_COUNT, WRONG_ID_OFFSET } from './servers/lab.mjs';
import { TEST_PORTS, TEST_URLS } from './test-ports';

/**
 * Short timeouts keep every failure fast: a server that hangs is given up after 10 s (2 s where the
 * timeout itself is tested). Healthy servers keep the default, so a slow moment of a busy machine
 * does not fail them.
 */
const lab = (mode: string, timeout = 10_000) => ({ url: TEST_URLS.lab(mode), timeout });

/** The weather demo server: it must stay connected whatever the others do. */
const weather = { url: TEST_URLS.weather };

// On a busy machine connecting alone can take seconds; the waits below allow for it.
test.describe.configure({ timeout: 120_000 });
// These tests never look at the config editor: Monaco's chunk is held back (see model-fixture.ts).
test.use({ monacoEditor: false });

/** Open the app with a config and wait until every named server has connected or failed. */
async function open(page: Page, config: unknown, ...names: string[]): Promise<void> {
  await openWithConfig(page, config);
  for (const name of names)
    await expect(page.getByTestId(`server-${name}`)).toHaveAttribute('data-status', /connected|failed|needs-sign-in/, { timeout: 60_000 });
}

function rows(page: Page, selector: string): Locator {
  return page.getByTestId('mcp-traffic').locator(`[data-testid="traffic-row"]${selector}`);
}

/** The exchange note shown for the request row of a method (the exchange that carried it). */
async function noteOf(page: Page, server: string, method: string): Promise<Locator> {
  await rows(page, `[data-server="${server}"][data-method="${method}"][data-direction="out"]`).last().click();
  return page.getByTestId('traffic-detail').getByTestId('traffic-exchange-note');
}

/** The page still answers: a click opens a tool, and a call to a healthy server works. */
async function expectResponsive(page: Page): Promise<void> {
  const result = await callToolByHand(page, 'weather', 'get_forecast', { city: 'Paris', days: 1 });
  await expect(result).toHaveAttribute('data-is-error', 'false');
  await expect(result).toContainText('Paris');
  await page.getByTestId('tool-weather-get_forecast').click();
}

test.describe('answers that are not usable MCP', () => {
  test('not JSON, JSON that is not JSON-RPC, and an unknown response id each fail the connection with their reason', async ({ page }) => {
    await open(
      page,
      { mcpServers: { weather, garbage: lab('garbage'), notrpc: lab('not-rpc'), wrongid: lab('wrong-id') } },
      'weather',
      'garbage',
      'notrpc',
      'wrongid',
    );
    await expect(page.getByTestId('server-weather')).toHaveAttribute('data-status', 'connected');
    const cases = [
      ['garbage', 'not-json', 'The server answered with a body that is not JSON'],
      ['notrpc', 'not-json-rpc', 'The server answered with JSON that is not JSON-RPC'],
      ['wrongid', 'unknown-response-id', `The server answered a request id the client never sent (sent #0, got #${WRONG_ID_OFFSET})`],
    ] as const;
    for (const [name, reason, title] of cases) {
      const error = page.getByTestId(`server-error-${name}`);
      await expect(error).toHaveAttribute('data-code', 'protocol-error');
      await expect(error).toHaveAttribute('data-reason', reason);
      await expect(error).toContainText(title);
    }
    // What came back is quoted from the recorded exchange.
    await expect(page.getByTestId('server-error-garbage')).toContainText('this is not json');
    await expect(page.getByTestId('server-error-notrpc')).toContainText('{"hello":"world"}');
    // The trace says it on the exchange that carried the request.
    await expect(await noteOf(page, 'wrongid', 'initialize')).toContainText(`sent #0, got #${WRONG_ID_OFFSET}`);
    await expect(await noteOf(page, 'notrpc', 'initialize')).toContainText('JSON that is not JSON-RPC');
    await expect(await noteOf(page, 'garbage', 'server/discover')).toContainText('not JSON');
    await expectResponsive(page);
  });

  test('a wrong Content-Type and a malformed SSE event', async ({ page }) => {
    await open(page, { mcpServers: { weather, html: lab('wrong-type'), badsse: lab('bad-sse') } }, 'weather', 'html', 'badsse');
    const html = page.getByTestId('server-error-html');
    await expect(html).toHaveAttribute('data-reason', 'wrong-content-type');
    await expect(html).toContainText('Content-Type text/html; charset=utf-8, not JSON or an event stream');
    await expect(html).toContainText('Content-Type: application/json');
    const badsse = page.getByTestId('server-error-badsse');
    await expect(badsse).toHaveAttribute('data-reason', 'malformed-sse');
    await expect(badsse).toContainText('The server sent an SSE event whose data is not JSON');
    await expect(badsse).toContainText('{oops');
    await expect(await noteOf(page, 'html', 'initialize')).toContainText('Content-Type text/html');
    await expect(await noteOf(page, 'badsse', 'initialize')).toContainText('SSE event whose data is not JSON');
    await expect(page.getByTestId('server-weather')).toHaveAttribute('data-status', 'connected');
    await expectResponsive(page);
  });

  test('a tool call answered with another id fails at once; the server stays usable', async ({ page }) => {
    await open(page, { mcpServers: { weather, flaky: lab('flaky') } }, 'weather', 'flaky');
    const result = await callToolByHand(page, 'flaky', 'wrong_id');
    await expect(result).toHaveAttribute('data-is-error', 'true');
    await expect(result).toContainText(`The server answered a request id the client never sent (sent #2, got #${2 + WRONG_ID_OFFSET})`);
    const problem = page.getByTestId('server-problem-flaky');
    await expect(problem).toHaveAttribute('data-reason', 'unknown-response-id');
    await expect(problem).toContainText('tools/call failed at');
    await expect(await noteOf(page, 'flaky', 'tools/call')).toContainText('request id the client never sent');
    const echo = await callToolByHand(page, 'flaky', 'echo', { text: 'still here' });
    await expect(echo).toContainText('still here');
  });
});

test.describe('requests that never end well', () => {
  test('no answer within the timeout: the call is cancelled, said on the card and in the trace, and the chat goes on', async ({
    page,
    model,
  }) => {
    model.setScript([{ toolCalls: [{ name: 'flaky_never_answer', input: {} }] }, { echoToolResults: true }, { text: 'Still talking.' }]);
    await open(page, { mcpServers: { weather, flaky: lab('flaky', 2000) } }, 'weather', 'flaky');
    // With a 2 s timeout, connecting can itself time out on a very busy machine: try again then.
    for (let attempt = 0; attempt < 3 && (await page.getByTestId('server-flaky').getAttribute('data-status')) === 'failed'; attempt += 1) {
      await page.getByRole('button', { name: 'Connect flaky' }).click();
      await expect(page.getByTestId('server-flaky')).toHaveAttribute('data-status', /connected|failed/, { timeout: 30_000 });
    }
    await expect(page.getByTestId('server-flaky')).toHaveAttribute('data-status', 'connected');
    // Likewise a request made while connecting may have timed out and been cancelled: only the tool call's cancellation is counted below.
    const cancelled = rows(page, '[data-server="flaky"][data-method="notifications/cancelled"][data-direction="out"]');
    const cancelledWhileConnecting = await cancelled.count();
    await useModel(page, model, 'anthropic');
    await say(page, 'Try the tool that hangs');
    await page.getByTestId('approval-allow').click();
    const call = page.getByTestId('tool-call');
    await expect(call).toHaveAttribute('data-status', 'failed');
    await expect(page.getByTestId('tool-call-failure')).toHaveAttribute('data-category', 'timeout');
    await expect(call).toContainText('No answer within 2 s — the request was cancelled');
    // The model was told, and the conversation goes on.
    await expect(page.locator('[data-testid="chat-message"][data-role="assistant"]').last()).toContainText('No answer within 2 s');

    const problem = page.getByTestId('server-problem-flaky');
    await expect(problem).toHaveAttribute('data-code', 'timeout');
    await expect(problem).toContainText('No answer within 2 s — the request was cancelled');
    await expect(cancelled).toHaveCount(cancelledWhileConnecting + 1);
    await expect(await noteOf(page, 'flaky', 'tools/call')).toContainText('No answer within 2 s — the request was cancelled');

    await say(page, 'Are you still there?');
    await expect(page.locator('[data-testid="chat-message"][data-role="assistant"]').last()).toContainText('Still talking.');
    await expect(page.locator('[data-testid="chat-message"][data-role="user"]')).toHaveCount(2);
    await expect(page.getByTestId('server-flaky')).toHaveAttribute('data-status', 'connected');
    await expect(page.getByTestId('server-weather')).toHaveAttribute('data-status', 'connected');
  });

  test('a stream cut before the result fails with a clear message; the next call works', async ({ page }) => {
    await open(page, { mcpServers: { weather, flaky: lab('flaky') } }, 'weather', 'flaky');
    const result = await callToolByHand(page, 'flaky', 'cut_stream');
    await expect(result).toContainText('The server closed the stream before answering');
    await expect(page.getByTestId('server-problem-flaky')).toHaveAttribute('data-reason', 'stream-closed');
    await expect(rows(page, '[data-server="flaky"][data-method="HTTP POST"]').last()).toContainText(
      'The server closed the stream before answering',
    );
    const echo = await callToolByHand(page, 'flaky', 'echo', { text: 'after the cut' });
    await expect(echo).toContainText('after the cut');
    await expect(page.getByTestId('server-flaky')).toHaveAttribute('data-status', 'connected');
  });

  test('a 10 MB tool result is shown cut, can be saved, and the page stays responsive', async ({ page }) => {
    await open(page, { mcpServers: { weather, flaky: lab('flaky') } }, 'weather', 'flaky');
    const result = await callToolByHand(page, 'flaky', 'big_result');
    const long = result.getByTestId('long-text');
    await expect(long).toHaveAttribute('data-truncated', 'true');
    await expect(long.getByTestId('long-text-toggle')).toHaveText('Show all (10.0 MB)');
    expect((await long.locator('pre').textContent())?.length).toBe(100_000);
    const download = page.waitForEvent('download');
    await long.getByTestId('long-text-save').click();
    const saved = await readFile((await (await download).path())!, 'utf8');
    expect(saved.length).toBe(BIG_RESULT_CHARS);
    // The trace shows the answer without drawing 10 MB: long strings are cut, deep values folded.
    await rows(page, '[data-server="flaky"][data-method="tools/call"][data-direction="in"]').click();
    const detail = page.getByTestId('traffic-detail');
    await expect(detail).toContainText('"id": 2');
    expect((await detail.innerText()).length).toBeLessThan(100_000);
    await expectResponsive(page);
  });
});

test.describe('sessions that end on the server', () => {
  test('an expired session is renewed once and the call retried; the card and the trace say so', async ({ page }) => {
    await open(page, { mcpServers: { weather, expiring: lab('expiring') } }, 'weather', 'expiring');
    const first = await page.getByTestId('session-expiring').textContent();
    await callToolByHand(page, 'expiring', 'expire_my_session');
    await page.getByTestId('tool-expiring-expire_my_session').click();
    const echo = await callToolByHand(page, 'expiring', 'echo', { text: 'after expiry' });
    await expect(echo).toHaveAttribute('data-is-error', 'false');
    await expect(echo).toContainText('after expiry');
    await expect(page.getByTestId('session-renewed-expiring')).toContainText(/Session renewed at \d\d:\d\d:\d\d/);
    await expect(page.getByTestId('session-expiring')).not.toHaveText(first ?? '');
    const failed = rows(page, '[data-server="expiring"][data-method="HTTP POST"][data-status="404"]');
    await expect(failed).toHaveCount(1);
    await expect(failed).toContainText('Session expired (404): re-initialized and retried');
    await expect(rows(page, '[data-server="expiring"][data-method="initialize"][data-direction="out"]')).toHaveCount(2);
  });

  test('after a server restart (all sessions dropped) the next call recovers', async ({ page, request }) => {
    await open(page, { mcpServers: { weather, expiring: lab('expiring') } }, 'weather', 'expiring');
    await expect(await callToolByHand(page, 'expiring', 'echo', { text: 'before' })).toContainText('before');
    // Only the endpoint this page uses restarts: the other worker's tests keep their lab sessions.
    const restart = await request.post(`http://127.0.0.1:${TEST_PORTS.lab}/__restart?mode=expiring`);
    expect(restart.ok()).toBe(true);
    const after = await callToolByHand(page, 'expiring', 'echo', { text: 'after the restart' });
    await expect(after).toContainText('after the restart');
    await expect(page.getByTestId('session-renewed-expiring')).toBeVisible();
    await expect(rows(page, '[data-server="expiring"][data-method="HTTP POST"][data-status="404"]')).toContainText('Session expired (404)');
    await expect(page.getByTestId('session-renewed-weather')).toHaveCount(0);
    await expectResponsive(page);
  });
});

test.describe('authorization and CORS', () => {
  test('a 401 says the server needs authorization and what it asked for', async ({ page }) => {
    await open(page, { mcpServers: { weather, auth: lab('auth') } }, 'weather', 'auth');
    const error = page.getByTestId('server-error-auth');
    await expect(error).toHaveAttribute('data-code', 'auth-required');
    await expect(error).toContainText('The server needs authorization (401)');
    await expect(error).toContainText(`scope "${AUTH_SCOPE}"`);
    await expect(error).toContainText(`resource metadata at http://127.0.0.1:${TEST_PORTS.lab}/.well-known/oauth-protected-resource`);
    await expect(page.getByTestId('server-weather')).toHaveAttribute('data-status', 'connected');
  });

  test('each header missing from Access-Control-Allow-Headers is named, with the line to send', async ({ page }) => {
    await open(
      page,
      {
        mcpServers: {
          weather,
          version: lab('missing-header'),
          session: lab('missing-session-header'),
          method: lab('missing-method-header'),
        },
      },
      'weather',
      'version',
      'session',
      'method',
    );
    const allowLine =
      'Access-Control-Allow-Headers: content-type, authorization, mcp-session-id, mcp-protocol-version, last-event-id, mcp-method, mcp-name, accept';
    for (const [name, header] of [
      ['version', 'mcp-protocol-version'],
      ['session', 'mcp-session-id'],
    ] as const) {
      const error = page.getByTestId(`server-error-${name}`);
      await expect(error).toHaveAttribute('data-code', 'cors-header-not-allowed');
      await expect(error).toHaveText(new RegExp(`the preflight does not allow ${header}[^,]`));
      await expect(error.locator('.headers-to-add')).toHaveText(allowLine);
    }
    // Without mcp-method only the 2026 era probe fails: the server works in the 2025 era, with a warning.
    await expect(page.getByTestId('server-method')).toHaveAttribute('data-status', 'connected');
    await expect(page.getByTestId('server-method')).toHaveAttribute('data-era', 'legacy');
    const warning = page.getByTestId('server-warning-method');
    await expect(warning).toContainText('the preflight does not allow mcp-method');
    await expect(warning).toContainText(allowLine);
    await expect(rows(page, '[data-server="method"][data-method="HTTP POST"]').first()).toContainText('Era probe blocked by CORS');
    await expect(page.getByTestId('server-weather')).toHaveAttribute('data-status', 'connected');
  });

  test('DELETE not allowed: disconnecting warns with the Access-Control-Allow-Methods line', async ({ page }) => {
    await open(page, { mcpServers: { weather, nodelete: lab('no-delete') } }, 'weather', 'nodelete');
    await page.getByRole('button', { name: 'Disconnect nodelete' }).click();
    const warning = page.getByTestId('server-warning-nodelete');
    await expect(warning).toContainText('The browser blocked DELETE (CORS)');
    await expect(warning).toContainText('Access-Control-Allow-Methods: GET, POST, DELETE, OPTIONS');
    await expect(rows(page, '[data-server="nodelete"][data-method="HTTP DELETE"]')).toContainText('DELETE blocked by CORS');
    await expect(page.getByTestId('server-weather')).toHaveAttribute('data-status', 'connected');
  });
});

test.describe('tool lists', () => {
  test('invalid schemas and duplicate names are listed with warnings', async ({ page }) => {
    await open(page, { mcpServers: { weather, bad: lab('bad-tools') } }, 'weather', 'bad');
    const card = page.getByTestId('server-bad');
    await expect(card).toHaveAttribute('data-status', 'connected');
    await expect(page.getByTestId('tool-count-bad')).toHaveText('Tools (5)');
    const warnings = page.getByTestId('server-warning-bad');
    await expect(warnings.filter({ hasText: '2 tools share the name search; the second is ignored.' })).toHaveCount(1);
    await expect(
      warnings.filter({ hasText: 'Tool schema_not_object: its inputSchema is a string, not a JSON Schema object.' }),
    ).toHaveCount(1);
    await expect(warnings.filter({ hasText: 'Tool schema_string_root: its inputSchema has type "string" at the root' })).toHaveCount(1);
    await expect(
      warnings.filter({ hasText: 'Tool schema_broken_ref: its inputSchema refers to #/$defs/missing, which does not exist.' }),
    ).toHaveCount(1);
    await expect(page.getByTestId('tool-bad-schema_broken_ref')).toContainText('invalid schema');
    const fine = await callToolByHand(page, 'bad', 'fine');
    await expect(fine).toContainText('fine');
  });

  test('1,000 tools are counted, drawn lazily and found with the filter', async ({ page }) => {
    await open(page, { mcpServers: { weather, many: lab('many-tools') } }, 'weather', 'many');
    await expect(page.getByTestId('tool-count-many')).toHaveText(`Tools (${MANY_TOOLS_COUNT})`);
    const drawn = await page.getByTestId('server-many').locator('.tool-button').count();
    expect(drawn).toBeLessThan(MANY_TOOLS_COUNT);
    await page.getByTestId('tool-filter-many').fill('tool_0777');
    await expect(page.getByTestId('tool-filter-count-many')).toHaveText(`1 of ${MANY_TOOLS_COUNT} tools match`);
    await expect(page.getByTestId('server-many').locator('.tool-button')).toHaveCount(1);
    const result = await callToolByHand(page, 'many', 'tool_0777');
    await expect(result).toContainText('tool_0777');
    await expectResponsive(page);
  });
});
