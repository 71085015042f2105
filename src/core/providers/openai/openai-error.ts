/** Reads an OpenAI error body (`{ error: { message, type, param, code } }`). */
import type { ProviderErrorInfo } from '../provider';
import { isPlainObject } from '../parse-tool-arguments';
import { decodeErrorBody, readErrorBody } from '../read-error-body';

/**
 * An OpenAI (or OpenAI-compatible) error body, parsed JSON or raw text → `{ type, message }`.
 * The type is `error.type`, else `error.code` (OpenRouter sends numeric codes, no type).
 */
export function parseOpenAIError(body: unknown): ProviderErrorInfo {
  const decoded = decodeErrorBody(body);
  if (isPlainObject(decoded) && isPlainObject(decoded['error'])) {
    const { type, code, message } = decoded['error'];
    if (typeof message === 'string') {
      const errorType = typeof type === 'string' && type !== '' ? type : code != null && code !== '' ? String(code) : 'unknown';
      return { type: errorType, message };
    }
  }
  return readErrorBody(decoded);
}
