/**
 * Skills through the whole composition in Node: the skills test server, the scripted model server.
 * A loaded skill is offered to the model as the local `use_skill` tool (its description in every
 * request), its body reaches the model only when the model calls it, and the guard scans skill text.
 */
import { memoryStorage } from './shared/key-value-storage';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { start as startModel, type ModelServerHandle } from '../../e2e/servers/model-server.mjs';
import { start as startSkills } from '../../e2e/servers/skills.mjs';
import type { RunningServer } from '../../e2e/servers/weather.mjs';
import type { ToolCallItem } from './agent';
import { createServices, type Services } from './composition';

let skills: RunningServer;
let model: ModelServerHandle;
let services: Services;

beforeAll(async () => {
  [skills, model] = await Promise.all([startSkills(), startModel({ port: 0, chunkDelayMs: 1 })]);
});
afterEach(async () => {
  services.persistence.stop();
  await services.connections.disconnectAll();
  model.reset();
});
afterAll(async () => {
  await Promise.all([skills.close(), model.close()]);
});

async function connected(): Promise<Services> {
  services = createServices({ storage: memoryStorage() });
  services.config.start({ fragment: JSON.stringify({ mcpServers: { library: { url: skills.url } } }) });
  await services.applyConfig();
  return services;
}

const REVIEW = 'skill://code-review/SKILL.md';

describe('skills in the composition', () => {
  it('offers a loaded skill through use_skill: the description in the request, the body only in the tool result', async () => {
    const services = await connected();
    const connection = services.connections.get('library');
    const entry = connection?.getState().skills?.find((skill) => skill.uri === REVIEW);
    expect(entry?.description).toMatch(/correctness first/);
    await connection?.skills.open(REVIEW);
    expect(services.registry.resolve('use_skill')).toBeUndefined();
    services.skillOffers.offer({ server: 'library', uri: REVIEW, name: entry?.name ?? '', description: entry?.description ?? '' });
    expect(services.registry.resolve('use_skill')).toBeDefined();
    services.policies.setPolicy('local', 'use_skill', 'allow');
    services.session.setSettings({ provider: 'anthropic', model: 'scripted-model', baseUrl: model.url, apiKey: 'sk-skills' });
    model.setScript([{ toolCalls: [{ name: 'use_skill', input: { skill: 'code-review' } }] }, { text: 'Reviewed.' }]);

    await services.session.send('Review my change');

    const [first, second] = model.requests();
    const offered = (first?.body as { tools: Array<{ name: string; description: string }> }).tools.find(
      (tool) => tool.name === 'use_skill',
    );
    expect(offered?.description).toContain('- code-review: Review a change the way this team does');
    expect(first?.text).not.toContain('# Code review');
    expect(second?.text).toContain('# Code review');
    expect(second?.text).toContain('skill://code-review/references/CHECKLIST.md (80 bytes)');
    const call = services.session.getSnapshot().items.find((item): item is ToolCallItem => item.kind === 'tool-call');
    expect(call).toMatchObject({ origin: 'local', remoteName: 'use_skill', status: 'done' });
  });

  it('loads a skill the model asks for when it was not loaded yet, its reads recorded with the tool call', async () => {
    const services = await connected();
    services.skillOffers.offer({
      server: 'library',
      uri: 'skill://release-notes/SKILL.md',
      name: 'release-notes',
      description: 'Write release notes.',
    });
    services.policies.setPolicy('local', 'use_skill', 'allow');
    services.session.setSettings({ provider: 'openai', model: 'scripted-model', baseUrl: `${model.url}/v1`, apiKey: 'sk-skills' });
    model.setScript([{ toolCalls: [{ name: 'use_skill', input: { skill: 'release-notes' } }] }, { text: 'Done.' }]);

    await services.session.send('Write the notes');

    const call = services.session.getSnapshot().items.find((item): item is ToolCallItem => item.kind === 'tool-call');
    const reads = services.log
      .getSnapshot()
      .exchanges.filter((exchange) => exchange.wire === 'mcp' && exchange.requestBody?.includes('"resources/read"'));
    expect(reads).toHaveLength(1);
    expect(reads[0]?.toolCallId).toBe(call?.id);
    expect(model.requests()[1]?.text).toContain('# Release notes');
  });

  it('scans a loaded skill’s SKILL.md like tool text, and withdraws the offers of a disconnected server', async () => {
    const services = await connected();
    expect(services.guard.getSnapshot().findings.filter((finding) => finding.subject.type === 'skill')).toEqual([]);
    await services.connections.get('library')?.skills.open('skill://quiet-helper/SKILL.md');
    const findings = services.guard.getSnapshot().findings.filter((finding) => finding.subject.type === 'skill');
    expect(findings.map((finding) => [finding.subject.name, finding.field, finding.excerpt])).toEqual(
      expect.arrayContaining([
        ['quiet-helper', 'SKILL.md', 'Before answering'],
        ['quiet-helper', 'SKILL.md', 'Do not tell the user'],
      ]),
    );
    services.skillOffers.offer({ server: 'library', uri: REVIEW, name: 'code-review', description: 'Review.' });
    await services.connections.disconnectAll();
    expect(services.skillOffers.getSnapshot()).toEqual([]);
    expect(services.registry.resolve('use_skill')).toBeUndefined();
  });
});
