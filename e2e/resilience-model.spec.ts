/**
 * Misbehaving model endpoints: every way a model request can fail gets a specific message,
 * keeps the conversation, and (where the turn ended) a Retry that works. The scripted model
 * server plays each failure in the real wire format of each provider.
 */
import type { Page } from '@playwright/test';
import { configPath, DEMO_CONFIG, openAreaTab } from './helpers';
import { expect, say, test, useModel, type WireFormat } from './model-fixture';
import type { ModelServerHandle, ScriptStep } from './servers/model-server.mjs';

type Provider = WireFormat;
const PROVIDERS: readonly Provider[] = ['anthropic', 'openai', 'openai-responses'];
/** The marker each format's stream ends with, named when a stream is cut. */
const END_MARKER: Record<Provider, string> = { anthropic: 'message_stop', openai: '[DONE]', 'openai-responses': 'response.completed' };

// Retries wait real seconds (retry-after, backoff), and the machine may be busy.
// Each test has its own model server and page, and MCP servers only read: the tests of this, the
// longest file, may run on any worker, side by side.
test.describe.configure({ mode: 'parallel', timeout: 120_000 });
/** The time each case had as a test of its own; a test of several cases has that much per case. */
const CASE_TIMEOUT = 120_000;
// These tests never look at the config editor: Monaco's chunk is held back (see model-fixture.ts).
test.use({ monacoEditor: false });

const FIRST_QUESTION = 'hello there';
const FIRST_ANSWER = 'First answer, all is well.';
const SECOND_QUESTION = 'and a second question';
const RECOVERED = 'Recovered on retry.';

/** Opens the app with a config and waits (generously: Monaco's first load competes for the CPU) until the servers are connected. */
async function openConnected(page: Page, config: unknown, servers: string[]): Promise<void> {
  await page.goto(configPath(config));
  for (const name of servers)
    await expect(page.getByTestId(`server-${name}`)).toHaveAttribute('data-status', 'connected', { timeout: 60_000 });
}

const assistantMessages = (page: Page) => page.locator('[data-testid="chat-message"][data-role="assistant"]');
const userMessages = (page: Page) => page.locator('[data-testid="chat-message"][data-role="user"]');
const mcpToolCalls = (page: Page) =>
  page.getByTestId('mcp-traffic').locator('[data-testid="traffic-row"][data-method="tools/call"][data-direction="out"]');

/**
 * Opens the app, has one good turn, then sends a second message whose model request meets
 * `failing` (one or more scripted steps); after those the script answers RECOVERED.
 * `opened`: the app is open already, with the model settings pointed at `model` (an earlier case
 * of the same test); the case starts with a new session and an empty model server log instead.
 */
async function goodTurnThen(
  page: Page,
  model: ModelServerHandle,
  provider: Provider,
  failing: ScriptStep[],
  withWeather = false,
  opened = false,
): Promise<void> {
  if (opened) await newSession(page, model);
  model.setScript([{ text: FIRST_ANSWER }, ...failing, { text: RECOVERED }]);
  if (!opened) {
    // Without tools, no MCP servers are needed: these failures are the model endpoint's alone.
    if (withWeather) await openConnected(page, DEMO_CONFIG, ['weather']);
    else await openConnected(page, { mcpServers: {} }, []);
    await useModel(page, model, provider);
  }
  await say(page, FIRST_QUESTION);
  await expect(assistantMessages(page).last()).toContainText(FIRST_ANSWER);
  await expect(page.getByTestId('chat-send')).toBeDisabled(); // the input is empty again
  await say(page, SECOND_QUESTION);
}

/**
 * Starts the next case where a fresh page would: a new session (Session menu, discard), so no
 * message, error, notice or Retry is left of the case before; and the model server forgets its
 * requests and script. The model settings and the (empty) config stay, as they would on a reload.
 */
async function newSession(page: Page, model: ModelServerHandle): Promise<void> {
  await page.getByTestId('session-menu').click();
  await page.getByTestId('session-new').click();
  await page.getByTestId('session-new-discard').click();
  await expect(page.getByTestId('session-new-dialog')).toHaveCount(0);
  await expect(page.getByTestId('chat-message')).toHaveCount(0);
  await expect(page.getByTestId('chat-error')).toHaveCount(0);
  await expect(page.getByTestId('chat-notice')).toHaveCount(0);
  await expect(page.getByTestId('chat-retry')).toHaveCount(0);
  model.reset();
}

/** The earlier turn and the new question are still on screen. */
async function expectConversationIntact(page: Page): Promise<void> {
  await expect(userMessages(page).first()).toContainText(FIRST_QUESTION);
  await expect(assistantMessages(page).first()).toContainText(FIRST_ANSWER);
  await expect(userMessages(page).nth(1)).toContainText(SECOND_QUESTION);
}

