/**
 * A failed model request, in words for the person: its own module so code that only recognises
 * the failure (the replay store) does not load the request and streaming code.
 */

/** What went wrong with a model request, in words for the person. */
export interface ModelFailure {
  /** A ModelErrorCode (`bad-key`, `cors`, `stream-cut`, …), `stream-error` or `internal`. */
  code: string;
  title: string;
  detail: string;
  /** True when trying again can succeed. */
  retryable: boolean;
  /** How long the server asked to wait before a retry, in milliseconds. */
  retryAfterMs?: number;
  /** The HTTP status, when an answer arrived. */
  status?: number;
}

/** A failed model request; `code` is the failure's code. */
export class ModelRequestError extends Error {
  override readonly name = 'ModelRequestError';
  readonly code: string;
  readonly failure: ModelFailure;
  /** Requests made before giving up (set by the retry loop). */
  attempts = 1;

  constructor(failure: ModelFailure, options?: { cause?: unknown }) {
    super(`${failure.title}: ${failure.detail}`, options);
    this.code = failure.code;
    this.failure = failure;
  }
}
