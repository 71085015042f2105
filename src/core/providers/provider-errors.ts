/**
 * Errors the provider parsers throw. Each carries a stable `code` that matches the codes of
 * `explainModelHttpError`, so callers branch on the code, never on message text.
 */
import type { NeutralResponse } from '../conversation';

/**
 * A streamed reply that stopped before it was complete. The parsers of every wire format end a
 * broken stream the same way: they name the format and hand over what had arrived, so the
 * agent can still show it.
 */
abstract class IncompleteReplyError extends Error {
  /** The registry id of the wire format. */
  readonly provider: string;
  /** What had arrived before the stream stopped, assembled as far as possible. */
  readonly partial: NeutralResponse;

  protected constructor(name: string, provider: string, message: string, partial: NeutralResponse) {
    super(message);
    this.name = name;
    this.provider = provider;
    this.partial = partial;
  }
}

/** The stream ended before its end marker (`message_stop`, `data: [DONE]`, `response.completed`). */
export class StreamCutError extends IncompleteReplyError {
  readonly code = 'stream-cut';

  constructor(provider: string, endMarker: string, partial: NeutralResponse) {
    super('StreamCutError', provider, `The ${provider} stream ended before its end marker (${endMarker}).`, partial);
  }
}

/** The provider sent an error event in the middle of a stream. */
export class ProviderStreamError extends IncompleteReplyError {
  readonly code = 'provider-stream-error';
  /** The provider's error type, e.g. `overloaded_error`. */
  readonly errorType: string;

  constructor(provider: string, errorType: string, message: string, partial: NeutralResponse) {
    super('ProviderStreamError', provider, message, partial);
    this.errorType = errorType;
  }
}

/** A reply body or stream chunk that is not what the wire format promises (not JSON, wrong shape). */
export class MalformedResponseError extends Error {
  readonly code = 'malformed';
  /** The registry id of the wire format. */
  readonly provider: string;
  /** The offending text, cut to 500 characters. */
  readonly excerpt: string;

  constructor(provider: string, message: string, excerpt: string) {
    super(message);
    this.name = 'MalformedResponseError';
    this.provider = provider;
    this.excerpt = excerpt.length > 500 ? `${excerpt.slice(0, 500)}…` : excerpt;
  }
}

/**
 * The JSON object one stream event carries. Throws `MalformedResponseError` (naming the format)
 * when its data is not JSON or not an object.
 */
export function parseEventObject(provider: string, data: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    throw new MalformedResponseError(provider, 'A stream event carried data that is not JSON.', data);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new MalformedResponseError(provider, 'A stream event is not an object.', data);
  }
  return value as Record<string, unknown>;
}
