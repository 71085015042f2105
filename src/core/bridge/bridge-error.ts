import { CodedError } from '../shared/coded-error';

/**
 * Stable codes of the bridge's failures: `bad-pair-link` (the `#bridge=` fragment is not a pairing
 * this page accepts), `unreachable` (no answer: the bridge is not running, or the browser blocked
 * the request), `unauthorized` (401: the token is not this bridge's, e.g. it restarted),
 * `forbidden` (403: this page's origin is not allowed), `not-found` (no such server),
 * `bad-response` (an answer that is not the contract's shape).
 */
export type BridgeErrorCode = 'bad-pair-link' | 'unreachable' | 'unauthorized' | 'forbidden' | 'not-found' | 'http-error' | 'bad-response';

/** A failure pairing with or talking to a glassbox-bridge. */
export class BridgeError extends CodedError<BridgeErrorCode> {
  /** HTTP status, when the bridge answered. */
  readonly status: number | undefined;

  constructor(code: BridgeErrorCode, message: string, options: { cause?: unknown; status?: number } = {}) {
    super(code, message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'BridgeError';
    this.status = options.status;
  }
}
