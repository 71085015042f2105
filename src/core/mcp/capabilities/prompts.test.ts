import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start } from '../../../../e2e/servers/everything.mjs';
import type { RunningServer } from '../../../../e2e/servers/weather.mjs';
import { createTestHost } from './__fixtures__/test-host';
import { PromptsCapability } from './prompts';

let everything: RunningServer;
const test = createTestHost();
const prompts = new PromptsCapability(test.host);

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
    expect(args?.arguments).toEqual([
      { name: 'city', description: 'Name of the city', required: true },
      { name: 'state' },
    ]);
    expect(call.requests.map((request) => request.method)).toEqual(['prompts/list']);
  });

  it('gets a prompt with its arguments (empty ones left out)', async () => {
    const result = await prompts.get('args-prompt', { city: 'Lyon', state: '' });
    expect(result.messages).toEqual([{ role: 'user', content: { type: 'text', text: "What's weather in Lyon?" } }]);
  });

  it('keeps embedded resources in the messages', async () => {
    const result = await prompts.get('resource-prompt', { resourceType: 'Text', resourceId: '2' });
    expect(result.messages[1]?.content).toEqual(expect.objectContaining({ type: 'resource', resource: expect.objectContaining({ uri: 'demo://resource/dynamic/text/2' }) }));
  });

  it("throws the server's coded error for arguments it refuses", async () => {
    await expect(prompts.get('resource-prompt', { resourceType: 'Video', resourceId: '2' })).rejects.toMatchObject({ code: expect.any(Number), message: expect.stringContaining('Invalid resourceType') });
  });
});
