import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start } from '../../../../e2e/servers/everything.mjs';
import type { RunningServer } from '../../../../e2e/servers/weather.mjs';
import { createTestHost, sentMethods } from './__fixtures__/test-host';
import { CompletionsCapability, offersCompletions } from './completions';

let everything: RunningServer;
const test = createTestHost();
const completions = new CompletionsCapability(
  test.host,
  () => test.client().getServerCapabilities() as Record<string, unknown> | undefined,
);

beforeAll(async () => {
  everything = await start();
  await test.connect(everything.url);
});
afterAll(async () => {
  await test.close();
  await everything.close();
});

describe('CompletionsCapability', () => {
  it('completes a prompt argument, narrowed by the arguments already given (context.arguments)', async () => {
    expect(await completions.complete({ type: 'ref/prompt', name: 'completable-prompt' }, { name: 'department', value: 'Sa' })).toEqual(
      expect.objectContaining({ values: ['Sales'] }),
    );
    const named = await completions.complete(
      { type: 'ref/prompt', name: 'completable-prompt' },
      { name: 'name', value: '' },
      { department: 'Engineering', name: 'ignored' },
    );
    expect(named.values).toEqual(['Alice', 'Bob', 'Charlie']);
    // Without the department, the server has nothing to offer: the context really went over the wire.
    expect((await completions.complete({ type: 'ref/prompt', name: 'completable-prompt' }, { name: 'name', value: '' })).values).toEqual(
      [],
    );
  });

  it("completes a resource template's variable, as a completion/complete request of its own", async () => {
    const result = await completions.complete(
      { type: 'ref/resource', uri: 'demo://resource/dynamic/text/{resourceId}' },
      { name: 'resourceId', value: '7' },
    );
    expect(result.values).toEqual(['7']);
    expect(sentMethods(test.calls)).toContain('completion/complete');
  });

  it('sends nothing to a server that does not declare completions', async () => {
    const quiet = new CompletionsCapability(test.host, () => ({ tools: {} }));
    const before = sentMethods(test.calls).length;
    expect(await quiet.complete({ type: 'ref/prompt', name: 'x' }, { name: 'a', value: 'b' })).toEqual({ values: [] });
    expect(sentMethods(test.calls).length).toBe(before);
    expect(offersCompletions({ completions: {} })).toBe(true);
    expect(offersCompletions(undefined)).toBe(false);
  });
});
