/**
 * Pure helpers behind the model settings bar: presets per wire format, what a provider
 * switch changes, which endpoints are local, and the opt-in storage of API keys.
 */
import type { ModelSettings } from '../../core/agent';
import { PRESETS, PROVIDERS } from '../../core/providers';
import type { ProviderId, ProviderPreset } from '../../core/providers';

/** The presets that speak a wire format (for Chat Completions: OpenAI, OpenRouter, Ollama, LM Studio). */
export function presetsFor(provider: ProviderId): ProviderPreset[] {
  return PRESETS.filter((preset) => preset.provider === provider);
}

/** Trailing slashes and spaces do not make a different endpoint. */
function cleanUrl(url: string): string {
  return url.trim().replace(/\/+$/, '');
}

/** The URL a request will really go to: the typed one, or the provider's default when empty. */
export function effectiveBaseUrl(provider: ProviderId, baseUrl: string): string {
  const clean = cleanUrl(baseUrl);
  return clean === '' ? PROVIDERS[provider].defaultBaseUrl : clean;
}

/** The preset whose URL the settings point at, if any. */
export function matchPreset(provider: ProviderId, baseUrl: string): ProviderPreset | undefined {
  const url = effectiveBaseUrl(provider, baseUrl);
  return presetsFor(provider).find((preset) => cleanUrl(preset.baseUrl) === url);
}

/** The `baseUrl` value to store for a preset: '' for the provider's own default, else its URL. */
export function baseUrlForPreset(preset: ProviderPreset): string {
  return cleanUrl(preset.baseUrl) === cleanUrl(PROVIDERS[preset.provider].defaultBaseUrl) ? '' : preset.baseUrl;
}

/** True for endpoints on this machine (localhost, 127.x, ::1), which usually need no API key. */
export function isLocalBaseUrl(url: string): boolean {
  try {
    const host = new URL(url).hostname.toLowerCase();
    return host === 'localhost' || host.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(host) || host === '[::1]' || host === '::1';
  } catch {
    return false;
  }
}

/** True when the settings point at an endpoint that takes no key: a local server, or a preset that needs none (the demo). */
export function needsNoKey(settings: { provider: ProviderId; baseUrl: string }): boolean {
  return (
    isLocalBaseUrl(effectiveBaseUrl(settings.provider, settings.baseUrl)) ||
    matchPreset(settings.provider, settings.baseUrl)?.needsKey === false
  );
}

/** Whether a send without a key deserves the "no API key" hint (endpoints that take a key only). */
export function needsKeyHint(settings: { provider: ProviderId; baseUrl: string; hasApiKey: boolean }): boolean {
  return !settings.hasApiKey && !needsNoKey(settings);
}

/**
 * What else changes when the person picks another wire format: a model name taken from the
 * old format's suggestions (or none) becomes the new format's first suggestion, and a base
 * URL that was one of the old format's presets goes back to the new default. Anything the
 * person typed themselves is kept.
 */
export function providerSwitchPatch(
  current: Pick<ModelSettings, 'provider' | 'model' | 'baseUrl'>,
  next: ProviderId,
): Partial<ModelSettings> {
  const patch: Partial<ModelSettings> = { provider: next };
  if (next === current.provider) return patch;
  const model = current.model.trim();
  if (model === '' || PROVIDERS[current.provider].modelSuggestions.includes(model)) {
    const first = PROVIDERS[next].modelSuggestions[0];
    if (first !== undefined) patch.model = first;
  }
  if (cleanUrl(current.baseUrl) !== '' && matchPreset(current.provider, current.baseUrl) !== undefined) {
    patch.baseUrl = '';
  }
  return patch;
}

/** The localStorage key of a remembered API key. */
export function apiKeyStorageKey(provider: ProviderId): string {
  return `glassbox.apiKey.${provider}`;
}

/** The part of `Storage` the key memory uses (injectable for tests). */
export type KeyStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The remembered key for a provider, or undefined when none is stored (or storage is blocked). */
export function readRememberedKey(storage: KeyStorage | undefined, provider: ProviderId): string | undefined {
  try {
    return storage?.getItem(apiKeyStorageKey(provider)) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Store (or, with `undefined`, forget) a provider's key; false when the browser refused. */
export function writeRememberedKey(storage: KeyStorage | undefined, provider: ProviderId, key: string | undefined): boolean {
  if (storage === undefined) return false;
  try {
    if (key === undefined) storage.removeItem(apiKeyStorageKey(provider));
    else storage.setItem(apiKeyStorageKey(provider), key);
    return true;
  } catch {
    return false;
  }
}

/** The page's localStorage, or undefined where there is none or it is blocked. */
export function browserStorage(): KeyStorage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}
