/** The capabilities against a 2026-07-28 server (stateless): listing, reading, prompts, completions, and its bad inputs. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HUGE_BYTES, start, WELCOME_TEXT } from '../../../../e2e/servers/library.mjs';
import type { RunningServer } from '../../../../e2e/servers/weather.mjs';
import { createTestHost } from './__fixtures__/test-host';
import { CompletionsCapability } from './completions';
import { PromptsCapability } from './prompts';
import { canSubscribe, ResourcesCapability } from './resources';

let library: RunningServer;
const test = createTestHost();
const resources = new ResourcesCapability(test.host);
const prompts = new PromptsCapability(test.host);
const completions = new CompletionsCapability(
  test.host,
  () => test.client().getServerCapabilities() as Record<string, unknown> | undefined,
);

beforeAll(async () => {
  library = await start();
  await test.connect(library.url);
});
afterAll(async () => {
  await test.close();
  await library.close();
});

describe('resources, prompts and completions in the 2026-07-28 era', () => {
  it('negotiates the 2026 era, lists and reads; subscribing is offered (listen with resourceSubscriptions)', async () => {
    expect(test.client().getProtocolEra()).toBe('modern');
    const call = test.calls.begin({ methods: resources.loadMethods });
    const load = await resources.load(test.client(), call);
    test.calls.end(call);
    expect(load.state.resources?.map((resource) => resource.uri)).toEqual([
      'library://notes/welcome',
      'library://catalog.json',
      'library://cover.png',
      'library://archive/huge.bin',
      'library://broken',
      'library://notes/ticker',
    ]);
    expect(load.state.resourceTemplates?.map((template) => template.uriTemplate)).toEqual(['library://books/{isbn}']);
    expect((await resources.read('library://notes/welcome'))[0]?.text).toBe(WELCOME_TEXT);
    expect(canSubscribe({ era: 'modern', capabilities: test.client().getServerCapabilities() as Record<string, unknown> })).toBe(true);
  });

  it('reads the 20 MB resource whole (the UI sizes it and offers a download)', async () => {
    const [huge] = await resources.read('library://archive/huge.bin');
    expect(huge?.mimeType).toBe('application/octet-stream');
    expect(huge?.blob?.length).toBe(Math.ceil(HUGE_BYTES / 3) * 4);
  });

  it("gives the server's coded errors for a failed read and a refused template value", async () => {
    await expect(resources.read('library://broken')).rejects.toMatchObject({
      code: -32603,
      message: expect.stringContaining('shelf collapsed'),
    });
    await expect(resources.read('library://books/123')).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('No book with ISBN 123'),
    });
  });

  it('completes a template variable and a prompt argument, and gets the prompt', async () => {
    expect(
      (await completions.complete({ type: 'ref/resource', uri: 'library://books/{isbn}' }, { name: 'isbn', value: '978014' })).values,
    ).toEqual(['9780140449136', '9780141439518']);
    expect((await completions.complete({ type: 'ref/prompt', name: 'recommend' }, { name: 'genre', value: 'd' })).values).toEqual([
      'dystopia',
    ]);
    const result = await prompts.get('recommend', { genre: 'epic', mood: '' });
    expect(result.messages.map((message) => message.content.type)).toEqual(['text', 'resource']);
    expect(result.messages[0]?.content).toEqual({ type: 'text', text: 'Recommend one epic book from our catalog.' });
  });
});
