import { describe, expect, it } from 'vitest';
import type { ModelExchangeKind } from './adapter-parts';
import { isProviderId, PRESETS, PROVIDER_IDS, PROVIDERS } from './registry';

describe('the provider registry', () => {
  it('lists every wire format once, keyed by its own id, in picker order', () => {
    expect(PROVIDER_IDS).toEqual(['anthropic', 'openai', 'openai-responses', 'demo']);
    for (const id of PROVIDER_IDS) expect(PROVIDERS[id].id).toBe(id);
  });

  it('tells registry ids from anything else (saved data, select values)', () => {
    expect(isProviderId('openai-responses')).toBe(true);
    expect(isProviderId('gemini')).toBe(false);
    expect(isProviderId('toString')).toBe(false);
    expect(isProviderId(undefined)).toBe(false);
  });

  it('gathers each format’s presets with the format they speak', () => {
    expect(PRESETS.map((preset) => `${preset.provider}:${preset.id}`)).toEqual([
      'anthropic:anthropic',
      'openai:openai',
      'openai:openrouter',
      'openai:ollama',
      'openai:lm-studio',
      'openai-responses:openai-responses',
      'demo:demo-anthropic',
      'demo:demo-openai',
    ]);
    expect(PRESETS.find((preset) => preset.provider === 'openai-responses')?.baseUrl).toBe('https://api.openai.com');
  });

  it('teaching notes speak each provider’s own vocabulary', () => {
    const note = (id: keyof typeof PROVIDERS, kind: ModelExchangeKind) => PROVIDERS[id].notes[kind];
    expect(note('anthropic', 'request')).toMatch(/input_schema/);
    expect(note('anthropic', 'response')).toMatch(/tool_result/);
    expect(note('anthropic', 'stream')).toMatch(/input_json_delta/);
    expect(note('openai', 'request')).toMatch(/tool_call_id/);
    expect(note('openai', 'response')).toMatch(/JSON string/);
    expect(note('openai', 'stream')).toMatch(/\[DONE\]/);
    expect(note('openai-responses', 'request')).toMatch(/store: false/);
    expect(note('openai-responses', 'response')).toMatch(/function_call_output/);
    expect(note('openai-responses', 'stream')).toMatch(/response\.completed/);
    expect(note('demo', 'request')).toMatch(/script in this page/);
    const kinds: ModelExchangeKind[] = ['request', 'response', 'stream'];
    for (const kind of kinds) expect(new Set(PROVIDER_IDS.map((id) => note(id, kind))).size).toBe(PROVIDER_IDS.length);
  });
});
