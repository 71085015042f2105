/** Reads an OpenAI error body (`{ error: { message, type, param, code } }`). */
import type { ProviderErrorInfo } from '../provider';
import { isPlainObject } from '../../shared/json';
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

/** What usually fixes a blocked browser request to api.openai.com (either OpenAI wire format). */
export const OPENAI_CORS_ADVICE =
  'OpenAI does not promise CORS headers for browser requests; if it refuses them, put a small proxy in front of it or use OpenRouter.';
