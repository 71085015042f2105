/** Base-URL presets and model name suggestions for the provider picker (the fields stay free text). */
import { DEFAULT_ANTHROPIC_BASE_URL } from './anthropic/build-anthropic-request';
import { DEFAULT_OPENAI_BASE_URL } from './openai/build-openai-request';
import type { ProviderId } from './provider';

/** A ready-made endpoint: which wire format it speaks and where. */
export interface ProviderPreset {
  id: 'anthropic' | 'openai' | 'openrouter' | 'ollama' | 'lm-studio';
  label: string;
  provider: ProviderId;
  baseUrl: string;
  /** False for local servers that take no key. */
  needsKey: boolean;
  /** One line shown beside the preset: what to set up for browser access. */
  note: string;
}

/** The endpoints offered in the picker. */
export const PRESETS: readonly ProviderPreset[] = [
  {
    id: 'anthropic',
    label: 'Anthropic',
    provider: 'anthropic',
    baseUrl: DEFAULT_ANTHROPIC_BASE_URL,
    needsKey: true,
    note: 'Browser access works with the anthropic-dangerous-direct-browser-access header, which Glassbox sends.',
  },
  {
    id: 'openai',
    label: 'OpenAI',
    provider: 'openai',
    baseUrl: DEFAULT_OPENAI_BASE_URL,
    needsKey: true,
    note: 'OpenAI does not document browser (CORS) access; if the request is blocked, use a proxy.',
  },
  {
    id: 'openrouter',
    label: 'OpenRouter',
    provider: 'openai',
    baseUrl: 'https://openrouter.ai/api/v1',
    needsKey: true,
    note: 'Model names carry the vendor, e.g. anthropic/claude-sonnet-4.5 or openai/gpt-4.1.',
  },
  {
    id: 'ollama',
    label: 'Ollama',
    provider: 'openai',
    baseUrl: 'http://localhost:11434/v1',
    needsKey: false,
    note: "Ollama allows only local origins by default; for this page's origin set OLLAMA_ORIGINS and restart it.",
  },
  {
    id: 'lm-studio',
    label: 'LM Studio',
    provider: 'openai',
    baseUrl: 'http://localhost:1234/v1',
    needsKey: false,
    note: 'Turn on "Enable CORS" in the LM Studio server settings.',
  },
];

/** A few current model names per wire format, as suggestions (any name can be typed). */
export const MODEL_SUGGESTIONS: Readonly<Record<ProviderId, readonly string[]>> = {
  anthropic: ['claude-sonnet-4-5', 'claude-haiku-4-5', 'claude-opus-4-1'],
  openai: ['gpt-4.1', 'gpt-4.1-mini', 'gpt-4o-mini', 'o4-mini'],
};
