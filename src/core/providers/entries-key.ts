import { isProviderId, PROVIDERS } from './registry';

/**
 * Where a model request of this wire format (an exchange's `source`) keeps its conversation
 * entries (`messages`, `input`), for the traffic log's deduplicated request bodies; undefined for
 * a source that is no wire format. The key does not depend on the body (the demo's two dialects
 * both use `messages`), so an empty body asks the format's shape.
 */
export function entriesKeyOf(source: string): string | undefined {
  return isProviderId(source) ? PROVIDERS[source].summary.requestShape({}).entriesKey : undefined;
}