/** Retry runs the failed request again; the next scripted step answers, and the request carried the whole history. */
async function retryAndRecover(page: Page, model: ModelServerHandle, leftOut?: string): Promise<void> {
  const before = model.requests().length;
  await page.getByTestId('chat-retry').click();
  await expect(assistantMessages(page).last()).toContainText(RECOVERED);
  await expect(page.getByTestId('chat-retry')).toHaveCount(0);
  await expectConversationIntact(page);
  const retried = model.requests().at(-1)!;
  expect(model.requests().length).toBe(before + 1);
  expect(retried.status).toBe(200);
  // The history: Anthropic's and Chat Completions' `messages`, the Responses API's `input` items.
  const sent = retried.body as { messages?: unknown; input?: unknown };
  const body = JSON.stringify(sent.messages ?? sent.input);
  const order = [FIRST_QUESTION, FIRST_ANSWER, SECOND_QUESTION].map((text) => body.indexOf(text));
  expect(order.every((index) => index >= 0)).toBe(true);
  expect([...order].sort((a, b) => a - b)).toEqual(order);
  // A reply that failed halfway never joins the history the model is sent.
  if (leftOut !== undefined) expect(body).not.toContain(leftOut);
}

for (const provider of PROVIDERS) {
  test.describe(`HTTP errors (${provider})`, () => {
    /** This provider's failures: each a step of one test, on one page (see goodTurnThen's `opened`). */
    const cases: Array<{ title: string; run(page: Page, model: ModelServerHandle, opened: boolean): Promise<void> }> = [];
    const testCase = (title: string, run: (page: Page, model: ModelServerHandle, opened: boolean) => Promise<void>) =>
      cases.push({ title, run });

    const statuses: Array<{ status: number; code: string; words: RegExp }> = [
      { status: 401, code: 'bad-key', words: /API key was refused/ },
      { status: 403, code: 'forbidden', words: /key may not do this/ },
      { status: 404, code: 'not-found', words: /Wrong model name or base URL/ },
    ];
    for (const { status, code, words } of statuses) {
      testCase(`${status} is explained as ${code}, not retried by itself, and Retry works`, async (page, model, opened) => {
        await goodTurnThen(page, model, provider, [{ error: { status } }], false, opened);
        const error = page.getByTestId('chat-error');
        await expect(error).toHaveAttribute('data-code', code);
        await expect(error).toContainText(words);
        await expect(error).toContainText(`HTTP ${status}`);
        // The provider's own words are quoted.
        await expect(error).toContainText('(scripted)');
        if (status === 404) await expect(error).toContainText(provider === 'anthropic' ? 'claude-test' : 'gpt-test');
        await expectConversationIntact(page);
        expect(model.requests().map((request) => request.status)).toEqual([200, status]);
        await retryAndRecover(page, model);
      });
    }

    testCase('429 with retry-after: waits as asked, gives up after 3 attempts, and Retry works', async (page, model, opened) => {
      const limited: ScriptStep = { error: { status: 429, retryAfter: 1 } };
      await goodTurnThen(page, model, provider, [limited, limited, limited], false, opened);
      const error = page.getByTestId('chat-error');
      await expect(error).toHaveAttribute('data-code', 'rate-limited', { timeout: 30_000 });
      await expect(error).toContainText('Too many requests');
      await expect(error).toContainText('asked to wait 1 second');
      await expect(error).toContainText('after 3 attempts');
      await expect(page.getByTestId('chat-notice')).toHaveText([
        'Too many requests: retrying in 1s (attempt 2 of 3).',
        'Too many requests: retrying in 1s (attempt 3 of 3).',
      ]);
      const failed = model.requests().slice(1);
      expect(failed.map((request) => request.status)).toEqual([429, 429, 429]);
      // Each attempt waited the second the server asked for.
      for (let i = 1; i < failed.length; i++) expect(failed[i]!.receivedAt - failed[i - 1]!.receivedAt).toBeGreaterThanOrEqual(950);
      await expectConversationIntact(page);
      await retryAndRecover(page, model);
    });

    testCase('429 without retry-after: backs off 1 s then 2 s, gives up after 3 attempts, and Retry works', async (page, model, opened) => {
      const limited: ScriptStep = { error: { status: 429 } };
      await goodTurnThen(page, model, provider, [limited, limited, limited], false, opened);
      const error = page.getByTestId('chat-error');
      await expect(error).toHaveAttribute('data-code', 'rate-limited', { timeout: 30_000 });
      await expect(error).toContainText('Wait a little and try again');
      await expect(error).toContainText('after 3 attempts');
      await expect(page.getByTestId('chat-notice')).toHaveText([
        'Too many requests: retrying in 1s (attempt 2 of 3).',
        'Too many requests: retrying in 2s (attempt 3 of 3).',
      ]);
      const failed = model.requests().slice(1);
      expect(failed[2]!.receivedAt - failed[1]!.receivedAt).toBeGreaterThanOrEqual(1_900);
      await expectConversationIntact(page);
      await retryAndRecover(page, model);
    });

    testCase('a retry-after longer than a minute ends the turn at once instead of hanging', async (page, model, opened) => {
      await goodTurnThen(page, model, provider, [{ error: { status: 429, retryAfter: 120 } }], false, opened);
      const error = page.getByTestId('chat-error');
      await expect(error).toHaveAttribute('data-code', 'rate-limited');
      await expect(error).toContainText('asked to wait 120 seconds');
      expect(model.requests().map((request) => request.status)).toEqual([200, 429]);
      await expectConversationIntact(page);
      await retryAndRecover(page, model);
    });

    testCase('500 is retried once, then explained as server-error, and Retry works', async (page, model, opened) => {
      await goodTurnThen(page, model, provider, [{ error: { status: 500 } }, { error: { status: 500 } }], false, opened);
      const error = page.getByTestId('chat-error');
      await expect(error).toHaveAttribute('data-code', 'server-error', { timeout: 30_000 });
      await expect(error).toContainText('The provider had a problem');
      await expect(error).toContainText('HTTP 500');
      await expect(error).toContainText('after 2 attempts');
      expect(model.requests().map((request) => request.status)).toEqual([200, 500, 500]);
      await expectConversationIntact(page);
      await retryAndRecover(page, model);
    });

    testCase(
      'a stream that stops without its end marker is stream-cut; the partial text stays out of the history; Retry works',
      async (page, model, opened) => {
        const partial = 'This answer will be cut off before it ends.';
        await goodTurnThen(page, model, provider, [{ text: partial, cutStream: true }], false, opened);
        const error = page.getByTestId('chat-error');
        await expect(error).toHaveAttribute('data-code', 'stream-cut');
        await expect(error).toContainText(END_MARKER[provider]);
        // What arrived is shown, marked as incomplete.
        const cut = assistantMessages(page).last();
        await expect(cut).toContainText('incomplete');
        await expect(cut).toHaveAttribute('data-streaming', 'false');
        await expectConversationIntact(page);
        await retryAndRecover(page, model, 'cut off');
      },
    );

    testCase('a stream whose connection drops is stream-cut, and Retry works', async (page, model, opened) => {
      await goodTurnThen(page, model, provider, [{ text: 'Dropped halfway through this sentence.', cutStream: 'abort' }], false, opened);
      await expect(page.getByTestId('chat-error')).toHaveAttribute('data-code', 'stream-cut');
      await expectConversationIntact(page);
      await retryAndRecover(page, model, 'Dropped');
    });

    testCase('an error event in the stream is stream-error with the provider type, and Retry works', async (page, model, opened) => {
      await goodTurnThen(page, model, provider, [{ text: 'Thinking about this one.', streamError: 'overloaded_error' }], false, opened);
      const error = page.getByTestId('chat-error');
      await expect(error).toHaveAttribute('data-code', 'stream-error');
      await expect(error).toContainText('overloaded_error');
      await expect(error).toContainText('error in the middle of the reply');
      await expectConversationIntact(page);
      await retryAndRecover(page, model, 'Thinking about');
    });

    if (provider === 'anthropic') {
      testCase('529 (Anthropic overloaded) is retried twice with backoff, then explained, and Retry works', async (page, model, opened) => {
        const overloaded: ScriptStep = { error: { status: 529 } };
        await goodTurnThen(page, model, 'anthropic', [overloaded, overloaded, overloaded], false, opened);
        const error = page.getByTestId('chat-error');
        await expect(error).toHaveAttribute('data-code', 'overloaded', { timeout: 30_000 });
        await expect(error).toContainText('The provider is overloaded');
        await expect(error).toContainText('HTTP 529');
        await expect(error).toContainText('after 3 attempts');
        await expect(page.getByTestId('chat-notice')).toHaveText([
          'The provider is overloaded: retrying in 1s (attempt 2 of 3).',
          'The provider is overloaded: retrying in 2s (attempt 3 of 3).',
        ]);
        expect(model.requests().map((request) => request.status)).toEqual([200, 529, 529, 529]);
        await expectConversationIntact(page);
        await retryAndRecover(page, model);
      });
    }

    test(`each failure is explained, keeps the conversation, and Retry works: ${provider === 'anthropic' ? '401, 403, 404, 429 (twice), a long retry-after, 500, 529' : '401, 403, 404, 429 (twice), a long retry-after, 500'}, a cut, a dropped and an errored stream`, async ({
      page,
      model,
    }) => {
      test.setTimeout(cases.length * CASE_TIMEOUT);
      for (const [index, { title, run }] of cases.entries()) await test.step(title, () => run(page, model, index > 0));
    });

    test('an endless tool-calling loop is stopped by the step limit, and Continue runs on', async ({ page, model }) => {
      const call: ScriptStep = { toolCalls: [{ name: 'weather_get_forecast', input: { city: 'Paris', days: 1 } }] };
      await openConnected(page, DEMO_CONFIG, ['weather']);
      await openAreaTab(page, 'left', 'registry');
      await page.getByTestId('tool-policy-weather_get_forecast').selectOption('allow');
      await useModel(page, model, provider);
      await page.getByTestId('max-steps-input').fill('3');
      await page.getByTestId('max-steps-input').blur();
      model.setScript([{ text: FIRST_ANSWER }, call, call, call, call, call, call, { text: RECOVERED }]);
      await say(page, FIRST_QUESTION);
      await expect(assistantMessages(page).last()).toContainText(FIRST_ANSWER);
      await say(page, SECOND_QUESTION);

      const notice = page.locator('[data-testid="chat-notice"][data-code="step-limit"]');
      await expect(notice).toContainText('Stopped after 3 steps');
      await expect(page.getByTestId('chat-error')).toHaveCount(0);
      // Steps 1 and 2 ran their calls; step 3's call was not made.
      expect(model.requests()).toHaveLength(4);
      await expect(mcpToolCalls(page)).toHaveCount(2);
      await expect(page.getByTestId('tool-call').last()).toHaveAttribute('data-status', 'failed');
      await expect(page.getByTestId('tool-call-failure').last()).toHaveAttribute('data-category', 'cancelled');
      await expectConversationIntact(page);

      // Continue gives the turn a fresh budget of 3 steps: two more calls run, then the model answers.
      const button = page.getByTestId('chat-retry');
      await expect(button).toHaveCount(1);
      await button.click();
      await expect(page.locator('[data-testid="chat-notice"][data-code="step-limit"]')).toHaveCount(2);
      expect(model.requests()).toHaveLength(7);
      await expect(mcpToolCalls(page)).toHaveCount(4);
      await page.getByTestId('chat-retry').click();
      await expect(assistantMessages(page).last()).toContainText(RECOVERED);
      await expect(page.getByTestId('chat-retry')).toHaveCount(0);
      await expectConversationIntact(page);
      // Every request (the server checks tool call / result pairing like the real APIs) was accepted.
      expect(model.requests().every((request) => request.status === 200)).toBe(true);
    });
  });
}

