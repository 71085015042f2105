/**
 * Errors the provider parsers throw. Each carries a stable `code` that matches the codes of
 * `explainModelHttpError`, so callers branch on the code, never on message text.
 */
import type { NeutralResponse } from '../conversation';

/** The stream ended before its end marker (`message_stop`, `data: [DONE]`, `response.completed`). */
export class StreamCutError extends Error {
  readonly code = 'stream-cut';
  /** The registry id of the wire format. */
  readonly provider: string;
  /** What had arrived before the cut, assembled as far as possible. */
  readonly partial: NeutralResponse;

  constructor(provider: string, endMarker: string, partial: NeutralResponse) {
    super(`The ${provider} stream ended before its end marker (${endMarker}).`);
    this.name = 'StreamCutError';
    this.provider = provider;
    this.partial = partial;
  }
}

/** The provider sent an error event in the middle of a stream. */
export class ProviderStreamError extends Error {
  readonly code = 'provider-stream-error';
  /** The registry id of the wire format. */
  readonly provider: string;
  /** The provider's error type, e.g. `overloaded_error`. */
  readonly errorType: string;
  /** What had arrived before the error, assembled as far as possible. */
  readonly partial: NeutralResponse;

  constructor(provider: string, errorType: string, message: string, partial: NeutralResponse) {
    super(message);
    this.name = 'ProviderStreamError';
    this.provider = provider;
    this.errorType = errorType;
    this.partial = partial;
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
