/** A session's model settings: the defaults, and the one place a patch or saved settings are made valid. */
import { isProviderId, PROVIDER_IDS, PROVIDERS } from '../providers';
import type { ModelSettings } from './session-types';

/** The format a session starts with: the registry's first. */
const DEFAULT_PROVIDER = PROVIDER_IDS[0]!;

/** The settings a session starts with: the registry's first format and its first suggested model. */
export const DEFAULT_SETTINGS: Readonly<ModelSettings> = Object.freeze({
  provider: DEFAULT_PROVIDER,
  model: PROVIDERS[DEFAULT_PROVIDER].modelSuggestions[0] ?? '',
  baseUrl: '',
  apiKey: '',
  maxSteps: 10,
  maxTokens: 4096,
});

/** Fills invalid numbers with defaults (step limit and max tokens are positive integers) and an unknown provider with the default one. */
export function normalizeSettings(settings: ModelSettings): ModelSettings {
  const next = { ...settings };
  next.maxSteps = positiveInteger(next.maxSteps, DEFAULT_SETTINGS.maxSteps);
  next.maxTokens = positiveInteger(next.maxTokens, DEFAULT_SETTINGS.maxTokens);
  if (!isProviderId(next.provider)) next.provider = DEFAULT_SETTINGS.provider;
  return next;
}

/** The settings after a patch: `undefined` values leave a setting as it was, except `system`, which they remove. */
export function patchSettings(previous: ModelSettings, patch: Partial<ModelSettings>): ModelSettings {
  const next = normalizeSettings({ ...previous, ...withoutUndefined(patch) });
  if ('system' in patch && patch.system === undefined) delete next.system;
  return next;
}

function positiveInteger(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 1 ? Math.floor(value) : fallback;
}

function withoutUndefined<T extends object>(patch: T): Partial<T> {
  return Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as Partial<T>;
}
