/**
 * Counts what tool definitions cost on the Anthropic Messages wire with Anthropic's own counter,
 * `POST {base}/v1/messages/count_tokens` (same headers as a Messages request, the person's key).
 * Each tool is counted alone against a baseline without tools: its figure is `alone − baseline`.
 * Anthropic adds a tool-use system prompt to any request that has tools, so each such figure
 * includes that prompt once; the offered tools are therefore also counted together, and that
 * `together − baseline` is what the tool list really adds to a request. Every count is a real
 * request through the injected (recording) fetch, so it shows on the model wire like any other.
 */
import type { NeutralMessage, NeutralToolDefinition } from '../conversation';
import { errorMessageOf, PROVIDERS } from '../providers';
import { CodedError } from '../shared/coded-error';
import { isPlainObject } from '../shared/json';

/** Why counting failed: the endpoint answered an error, or something other than a count. */
export class TokenCountError extends CodedError<'http' | 'malformed'> {
  override readonly name = 'TokenCountError';
}

/** The probe conversation every count carries (count_tokens needs at least one message). */
const COUNT_PROBE_MESSAGES: readonly NeutralMessage[] = [{ role: 'user', parts: [{ type: 'text', text: 'Hi' }] }];

/** What a count needs: the recording fetch of the Anthropic wire and the person's current settings. */
export interface AnthropicCountOptions {
  fetch: typeof fetch;
  model: string;
  baseUrl: string;
  apiKey: string;
  signal?: AbortSignal;
}

/** The counts: per tool (alone − baseline), the baseline, and the offered tools together. */
export interface AnthropicToolCounts {
  /** Input tokens of the probe without tools. */
  baseline: number;
  /** By tool name: input tokens it adds when it is the only tool. */
  perTool: Record<string, number>;
  /** Input tokens the offered tools add together (`together − baseline`); 0 with none offered. */
  together: number;
}

/** The count_tokens body for these tools: what a Messages request would carry, minus what the counter does not take. */
function countTokensRequest(
  tools: readonly NeutralToolDefinition[],
  options: Pick<AnthropicCountOptions, 'model' | 'baseUrl' | 'apiKey'>,
): { url: string; headers: Record<string, string>; body: Record<string, unknown> } {
  const built = PROVIDERS.anthropic.buildRequest(
    { model: options.model, messages: [...COUNT_PROBE_MESSAGES], tools: [...tools], maxTokens: 1, stream: false },
    { baseUrl: options.baseUrl, apiKey: options.apiKey },
  );
  const messagesBody = built.body as Record<string, unknown>;
  // The counter takes model, messages, system and tools; max_tokens and stream would be rejected.
  const body: Record<string, unknown> = { model: messagesBody['model'], messages: messagesBody['messages'] };
  if (messagesBody['system'] !== undefined) body['system'] = messagesBody['system'];
  if (tools.length > 0) body['tools'] = messagesBody['tools'];
  return { url: `${built.url}/count_tokens`, headers: built.headers, body };
}

/** One count_tokens request; its `input_tokens`. Throws TokenCountError. */
export async function countInputTokens(tools: readonly NeutralToolDefinition[], options: AnthropicCountOptions): Promise<number> {
  const request = countTokensRequest(tools, options);
  const response = await options.fetch(request.url, {
    method: 'POST',
    headers: request.headers,
    body: JSON.stringify(request.body),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    const message = isPlainObject(body) ? errorMessageOf(body) : undefined;
    throw new TokenCountError('http', `count_tokens answered ${response.status}${message ? `: ${message}` : ''}`);
  }
  const tokens = isPlainObject(body) ? body['input_tokens'] : undefined;
  if (typeof tokens !== 'number' || !Number.isFinite(tokens))
    throw new TokenCountError('malformed', 'count_tokens answered without a number in input_tokens.');
  return tokens;
}

/** Counts the baseline, each tool alone, and the offered ones together (one request each, in that order). */
export async function countAnthropicTools(
  tools: readonly NeutralToolDefinition[],
  offered: readonly NeutralToolDefinition[],
  options: AnthropicCountOptions,
): Promise<AnthropicToolCounts> {
  const baseline = await countInputTokens([], options);
  const perTool: Record<string, number> = {};
  for (const tool of tools) perTool[tool.name] = (await countInputTokens([tool], options)) - baseline;
  const together = offered.length === 0 ? 0 : (await countInputTokens(offered, options)) - baseline;
  return { baseline, perTool, together };
}
