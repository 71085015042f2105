/**
 * Tool use inside sampling through the chat's gate: the pure decisions, and the inbox holding a
 * reply with tool uses until each is decided (the scripted model server answers with tool_use).
 */
import { memoryStorage } from '../shared/key-value-storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start as startModel } from '../../../e2e/servers/model-server.mjs';
import type { ModelServerHandle } from '../../../e2e/servers/model-server.mjs';
import type { CreateMessageResult, SamplingTool } from '../sampling';
import { PolicyStore } from '../tools';
import { Inbox } from './inbox';
import type { SamplingItem } from './inbox-types';
import { RootsStore } from './roots-store';
import { SamplingPolicyStore } from './sampling-policy';
import { decideToolUse, gateToolUses, resultToReturn } from './sampling-tool-gate';

const WEATHER: SamplingTool = { name: 'lookup_weather', inputSchema: { type: 'object', properties: { city: { type: 'string' } } } };
const REPLY: CreateMessageResult = {
  role: 'assistant',
  content: [
    { type: 'text', text: 'Let me look.' },
    { type: 'tool_use', id: 'use-1', name: 'lookup_weather', input: { city: 'Paris' } },
    { type: 'tool_use', id: 'use-2', name: 'delete_files', input: {} },
  ],
  model: 'claude-test',
  stopReason: 'toolUse',
};

describe('the sampling tool gate', () => {
  it('asks by default, follows the tool policy of that server and tool, and refuses a tool the server did not offer', () => {
    const policies = new PolicyStore({ storage: memoryStorage() });
    expect(gateToolUses(REPLY, [WEATHER], 'trips', policies).map((use) => [use.name, use.decision])).toEqual([
      ['lookup_weather', 'pending'],
      ['delete_files', 'not-offered'],
    ]);
    policies.setPolicy('trips', 'lookup_weather', 'deny');
    expect(gateToolUses(REPLY, [WEATHER], 'trips', policies)[0]?.decision).toBe('denied-by-policy');
    policies.setPolicy('trips', 'lookup_weather', 'allow');
    expect(gateToolUses(REPLY, [WEATHER], 'trips', policies)[0]?.decision).toBe('allowed-by-policy');
    // Another server's policy does not apply.
    expect(gateToolUses(REPLY, [WEATHER], 'other', policies)[0]?.decision).toBe('pending');
  });

  it('"always" sets the tool policy to allow, as the chat does; a decided use cannot be decided again', () => {
    const policies = new PolicyStore({ storage: memoryStorage() });
    const uses = gateToolUses(REPLY, [WEATHER], 'trips', policies);
    const decided = decideToolUse(uses, 'use-1', 'always', 'trips', policies);
    expect(decided?.[0]?.decision).toBe('always-allowed');
    expect(policies.effectivePolicy('trips', 'lookup_weather')).toBe('allow');
    expect(decideToolUse(decided!, 'use-1', 'deny', 'trips', policies)).toBeUndefined();
    expect(decideToolUse(decided!, 'use-2', 'once', 'trips', policies)).toBeUndefined();
  });

  it('returns allowed tool uses and replaces refused ones by a note; with none left the stop reason is endTurn', () => {
    const policies = new PolicyStore({ storage: memoryStorage() });
    const uses = gateToolUses(REPLY, [WEATHER], 'trips', policies);
    const allowed = resultToReturn(REPLY, decideToolUse(uses, 'use-1', 'once', 'trips', policies)!);
    expect(allowed.stopReason).toBe('toolUse');
    expect(allowed.content).toEqual([
      { type: 'text', text: 'Let me look.' },
      { type: 'tool_use', id: 'use-1', name: 'lookup_weather', input: { city: 'Paris' } },
      { type: 'text', text: '[Glassbox did not return the tool use delete_files (use-2): the server did not offer this tool.]' },
    ]);
    const denied = resultToReturn(REPLY, decideToolUse(uses, 'use-1', 'deny', 'trips', policies)!);
    expect(denied.stopReason).toBe('endTurn');
    expect(denied.content).toContainEqual({
      type: 'text',
      text: '[Glassbox did not return the tool use lookup_weather (use-1): the person denied it.]',
    });
    expect(JSON.stringify(denied.content)).not.toContain('tool_use');
  });
});

