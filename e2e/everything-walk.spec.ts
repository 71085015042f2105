/**
 * A walk through the official everything server as a new user would take it: every tool it lists
 * to a client with Glassbox's capabilities (sampling with tools, elicitation form + URL, roots) is
 * read from the tool registry and called from the manual call form, its required arguments filled
 * in the form generated from its schema, and each result checked for what that tool returns.
 * Resources, prompts, completions, subscriptions and logs have their own specs
 * (resources-prompts, logs-metadata); the elicitation outcomes and sampling denial are in inbox,
 * the task view in tasks. This spec's point is that no listed tool is left out or fails.
 */
import type { Locator, Page } from '@playwright/test';
import { openWithConfig, openAreaTab } from './helpers';
import { expect, test, useModel } from './model-fixture';
import type { ModelServerHandle } from './servers/model-server.mjs';
import { TEST_URLS } from './test-ports';

test.use({ monacoEditor: false });

const EVERYTHING = { mcpServers: { everything: { url: TEST_URLS.everything } } };

/**
 * What the server lists to Glassbox: its twelve plain tools, and the five it registers only for a
 * client that declares roots, elicitation (form and URL), sampling and tasks support. Its two
 * `-async` tools need the client to run sampling/elicitation as tasks of its own
 * (`tasks.requests`), which Glassbox does not declare, so they are not listed.
 */
const LISTED = [
  'echo',
  'get-annotated-message',
  'get-env',
  'get-resource-links',
  'get-resource-reference',
  'get-roots-list',
  'get-structured-content',
  'get-sum',
  'get-tiny-image',
  'gzip-file-as-resource',
  'simulate-research-query',
  'toggle-simulated-logging',
  'toggle-subscriber-updates',
  'trigger-elicitation-request',
  'trigger-long-running-operation',
  'trigger-sampling-request',
  'trigger-url-elicitation',
].sort();

/** A page where the link of the URL elicitation lands (routed, never fetched from the network). */
const CONSENT_URL = 'https://consent.example.org/approve?walk=1';
const ROOT = 'file:///home/ada/walk';

interface Walk {
  page: Page;
  model: ModelServerHandle;
  /** The open tool's detail: its form, inbox cards and result. */
  detail: Locator;
  result: Locator;
}

/** One tool's step: the values of its required fields (by name), optional JSON extras, and what to check. */
interface Step {
  required?: Record<string, string | number | boolean>;
  /** Optional arguments, merged into the JSON box after the form (e.g. a short duration). */
  optional?: Record<string, unknown>;
  /** Runs after the call starts: answers the cards, watches progress, checks the result. */
  check(walk: Walk): Promise<void>;
}

const text = (walk: Walk) => walk.result.locator('[data-content-type="text"]');

