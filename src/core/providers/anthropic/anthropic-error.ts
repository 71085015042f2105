/** Reads an Anthropic error body (`{ type: 'error', error: { type, message } }`). */
import type { ProviderErrorInfo } from '../provider';
import { isPlainObject } from '../../shared/json';
import { decodeErrorBody, readErrorBody } from '../read-error-body';

/**
 * An Anthropic error body (parsed JSON or raw text) → `{ type, message }`, e.g.
 * `{ type: 'overloaded_error', message: 'Overloaded' }`. Bodies in other shapes (a proxy's
 * HTML page, a gateway's own JSON) are read as well as they can be.
 */
export function parseAnthropicError(body: unknown): ProviderErrorInfo {
  const decoded = decodeErrorBody(body);
  if (isPlainObject(decoded) && decoded['type'] === 'error' && isPlainObject(decoded['error'])) {
    const { type, message } = decoded['error'];
    if (typeof type === 'string' && typeof message === 'string') return { type, message };
  }
  return readErrorBody(decoded);
}
