/**
 * Reads Responses API errors. An HTTP error body has the Chat Completions shape
 * (`{ error: { message, type, param, code } }`); in a stream, an `error` event carries `code` and
 * `message` at its top, and `response.failed` carries them in `response.error`.
 */
import type { ProviderErrorInfo } from '../provider';
import { isPlainObject } from '../../shared/json';
import { parseOpenAIError } from '../openai';

/** A Responses error body, parsed JSON or raw text → `{ type, message }` (the same shape as Chat Completions'). */
export function parseOpenAIResponsesError(body: unknown): ProviderErrorInfo {
  return parseOpenAIError(body);
}

/** An `error` or `response.failed` stream event → `{ type, message }`; the type is the error's `code`. */
export function readResponsesStreamError(data: Record<string, unknown>): ProviderErrorInfo {
  const source = isPlainObject(data['response']) && isPlainObject(data['response']['error']) ? data['response']['error'] : data;
  const code = source['code'] ?? source['type'];
  const type = typeof code === 'string' && code !== '' && code !== 'error' ? code : 'unknown';
  const message =
    typeof source['message'] === 'string' && source['message'] !== ''
      ? source['message']
      : 'The stream reported an error without a message.';
  return { type, message };
}