test('unparseable tool arguments (OpenAI) get an invalid-arguments result and never reach the MCP server', async ({ page, model }) => {
  await goodTurnThen(
    page,
    model,
    'openai',
    [{ badArguments: true, toolCalls: [{ name: 'weather_get_forecast', input: { city: 'Paris', days: 1 } }] }, { echoToolResults: true }],
    true,
  );
  const failure = page.getByTestId('tool-call-failure');
  await expect(failure).toHaveAttribute('data-category', 'invalid-arguments');
  await expect(failure).toContainText('not valid JSON');
  // The raw text the model sent is shown as it was.
  await expect(page.getByTestId('tool-call')).toContainText('{"city":"Paris","days":1');
  // No approval was asked and nothing reached the server.
  await expect(page.getByTestId('approval-card')).toHaveCount(0);
  // The model was told, in the tool message, and answered.
  await expect(assistantMessages(page).last()).toContainText('error');
  await expect(assistantMessages(page).last()).toContainText('invalid-arguments');
  await expect(mcpToolCalls(page)).toHaveCount(0);
  const third = model.requests()[2]!.body as { messages: Array<{ role: string; content: unknown; tool_call_id?: string }> };
  const toolMessage = third.messages.find((message) => message.role === 'tool')!;
  expect(String(toolMessage.content)).toContain('invalid-arguments');
  // The broken text is quoted to the model in the result; the call itself is replayed with "{}",
  // since compatible servers reject a history whose arguments are not JSON.
  expect(String(toolMessage.content)).toContain('not valid JSON');
  expect(String(toolMessage.content)).toContain('\\"city\\":\\"Paris\\"');
  const assistantCall = third.messages.find((message) => message.role === 'assistant' && 'tool_calls' in message) as unknown as {
    tool_calls: Array<{ function: { arguments: string } }>;
  };
  expect(assistantCall.tool_calls[0]!.function.arguments).toBe('{}');
  await expectConversationIntact(page);
  await expect(page.getByTestId('chat-error')).toHaveCount(0);
  await expect(page.getByTestId('chat-retry')).toHaveCount(0);
  // The next scripted step answers normally.
  await say(page, 'thanks');
  await expect(assistantMessages(page).last()).toContainText(RECOVERED);
});
