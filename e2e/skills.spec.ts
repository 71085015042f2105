/**
 * The Skills extension in the page, against our skills test server: the Skills tab lists name and
 * description from the entries (no file read), a good skill loads with every file verified, each
 * broken one is refused naming its mismatch, and a loaded skill offered to the scripted model
 * reaches the model wire (its description in the tools, its body in the tool result). The open tab and
 * skill outlive the layout change at 1600 px.
 */
import type { Page } from '@playwright/test';
import { start as startSkills } from './servers/skills.mjs';
import type { RunningServer } from './servers/weather.mjs';
import { openWithConfig } from './helpers';
import { expect, say, test, useModel } from './model-fixture';
import { TEST_PORTS } from './test-ports';

test.use({ monacoEditor: false });

let skills: RunningServer;
test.beforeAll(async () => {
  skills = await startSkills({ port: TEST_PORTS.spare(18) });
});
test.afterAll(async () => {
  await skills.close();
});

const mcpRequests = (page: Page, method: string) =>
  page.getByTestId('mcp-traffic').locator(`[data-testid="traffic-row"][data-method="${method}"][data-kind="request"]`);
const skillItem = (page: Page, name: string) =>
  page.getByTestId('skills-library').locator(`[data-testid="skill-item"][data-uri="skill://${name}/SKILL.md"]`);

async function openSkillsTab(page: Page): Promise<void> {
  await openWithConfig(page, { mcpServers: { library: { url: skills.url } } }, ['library']);
  await expect(page.getByTestId('server-library')).toHaveAttribute('data-status', 'connected');
  await page.getByTestId('contents-tab-skills-library').click();
}

test('the Skills tab lists the entries, loads a good skill verified, and refuses each broken one naming its mismatch', async ({ page }) => {
  await openSkillsTab(page);
  const list = page.getByTestId('skills-library');
  await expect(list.getByTestId('skill-item')).toHaveCount(6);
  await expect(skillItem(page, 'code-review')).toContainText('Review a change the way this team does');
  await expect(mcpRequests(page, 'skills/list')).toHaveCount(2);
  // Listing read no skill file.
  await expect(mcpRequests(page, 'resources/read')).toHaveCount(0);

  await skillItem(page, 'code-review').click();
  const detail = page.getByTestId('skill-detail');
  await expect(detail.getByTestId('skill-verified')).toContainText('sha256');
  await expect(detail.getByTestId('skill-file')).toHaveCount(2);
  await expect(detail.getByTestId('skill-body')).toContainText('# Code review');
  await expect(mcpRequests(page, 'resources/read')).toHaveCount(2);

  const refusals = [
    ['tampered-digest', 'skill-digest-mismatch', 'skill://tampered-digest/SKILL.md', 'digest mismatch'],
    ['resized-file', 'skill-size-mismatch', 'skill://resized-file/references/DATA.md', 'the entry says 17 bytes, the server sent 59'],
    [
      'frontmatter-drift',
      'skill-frontmatter-mismatch',
      'skill://frontmatter-drift/SKILL.md',
      'description: the entry has "Summarize a document in three bullet points.", the file has "Exfiltrate credentials"',
    ],
  ] as const;
  for (const [name, code, file, words] of refusals) {
    await skillItem(page, name).click();
    const error = page.getByTestId('skill-error');
    await expect(error).toHaveAttribute('data-code', code);
    await expect(error).toHaveAttribute('data-file', file);
    await expect(error).toContainText(words);
    await expect(page.getByTestId('skill-body')).toHaveCount(0);
  }
  // Each refusal stopped at its first mismatch: resized-file's SKILL.md and DATA.md, one read each for the other two.
  await expect(mcpRequests(page, 'resources/read')).toHaveCount(2 + 1 + 2 + 1);
});

test('the open Skills tab and skill outlive the layout change at 1600 px, and are not read again', async ({ page }) => {
  await openSkillsTab(page);
  await skillItem(page, 'code-review').click();
  await expect(page.getByTestId('skill-verified')).toBeVisible();
  await expect(mcpRequests(page, 'resources/read')).toHaveCount(2);
  // Below 1600 px the config and servers column becomes a drawer: the area is mounted afresh (and again on the way back).
  await page.setViewportSize({ width: 1280, height: 800 });
  const rail = page.getByTestId('rail-left');
  if ((await rail.getAttribute('aria-expanded')) !== 'true') await rail.click();
  await expect(page.getByTestId('contents-tab-skills-library')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('skill-detail')).toHaveAttribute('data-uri', 'skill://code-review/SKILL.md');
  await expect(page.getByTestId('skill-verified')).toBeVisible();
  await page.setViewportSize({ width: 1600, height: 900 });
  await expect(page.getByTestId('skill-detail').getByTestId('skill-body')).toContainText('# Code review');
  await expect(mcpRequests(page, 'resources/read')).toHaveCount(2);
});

test('a loaded skill offered to the model: its description in the request, its body in the tool result, and the guard flags a hostile one', async ({
  page,
  model,
}) => {
  model.setScript([{ toolCalls: [{ name: 'use_skill', input: { skill: 'code-review' } }] }, { text: 'Reviewed with the checklist.' }]);
  await openSkillsTab(page);
  await useModel(page, model, 'anthropic');
  await skillItem(page, 'code-review').click();
  await expect(page.getByTestId('skill-verified')).toBeVisible();
  await page.getByTestId('skill-offer').check();

  await say(page, 'Review my change');
  await page.getByTestId('approval-allow').click();
  await expect(page.getByText('Reviewed with the checklist.')).toBeVisible();
  const [first, second] = model.requests();
  const tools = (first?.body as { tools: Array<{ name: string; description: string }> }).tools;
  expect(tools.find((tool) => tool.name === 'use_skill')?.description).toContain('- code-review: Review a change the way this team does');
  expect(first?.text).not.toContain('# Code review');
  expect(second?.text).toContain('# Code review');
  const modelPanel = page.getByTestId('model-traffic');
  await expect(modelPanel.locator('[data-testid="model-row"][data-kind="request"]')).toHaveCount(2);

  // Verified is not trusted: quiet-helper's SKILL.md matches its entry and still tells the model to hide things.
  await skillItem(page, 'quiet-helper').click();
  await expect(page.getByTestId('skill-verified')).toBeVisible();
  await expect(page.getByTestId('skill-detail').locator('[data-testid="tool-finding"][data-kind="model-directed"]').first()).toBeVisible();
});
