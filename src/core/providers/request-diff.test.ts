import { describe, expect, it } from 'vitest';
import type { NeutralMessage, NeutralRequest } from '../conversation';
import { WEATHER_TOOLS } from './__fixtures__/conversations';
import { PROVIDERS } from './registry';
import type { ProviderId } from './registry';
import { diffBodies, onlyAppends } from './request-diff';

const question: NeutralMessage = { role: 'user', parts: [{ type: 'text', text: 'Weather in Paris?' }] };
const call: NeutralMessage = {
  role: 'assistant',
  parts: [{ type: 'tool-call', toolCallId: 'call_1', toolName: 'weather_get_forecast', input: { city: 'Paris' } }],
};
const result: NeutralMessage = {
  role: 'tool',
  parts: [
    {
      type: 'tool-result',
      toolCallId: 'call_1',
      toolName: 'weather_get_forecast',
      result: { parts: [{ type: 'text', text: 'sunny' }], isError: false },
    },
  ],
};

function body(provider: ProviderId, request: Partial<NeutralRequest>): Record<string, unknown> {
  const neutral: NeutralRequest = {
    model: 'm',
    system: 'Be brief.',
    tools: WEATHER_TOOLS,
    maxTokens: 512,
    stream: true,
    messages: [question],
    ...request,
  };
  return PROVIDERS[provider].buildRequest(neutral, { baseUrl: '', apiKey: 'k' }).body as Record<string, unknown>;
}

describe('what a request adds to the previous one of its turn', () => {
  const wires: ProviderId[] = ['anthropic', 'openai', 'openai-responses'];
  it.each(wires)('%s: the second request of a tool turn adds the tool call and its result, nothing else', (provider) => {
    const diff = diffBodies(PROVIDERS[provider].summary, body(provider, {}), body(provider, { messages: [question, call, result] }));
    expect(diff.shared).toBe(1);
    expect(diff.added).toHaveLength(2);
    expect(JSON.stringify(diff.added[0])).toContain('weather_get_forecast');
    expect(JSON.stringify(diff.added[1])).toContain('sunny');
    expect(onlyAppends(diff)).toBe(true);
  });

  it.each(wires)('%s: a changed system prompt, tool list and setting are named', (provider) => {
    const tools = [{ ...WEATHER_TOOLS[0]!, description: 'Changed.' }];
    const diff = diffBodies(
      PROVIDERS[provider].summary,
      body(provider, {}),
      body(provider, { system: 'Be verbose.', tools, maxTokens: 1024 }),
    );
    expect(diff.added).toEqual([]);
    expect(diff.systemChanged).toBe(true);
    expect(diff.tools).toEqual({ added: [], removed: ['charts_render'], changed: ['weather_get_forecast'] });
    expect(diff.settings.length).toBe(1);
    expect(onlyAppends(diff)).toBe(false);
  });

  it('a rewritten history is reported as dropped entries, not hidden', () => {
    const edited: NeutralMessage = { role: 'user', parts: [{ type: 'text', text: 'Weather in Oslo?' }] };
    const diff = diffBodies(
      PROVIDERS.anthropic.summary,
      body('anthropic', { messages: [question, call, result] }),
      body('anthropic', { messages: [edited] }),
    );
    expect(diff.shared).toBe(0);
    expect(diff.dropped).toBe(3);
    expect(diff.added).toHaveLength(1);
    expect(onlyAppends(diff)).toBe(false);
  });
});
