import { describe, expect, it } from 'vitest';
import { PROVIDERS } from '../../core/providers';
import {
  apiKeyStorageKey,
  baseUrlForPreset,
  effectiveBaseUrl,
  isLocalBaseUrl,
  matchPreset,
  needsKeyHint,
  presetsFor,
  providerSwitchPatch,
  readRememberedKey,
  writeRememberedKey,
  type KeyStorage,
} from './model-settings';

/** A Map-backed storage. */
function memoryStorage(): KeyStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

describe('presets', () => {
  it('lists presets per wire format', () => {
    expect(presetsFor('anthropic').map((p) => p.label)).toEqual(['Anthropic']);
    expect(presetsFor('openai').map((p) => p.label)).toEqual(['OpenAI', 'OpenRouter', 'Ollama', 'LM Studio']);
  });

  it('matches the empty base URL to the default preset and ignores trailing slashes', () => {
    expect(matchPreset('anthropic', '')?.id).toBe('anthropic');
    expect(matchPreset('openai', '')?.id).toBe('openai');
    expect(matchPreset('openai', 'http://localhost:11434/v1/')?.id).toBe('ollama');
    expect(matchPreset('openai', 'https://example.test/v1')).toBeUndefined();
  });

  it('stores the provider default as empty and other presets as their URL', () => {
    const [openai, openrouter] = presetsFor('openai');
    expect(baseUrlForPreset(openai!)).toBe('');
    expect(baseUrlForPreset(openrouter!)).toBe('https://openrouter.ai/api/v1');
    expect(effectiveBaseUrl('anthropic', '  ')).toBe('https://api.anthropic.com');
  });
});

describe('isLocalBaseUrl / needsKeyHint', () => {
  it('recognises endpoints on this machine', () => {
    expect(isLocalBaseUrl('http://localhost:11434/v1')).toBe(true);
    expect(isLocalBaseUrl('http://127.0.0.1:1234/v1')).toBe(true);
    expect(isLocalBaseUrl('http://[::1]:8080')).toBe(true);
    expect(isLocalBaseUrl('https://api.openai.com/v1')).toBe(false);
    expect(isLocalBaseUrl('https://localhost.evil.test')).toBe(false);
    expect(isLocalBaseUrl('not a url')).toBe(false);
  });

  it('hints only for a remote endpoint without a key', () => {
    expect(needsKeyHint({ provider: 'anthropic', baseUrl: '', hasApiKey: false })).toBe(true);
    expect(needsKeyHint({ provider: 'anthropic', baseUrl: '', hasApiKey: true })).toBe(false);
    expect(needsKeyHint({ provider: 'openai', baseUrl: 'http://localhost:11434/v1', hasApiKey: false })).toBe(false);
  });

  it('never hints for the scripted demo, in either of its dialects', () => {
    expect(needsKeyHint({ provider: 'demo', baseUrl: '', hasApiKey: false })).toBe(false);
    expect(needsKeyHint({ provider: 'demo', baseUrl: 'https://demo-model.invalid/openai/v1', hasApiKey: false })).toBe(false);
  });
});

describe('providerSwitchPatch', () => {
  it('replaces a suggested model of the old format with the first suggestion of the new one', () => {
    expect(providerSwitchPatch({ provider: 'anthropic', model: 'claude-haiku-4-5', baseUrl: '' }, 'openai')).toEqual({
      provider: 'openai',
      model: PROVIDERS.openai.modelSuggestions[0],
    });
    expect(providerSwitchPatch({ provider: 'openai', model: '', baseUrl: '' }, 'anthropic').model).toBe(
      PROVIDERS.anthropic.modelSuggestions[0],
    );
  });

  it('keeps a model the person typed and a custom base URL', () => {
    expect(providerSwitchPatch({ provider: 'openai', model: 'llama3.1:8b', baseUrl: 'https://proxy.example/v1' }, 'anthropic')).toEqual({
      provider: 'anthropic',
    });
  });

  it("resets a preset base URL of the old format to the new format's default", () => {
    expect(providerSwitchPatch({ provider: 'openai', model: 'qwen3', baseUrl: 'http://localhost:11434/v1' }, 'anthropic')).toEqual({
      provider: 'anthropic',
      baseUrl: '',
    });
  });

  it('changes nothing else when the provider stays', () => {
    expect(providerSwitchPatch({ provider: 'openai', model: 'gpt-4.1', baseUrl: 'http://localhost:1234/v1' }, 'openai')).toEqual({
      provider: 'openai',
    });
  });
});

describe('remembered keys', () => {
  it('stores, reads and forgets a key under its own localStorage key', () => {
    const storage = memoryStorage();
    expect(readRememberedKey(storage, 'openai')).toBeUndefined();
    expect(writeRememberedKey(storage, 'openai', 'sk-test')).toBe(true);
    expect(storage.map.get('glassbox.apiKey.openai')).toBe('sk-test');
    expect(readRememberedKey(storage, 'openai')).toBe('sk-test');
    expect(readRememberedKey(storage, 'anthropic')).toBeUndefined();
    writeRememberedKey(storage, 'openai', undefined);
    expect(storage.map.has(apiKeyStorageKey('openai'))).toBe(false);
  });

  it('survives a storage that throws', () => {
    const blocked: KeyStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {},
    };
    expect(readRememberedKey(blocked, 'anthropic')).toBeUndefined();
    expect(writeRememberedKey(blocked, 'anthropic', 'k')).toBe(false);
    expect(writeRememberedKey(undefined, 'anthropic', 'k')).toBe(false);
  });
});
