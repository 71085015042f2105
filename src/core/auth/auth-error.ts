/**
 * The one coded error of the sign-in flow. Each failure a person can meet in the wild has its
 * own code, the step it happened in, the endpoint it concerns and a `fix` sentence, so the auth
 * debugger and the server card branch on `code`, never on message text.
 */
import type { AuthStepKind } from './auth-steps';

/** Every way a sign-in can fail, one code each. */
export type AuthErrorCode =
  | 'cors-blocked'
  | 'network-failed'
  | 'metadata-not-found'
  | 'issuer-mismatch'
  | 'resource-mismatch'
  | 'incompatible-server'
  | 'registration-rejected'
  | 'redirect-uri-not-allowed'
  | 'client-id-needed'
  | 'consent-denied'
  | 'popup-closed'
  | 'popup-blocked'
  | 'sign-in-required'
  | 'state-mismatch'
  | 'iss-mismatch'
  | 'authorization-failed'
  | 'token-rejected'
  | 'too-many-prompts';

/** A failed sign-in step; `fix` is the sentence that tells the person (or the server's owner) what to change. */
export class AuthError extends Error {
  override readonly name = 'AuthError';
  readonly code: AuthErrorCode;
  readonly step: AuthStepKind;
  /** The URL of the endpoint concerned, when there is one. */
  readonly endpoint: string | undefined;
  readonly fix: string;

  constructor(details: {
    code: AuthErrorCode;
    step: AuthStepKind;
    message: string;
    fix: string;
    endpoint?: string | undefined;
    cause?: unknown;
  }) {
    super(details.message, { cause: details.cause });
    this.code = details.code;
    this.step = details.step;
    this.endpoint = details.endpoint;
    this.fix = details.fix;
  }
}

/** The error the injected `openAuthorization` throws when the browser refused to open the sign-in window. */
export function popupBlockedError(): AuthError {
  return new AuthError({
    code: 'popup-blocked',
    step: 'authorize',
    message: 'The browser blocked the sign-in window.',
    fix: 'Continue the sign-in in this tab (Glassbox comes back here when it is done), or allow popups for this page and press "Sign in" again.',
  });
}

/** The error the injected `openAuthorization` throws when the person closed the popup before it finished. */
export function popupClosedError(): AuthError {
  return new AuthError({
    code: 'popup-closed',
    step: 'authorize',
    message: 'The sign-in window was closed before it finished.',
    fix: 'Open "Sign in" again and finish in the window that opens (allow popups for this page if the browser blocked it).',
  });
}