describe('the inbox holds a sampling reply with tool uses until each is decided', () => {
  let model: ModelServerHandle;
  beforeAll(async () => {
    model = await startModel({ chunkDelayMs: 0 });
  });
  afterAll(async () => {
    await model.close();
  });

  const PARAMS = {
    messages: [{ role: 'user', content: { type: 'text', text: 'Weather in Paris?' } }],
    maxTokens: 100,
    tools: [{ name: 'lookup_weather', inputSchema: { type: 'object', properties: { city: { type: 'string' } } } }],
  };

  function setup(samplingPolicy: 'ask' | 'allow' = 'ask') {
    const samplingPolicies = new SamplingPolicyStore(memoryStorage());
    samplingPolicies.set('trips', samplingPolicy);
    const toolPolicies = new PolicyStore({ storage: memoryStorage() });
    const inbox = new Inbox({
      policies: samplingPolicies,
      roots: new RootsStore(memoryStorage(), () => undefined),
      toolPolicies,
      model: {
        settings: () => ({ provider: 'anthropic', model: 'claude-test', baseUrl: model.url, apiKey: 'sk-test', maxTokens: 4096 }),
        modelFetch: () => fetch,
      },
    });
    return { inbox, toolPolicies };
  }

  const sampling = (inbox: Inbox) => inbox.getSnapshot().items.find((item): item is SamplingItem => item.kind === 'sampling')!;

  /** Waits until the sampling item reaches a status. */
  function reached(inbox: Inbox, status: SamplingItem['status']): Promise<SamplingItem> {
    return new Promise((resolve) => {
      const look = () => {
        const item = sampling(inbox);
        if (item?.status !== status) return;
        unsubscribe();
        resolve(item);
      };
      const unsubscribe = inbox.subscribe(look);
      look();
    });
  }

  it('the reply waits for the tool use decision; allowed, it goes back with the tool use for the server to run', async () => {
    model.setScript([{ toolCalls: [{ id: 'toolu_1', name: 'lookup_weather', input: { city: 'Paris' } }] }]);
    const { inbox } = setup();
    const answer = inbox.sampling({ server: 'trips', era: 'legacy' }, PARAMS, new AbortController().signal);
    await inbox.approveSampling((await reached(inbox, 'pending')).id);
    const replied = await reached(inbox, 'replied');
    expect(replied.toolUses).toEqual([{ id: 'toolu_1', name: 'lookup_weather', input: { city: 'Paris' }, decision: 'pending' }]);
    // Tools offered in the request went to the model.
    expect(JSON.stringify(model.requests()[0]?.body)).toContain('"name":"lookup_weather"');
    inbox.returnSampling(replied.id);
    expect(sampling(inbox).status).toBe('replied');
    inbox.decideSamplingToolUse(replied.id, 'toolu_1', 'once');
    inbox.returnSampling(replied.id);
    await expect(answer).resolves.toMatchObject({
      stopReason: 'toolUse',
      content: { type: 'tool_use', id: 'toolu_1', name: 'lookup_weather', input: { city: 'Paris' } },
    });
  });

  it('with sampling allowed without asking, a tool use still asks (the tool policy is `ask`) and the reply goes back on the decision', async () => {
    model.setScript([{ text: 'Checking.', toolCalls: [{ id: 'toolu_2', name: 'lookup_weather', input: { city: 'Oslo' } }] }]);
    const { inbox } = setup('allow');
    const answer = inbox.sampling({ server: 'trips', era: 'legacy' }, PARAMS, new AbortController().signal);
    const replied = await reached(inbox, 'replied');
    expect(replied.toolUses?.[0]?.decision).toBe('pending');
    inbox.decideSamplingToolUse(replied.id, 'toolu_2', 'deny');
    const result = await answer;
    expect(result).toMatchObject({ stopReason: 'endTurn' });
    expect(JSON.stringify(result)).toContain('the person denied it');
    expect(JSON.stringify(result)).not.toContain('tool_use');
  });

  it('a tool the person always allows is allowed by policy the next time', async () => {
    const { inbox, toolPolicies } = setup('allow');
    toolPolicies.setPolicy('trips', 'lookup_weather', 'allow');
    model.setScript([{ toolCalls: [{ id: 'toolu_3', name: 'lookup_weather', input: { city: 'Rome' } }] }]);
    const result = await inbox.sampling({ server: 'trips', era: 'legacy' }, PARAMS, new AbortController().signal);
    expect(sampling(inbox).toolUses?.[0]?.decision).toBe('allowed-by-policy');
    expect(result).toMatchObject({ stopReason: 'toolUse' });
  });
});
