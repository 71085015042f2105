/**
 * Sends an approved sampling request to the person's model: converted to the neutral request,
 * built in the currently selected wire format with the person's key, and sent through the
 * recording fetch marked as that server's sampling request, so it shows on the model wire.
 */
// Straight from the module: the agent's index leaves the model-call code out (it loads on first use).
import { callModel } from '../agent/call-model';
import { sleepWithSignal } from '../agent';
import type { ProviderId } from '../providers';
import { PROVIDERS } from '../providers';
import { neutralToCreateMessageResult, samplingToNeutralRequest } from '../sampling';
import type { SamplingRequest } from '../sampling';
import type { CallContext } from '../traffic';
import type { SamplingReply } from './inbox-types';

/** The model settings a sampling request is sent with (the chat's current ones). */
export interface SamplingModelSettings {
  provider: ProviderId;
  model: string;
  baseUrl: string;
  apiKey: string;
  /** The person's ceiling on max tokens; the server's value is used when lower. */
  maxTokens: number;
}

/** What sending to the model needs. */
export interface SamplingModel {
  settings(): SamplingModelSettings;
  /** The recording fetch of a provider, its exchanges part of `context`. */
  modelFetch(provider: ProviderId, context: CallContext): typeof fetch;
  now?(): number;
}

/** Sends the request and reads the whole reply; throws the model's failure (a ModelRequestError) or the abort reason. */
export async function askModel(
  request: SamplingRequest,
  server: string,
  model: SamplingModel,
  signal: AbortSignal,
): Promise<SamplingReply> {
  const settings = model.settings();
  const converted = samplingToNeutralRequest(request, { model: settings.model, stream: false, maxTokensCap: settings.maxTokens });
  const built = PROVIDERS[settings.provider].buildRequest(converted.request, { baseUrl: settings.baseUrl, apiKey: settings.apiKey });
  const reply = await callModel({
    fetch: model.modelFetch(settings.provider, { samplingFor: server }),
    provider: settings.provider,
    built,
    model: settings.model,
    signal,
    onTextDelta: () => undefined,
    now: model.now ?? Date.now,
    sleep: sleepWithSignal,
  });
  return {
    result: neutralToCreateMessageResult(reply.response, settings.model),
    provider: settings.provider,
    warnings: [...converted.warnings, ...reply.warnings].map((warning) => warning.message),
  };
}
