/**
 * The registry of wire formats. A new format is a folder under core/providers/ and one line
 * here; `ProviderId` and every list of formats (the picker, the schema tabs, saved data checks)
 * follow from it.
 */
import type { EndpointPreset } from './adapter-parts';
import { anthropicProvider } from './anthropic/anthropic-provider';
import { demoProvider } from './demo/demo-provider';
import { openAIProvider } from './openai/openai-provider';
import { openAIResponsesProvider } from './openai-responses/openai-responses-provider';
import type { ProviderAdapter } from './provider';

const REGISTRY = {
  [anthropicProvider.id]: anthropicProvider,
  [openAIProvider.id]: openAIProvider,
  [openAIResponsesProvider.id]: openAIResponsesProvider,
  [demoProvider.id]: demoProvider,
};

/** The id of a wire format Glassbox speaks: a key of the registry. */
export type ProviderId = keyof typeof REGISTRY;

/** Every wire format, by id, in the order the picker shows them. */
export const PROVIDERS: Readonly<Record<ProviderId, ProviderAdapter>> = REGISTRY;

/** The registry's ids, in order. */
export const PROVIDER_IDS: readonly ProviderId[] = Object.keys(REGISTRY) as ProviderId[];

/** The ids of the formats with a wire of their own (not the demo, which borrows one), in order. */
export const WIRE_FORMAT_IDS: readonly ProviderId[] = PROVIDER_IDS.filter((id) => PROVIDERS[id].borrowsWire !== true);

/** True when `value` names a wire format in the registry (saved data, a select's value). */
export function isProviderId(value: unknown): value is ProviderId {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(REGISTRY, value);
}

/** A ready-made endpoint and the wire format it speaks. */
export interface ProviderPreset extends EndpointPreset {
  provider: ProviderId;
}

/** Every format's presets, in registry order. */
export const PRESETS: readonly ProviderPreset[] = PROVIDER_IDS.flatMap((provider) =>
  PROVIDERS[provider].presets.map((preset) => ({ ...preset, provider })),
);
