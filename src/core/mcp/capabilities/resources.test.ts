import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start } from '../../../../e2e/servers/everything.mjs';
import type { RunningServer } from '../../../../e2e/servers/weather.mjs';
import { createTestHost, sentMethods } from './__fixtures__/test-host';
import { ContentChanges } from '../content-changes';
import type { ContentChange } from '../content-changes';
import { canSubscribe, ResourcesCapability } from './resources';

let everything: RunningServer;
const test = createTestHost();
const changes = new ContentChanges();
const told: ContentChange[] = [];
changes.subscribe((change) => told.push(change));
const resources = new ResourcesCapability(test.host, changes, () => 1000);
const README = 'demo://resource/static/document/instructions.md';

beforeAll(async () => {
  everything = await start();
  const client = await test.connect(everything.url, resources.clientOptions());
  resources.register(client);
});
afterAll(async () => {
  await test.close();
  await everything.close();
});

/** Waits until `check` holds (the server's notifications arrive on their own). */
async function until(check: () => boolean, timeoutMs = 8000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('ResourcesCapability', () => {
  it('lists resources and templates, each from its own listing', async () => {
    const call = test.calls.begin({ methods: resources.loadMethods });
    const load = await resources.load(test.client(), call);
    test.calls.end(call);
    expect(load.state.resources?.map((resource) => resource.uri)).toContain(README);
    expect(load.state.resources?.find((resource) => resource.uri === README)?.mimeType).toBe('text/markdown');
    expect(load.state.resourceTemplates?.map((template) => template.uriTemplate)).toEqual([
      'demo://resource/dynamic/text/{resourceId}',
      'demo://resource/dynamic/blob/{resourceId}',
    ]);
    expect(call.requests.map((request) => request.method)).toEqual(['resources/list', 'resources/templates/list']);
    expect(load.warnings).toEqual([]);
  });

  it('reads text and blob resources, each read on the wire', async () => {
    const [text] = await resources.read('demo://resource/dynamic/text/3');
    expect(text).toEqual(expect.objectContaining({ mimeType: 'text/plain', text: expect.stringContaining('Resource 3') }));
    const [blob] = await resources.read('demo://resource/dynamic/blob/4');
    expect(Buffer.from(blob?.blob ?? '', 'base64').toString()).toContain('Resource 4');
    await resources.read('demo://resource/dynamic/text/3');
    expect(sentMethods(test.calls).filter((method) => method === 'resources/read')).toHaveLength(3);
  });

  it("throws the server's coded error for a read it refuses", async () => {
    await expect(resources.read('demo://resource/dynamic/text/0')).rejects.toMatchObject({
      code: expect.any(Number),
      message: expect.stringContaining('Unknown resource'),
    });
  });

  it('subscribes, counts and tells each resources/updated (no read of its own), and stops on unsubscribe', async () => {
    expect(canSubscribe({ era: 'legacy', capabilities: test.client().getServerCapabilities() as Record<string, unknown> })).toBe(true);
    expect(canSubscribe({ era: 'modern', capabilities: { resources: { subscribe: true } } })).toBe(true);
    expect(canSubscribe({ era: 'modern', capabilities: { resources: {} } })).toBe(false);
    test.loaded.length = 0;
    await resources.subscribe(README);
    expect(test.loaded.at(-1)?.[1].state.resourceSubscriptions).toEqual({ [README]: { updates: 0 } });
    told.length = 0;
    const reads = () => sentMethods(test.calls).filter((method) => method === 'resources/read').length;
    const readsBefore = reads();
    // The reference server sends updates of subscribed resources once this tool turned them on.
    await test.client().callTool({ name: 'toggle-subscriber-updates', arguments: {} });
    await until(() => (test.loaded.at(-1)?.[1].state.resourceSubscriptions?.[README]?.updates ?? 0) >= 1);
    const updated = test.loaded.at(-1)?.[1].state.resourceSubscriptions?.[README];
    expect(updated).toMatchObject({ updatedAt: 1000 });
    expect(told).toContainEqual({ kind: 'resource-updated', uri: README });
    // Whoever shows the resource reads it again: the connection does not.
    expect(reads()).toBe(readsBefore);
    await resources.unsubscribe(README);
    expect(test.loaded.at(-1)?.[1].state.resourceSubscriptions).toEqual({});
    expect(sentMethods(test.calls)).toEqual(expect.arrayContaining(['resources/subscribe', 'resources/unsubscribe']));
    await test.client().callTool({ name: 'toggle-subscriber-updates', arguments: {} });
  });

  it('lists again on notifications/resources/list_changed (a session resource the server adds), then tells it', async () => {
    test.loaded.length = 0;
    told.length = 0;
    await test.client().callTool({
      name: 'gzip-file-as-resource',
      arguments: { name: 'hello.txt.gz', data: 'data:text/plain;base64,aGVsbG8=', outputType: 'resourceLink' },
    });
    await until(() =>
      test.loaded.some(
        ([, load]) => load.state.resources?.some((resource) => resource.uri === 'demo://resource/session/hello.txt.gz') ?? false,
      ),
    );
    expect(sentMethods(test.calls).filter((method) => method === 'resources/list').length).toBeGreaterThanOrEqual(2);
    await until(() => told.length > 0);
    expect(told).toContainEqual({ kind: 'resources-listed' });
  });
});