const STEPS: Record<string, Step> = {
  echo: {
    required: { message: 'walking everything' },
    check: async ({ result }) => expect(result).toContainText('Echo: walking everything'),
  },
  'get-annotated-message': {
    required: { messageType: 'success' },
    optional: { includeImage: true },
    check: async ({ result }) => {
      await expect(result).toContainText('Operation completed successfully');
      await expect(result.locator('[data-content-type="image"] img')).toBeVisible();
    },
  },
  'get-env': {
    // The server process's environment, as JSON text.
    check: async (walk) => expect(text(walk).first()).toContainText('"PATH"'),
  },
  'get-resource-links': {
    optional: { count: 2 },
    check: async ({ result }) => {
      await expect(result).toContainText('Here are 2 resource links');
      await expect(result.locator('[data-content-type="resource_link"]')).toHaveCount(2);
    },
  },
  'get-resource-reference': {
    optional: { resourceType: 'Text', resourceId: 3 },
    check: async ({ result }) => {
      await expect(result).toContainText('Returning resource reference for Resource 3');
      await expect(result.locator('[data-content-type="resource"]')).toContainText('demo://resource/dynamic/text/3');
    },
  },
  'get-roots-list': {
    check: async ({ result }) => {
      await expect(result).toContainText('Current MCP Roots (1 total)');
      await expect(result).toContainText(ROOT);
    },
  },
  'get-structured-content': {
    required: { location: 'Chicago' },
    check: async ({ result, detail }) => {
      await expect(result.locator('[data-content-type="structuredContent"]')).toContainText('Light rain / drizzle');
      // Checked against the tool's outputSchema.
      await expect(detail.getByTestId('output-check')).toHaveAttribute('data-status', 'valid');
    },
  },
  'get-sum': {
    required: { a: 2, b: 40 },
    check: async ({ result }) => expect(result).toContainText('The sum of 2 and 40 is 42.'),
  },
  'get-tiny-image': {
    check: async ({ result }) => {
      await expect(result.locator('[data-content-type="image"] img')).toHaveAttribute('src', /^data:image\/png;base64,/);
      await expect(result).toContainText('The image above is the MCP logo.');
    },
  },
  'gzip-file-as-resource': {
    // A data URL: the server fetches nothing from the network.
    optional: { name: 'walk.txt.gz', data: `data:text/plain;base64,${Buffer.from('walk '.repeat(100)).toString('base64')}` },
    check: async ({ result }) => {
      const link = result.locator('[data-content-type="resource_link"]');
      await expect(link).toContainText('application/gzip');
      await expect(link).toContainText('demo://resource/session/walk.txt.gz');
    },
  },
  'simulate-research-query': {
    required: { topic: 'python' },
    optional: { ambiguous: true },
    // A 2025-11-25 task-augmented request whose task stops at input_required to ask which
    // "python" is meant; the form follows the task to its result (its row in the tasks view is
    // checked after the walk, which leaves the servers tab).
    check: async ({ detail, result }) => {
      const card = detail.getByTestId('elicitation-card');
      await card.getByTestId('elicitation-field-interpretation').selectOption({ label: 'Python snake species' });
      await card.getByTestId('elicitation-accept').click();
      await expect(result).toContainText('Research Report: python (snake)', { timeout: 20_000 });
      await expect(result).toContainText('`working` → `input_required` → `working` → `completed`');
    },
  },
  'toggle-simulated-logging': {
    check: async ({ page, result }) => {
      await expect(result).toContainText('Started simulated, random-leveled logging');
      await openAreaTab(page, 'mcp', 'logs');
      const row = page.getByTestId('log-view').locator('[data-testid="log-row"][data-server="everything"]').first();
      await expect(row).toHaveAttribute('data-level', /^(debug|info|notice|warning|error|critical|alert|emergency)$/, { timeout: 20_000 });
      await openAreaTab(page, 'mcp', 'mcp');
    },
  },
  'toggle-subscriber-updates': {
    check: async ({ result }) => expect(result).toContainText('Started simulated resource updated notifications'),
  },
  'trigger-elicitation-request': {
    check: async ({ detail, result }) => {
      const card = detail.getByTestId('elicitation-card');
      await card.getByTestId('elicitation-field-name').fill('Ada');
      await card.getByTestId('elicitation-field-email').fill('ada@example.com');
      await card.getByTestId('elicitation-accept').click();
      await expect(card).toHaveAttribute('data-status', 'accept');
      await expect(result).toContainText('- Name: Ada');
      await expect(result).toContainText('- Email: ada@example.com');
    },
  },
  'trigger-long-running-operation': {
    optional: { duration: 3, steps: 3 },
    check: async ({ detail, result }) => {
      const bar = detail.getByTestId('tool-call-progress').locator('progress');
      // The bar moves: one step, then the next, each as the server reports it.
      await expect(bar).toHaveAttribute('value', '1');
      await expect(bar).toHaveAttribute('max', '3');
      await expect(bar).toHaveAttribute('value', '2');
      await expect(result).toContainText('Long running operation completed. Duration: 3 seconds, Steps: 3.');
    },
  },
  'trigger-sampling-request': {
    required: { prompt: 'Name a river' },
    optional: { maxTokens: 40 },
    check: async ({ detail, result, model }) => {
      const card = detail.getByTestId('sampling-card');
      await expect(card).toContainText('Resource trigger-sampling-request context: Name a river');
      await card.getByTestId('sampling-approve').click();
      await expect(card.getByTestId('sampling-reply')).toContainText('The Danube.');
      await card.getByTestId('sampling-return').click();
      await expect(result).toContainText('LLM sampling result');
      await expect(result).toContainText('"text": "The Danube."');
      expect(JSON.stringify(model.requests().at(-1)?.body)).toContain('Resource trigger-sampling-request context: Name a river');
    },
  },
  'trigger-url-elicitation': {
    required: { url: CONSENT_URL },
    check: async ({ page, detail, result }) => {
      const card = detail.getByTestId('elicitation-card');
      await expect(card.getByTestId('elicitation-url')).toHaveText(CONSENT_URL);
      const popup = page.waitForEvent('popup');
      await card.getByTestId('elicitation-open').click();
      await (await popup).close();
      await expect(result).toContainText('User completed the URL elicitation flow');
      await expect(result).toContainText(`URL: ${CONSENT_URL}`);
    },
  },
};

