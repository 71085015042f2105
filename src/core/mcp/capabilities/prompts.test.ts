import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start } from '../../../../e2e/servers/everything.mjs';
import type { RunningServer } from '../../../../e2e/servers/weather.mjs';
import { createTestHost } from './__fixtures__/test-host';
import { ContentChanges } from '../content-changes';
import type { ContentChange } from '../content-changes';
import { PromptsCapability } from './prompts';

let everything: RunningServer;
const test = createTestHost();
const changes = new ContentChanges();
const told: ContentChange[] = [];
changes.subscribe((change) => told.push(change));
const prompts = new PromptsCapability(test.host, changes);

beforeAll(async () => {
  everything = await start();
  await test.connect(everything.url, prompts.clientOptions());
});
afterAll(async () => {
  await test.close();
  await everything.close();
});

describe('PromptsCapability', () => {
  it('lists the prompts with their arguments, required marked', async () => {
    const call = test.calls.begin({ methods: prompts.loadMethods });
    const load = await prompts.load(test.client(), call);
    test.calls.end(call);
    const args = load.state.prompts?.find((prompt) => prompt.name === 'args-prompt');
    expect(args?.title).toBe('Arguments Prompt');
    expect(args?.arguments).toEqual([{ name: 'city', description: 'Name of the city', required: true }, { name: 'state' }]);
    expect(call.requests.map((request) => request.method)).toEqual(['prompts/list']);
  });

  it('lists again (what its list_changed handler runs), shows the list, then tells the content change', async () => {
    told.length = 0;
    test.loaded.length = 0;
    await prompts.refresh();
    expect(test.loaded.at(-1)?.[1].state.prompts?.some((prompt) => prompt.name === 'args-prompt')).toBe(true);
    expect(told).toEqual([{ kind: 'prompts-listed' }]);
  });

  it('gets a prompt with its arguments (empty ones left out)', async () => {
    const result = await prompts.get('args-prompt', { city: 'Lyon', state: '' });
    expect(result.messages).toEqual([{ role: 'user', content: { type: 'text', text: "What's weather in Lyon?" } }]);
  });

  it('keeps embedded resources in the messages', async () => {
    const result = await prompts.get('resource-prompt', { resourceType: 'Text', resourceId: '2' });
    expect(result.messages[1]?.content).toEqual(
      expect.objectContaining({ type: 'resource', resource: expect.objectContaining({ uri: 'demo://resource/dynamic/text/2' }) }),
    );
  });

  it("throws the server's coded error for arguments it refuses", async () => {
    await expect(prompts.get('resource-prompt', { resourceType: 'Video', resourceId: '2' })).rejects.toMatchObject({
      code: expect.any(Number),
      message: expect.stringContaining('Invalid resourceType'),
    });
  });
});
