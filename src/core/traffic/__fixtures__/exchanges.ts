/** A recorded model exchange to start tests from (tests only). */
import type { HttpExchange } from '../types';

/** A finished Anthropic Messages call at time 0 with no headers, plus overrides. */
export function modelExchange(overrides: Partial<HttpExchange> = {}): HttpExchange {
  return {
    id: 1,
    wire: 'model',
    source: 'anthropic',
    method: 'POST',
    url: 'https://api.anthropic.com/v1/messages',
    startedAt: 0,
    state: 'done',
    requestHeaders: {},
    ...overrides,
  };
}