/** The remote names the registry lists for a server. */
async function registryTools(page: Page, server: string): Promise<string[]> {
  await openAreaTab(page, 'left', 'registry');
  const rows = page.getByTestId('tool-registry').locator(`[data-testid="registry-tool"][data-server="${server}"]`);
  await expect(rows).toHaveCount(LISTED.length);
  const names = await rows.evaluateAll((items) => items.map((item) => item.getAttribute('data-remote-name') ?? ''));
  await openAreaTab(page, 'left', 'servers');
  return names.sort();
}

/** Opens a tool's form, fills its required fields through the schema form and the rest as JSON, and runs it. */
async function run(page: Page, tool: string, step: Pick<Step, 'required' | 'optional'>): Promise<Locator> {
  const button = page.getByTestId(`tool-everything-${tool}`);
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  const detail = page.getByTestId('server-everything').locator('.tool-detail');
  const required = detail.locator('.schema-field').filter({ has: page.locator('.required') });
  // The form marks exactly the fields the schema requires; each is filled the way its control takes it.
  expect((await required.locator('label .mono').allTextContents()).sort()).toEqual(Object.keys(step.required ?? {}).sort());
  for (const [name, value] of Object.entries(step.required ?? {})) {
    const control = required.filter({ has: page.locator(`label .mono:text-is("${name}")`) }).locator('input, select, textarea');
    if (typeof value === 'boolean') await control.setChecked(value);
    else if ((await control.evaluate((element) => element.tagName)) === 'SELECT') await control.selectOption(JSON.stringify(value));
    else await control.fill(String(value));
  }
  const args = detail.getByTestId('tool-call-args');
  const filled = JSON.parse(await args.inputValue()) as Record<string, unknown>;
  expect(filled).toEqual(step.required ?? {});
  if (step.optional) await args.fill(JSON.stringify({ ...filled, ...step.optional }));
  await detail.getByTestId('tool-call-run').click();
  return detail;
}

test('every tool the everything server lists completes from the manual call form, each with its own result', async ({
  page,
  model,
  context,
}) => {
  test.setTimeout(180_000);
  model.setScript([{ text: 'The Danube.' }]);
  await context.route('https://consent.example.org/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>consent</title>' }),
  );
  await openWithConfig(page, EVERYTHING, ['everything']);
  await expect(page.getByTestId('server-everything')).toHaveAttribute('data-status', 'connected');
  await useModel(page, model, 'anthropic');
  // A root for get-roots-list to report.
  await openAreaTab(page, 'left', 'roots');
  await page.getByTestId('root-add').click();
  await page.getByTestId('root-uri-0').fill(ROOT);
  await page.getByTestId('roots-save').click();
  await openAreaTab(page, 'left', 'servers');

  const listed = await registryTools(page, 'everything');
  expect(listed).toEqual(LISTED);
  expect(Object.keys(STEPS).sort()).toEqual(listed);

  for (const tool of listed) {
    const step = STEPS[tool]!;
    await test.step(tool, async () => {
      const detail = await run(page, tool, step);
      const result = detail.getByTestId('tool-result');
      await step.check({ page, model, detail, result });
      await expect(result).toHaveAttribute('data-is-error', 'false');
    });
  }
  // The two toggles are switched off again, so the server's timers stop with the walk.
  for (const tool of ['toggle-simulated-logging', 'toggle-subscriber-updates']) {
    const detail = await run(page, tool, {});
    await expect(detail.getByTestId('tool-result')).toContainText('Stopped');
  }
  await openAreaTab(page, 'left', 'tasks');
  const task = page.getByTestId('task-row').filter({ hasText: 'simulate-research-query' });
  await expect(task).toHaveAttribute('data-status', 'completed');
  await expect(task.getByTestId('task-result')).toContainText('Research Report: python (snake)');
});
