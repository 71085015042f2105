/**
 * A model request with automatic retries for temporary refusals: 429 (rate limited) and 529
 * (overloaded) up to 3 attempts, 500 and 503 up to 2, with exponential backoff that honours
 * `retry-after`. Each attempt is a real request, so each is visible in the model traffic.
 */
import { ModelRequestError, type ModelFailure } from './model-failure';
import { requestModel, type ModelReply, type ModelRequestOptions } from './model-request';

/** First backoff pause when the server gives no `retry-after`: 1 second, then 2, 4, … */
const DEFAULT_RETRY_BASE_MS = 1_000;

/** Longest `retry-after` the loop waits for by itself (60 seconds); a longer one ends the turn. */
const MAX_RETRY_WAIT_MS = 60_000;

/** What the loop reports before waiting for the next attempt. */
interface RetryNotice {
  /** The attempt about to be made (2 or 3). */
  attempt: number;
  maxAttempts: number;
  delayMs: number;
  failure: ModelFailure;
}

/** Options of callModel on top of those of one request. */
export interface CallModelOptions extends Omit<ModelRequestOptions, 'onResponse'> {
  /** Waits `ms`, rejecting when `signal` aborts. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
  /** Called as each attempt starts and ends (for timeline spans). */
  onAttemptStart?(attempt: number): void;
  onAttemptEnd?(attempt: number): void;
  /** Called before waiting for a retry. */
  onRetry?(notice: RetryNotice): void;
  /** First backoff pause. Default is DEFAULT_RETRY_BASE_MS. */
  retryBaseMs?: number;
}

/** How many attempts a failure deserves in all (1 = no retry). */
export function attemptsFor(failure: ModelFailure): number {
  if (!failure.retryable || failure.status === undefined) return 1;
  if (failure.status === 429 || failure.status === 529) return 3;
  if (failure.status === 500 || failure.status === 503) return 2;
  return 1;
}

/** Sends the request, retrying temporary refusals. Throws ModelRequestError (with `attempts`) or the abort reason. */
export async function callModel(options: CallModelOptions): Promise<ModelReply & { attempts: number }> {
  const base = options.retryBaseMs ?? DEFAULT_RETRY_BASE_MS;
  for (let attempt = 1; ; attempt++) {
    options.onAttemptStart?.(attempt);
    try {
      const reply = await requestModel(options);
      options.onAttemptEnd?.(attempt);
      return { ...reply, attempts: attempt };
    } catch (error) {
      options.onAttemptEnd?.(attempt);
      if (!(error instanceof ModelRequestError)) throw error;
      error.attempts = attempt;
      const maxAttempts = attemptsFor(error.failure);
      if (attempt >= maxAttempts) throw error;
      const delayMs = error.failure.retryAfterMs ?? base * 2 ** (attempt - 1);
      if (delayMs > MAX_RETRY_WAIT_MS) throw error;
      options.onRetry?.({ attempt: attempt + 1, maxAttempts, delayMs, failure: error.failure });
      await options.sleep(delayMs, options.signal);
    }
  }
}
