/**
 * The interactive part of a sign-in: authorization code with PKCE S256, a `state` we check (the
 * SDK does not), the `resource` (RFC 8707) and scopes, in the injected popup; the callback's
 * `iss` checked (RFC 9207); then the code exchanged for tokens. The SDK builds the URL and makes
 * the token request; the checks and the naming of failures are ours.
 */
import {
  exchangeAuthorization,
  IssuerMismatchError,
  OAuthError,
  startAuthorization,
  validateAuthorizationResponseIssuer,
} from '@modelcontextprotocol/client';
import type { FetchLike, OAuthTokens } from '@modelcontextprotocol/client';
import { encodeBase64Url } from '../shared/base64url';
import { AuthError } from './auth-error';
import type { AuthStepKind } from './auth-steps';
import type { AuthTrace, StepRecorder } from './auth-trace';
import type { ResolvedClient } from './client-registration';
import type { Discovery } from './discovery';
import { ENDPOINT_NAMES, explainFetchFailure, firstFetchFailure } from './explain-fetch-failure';
import type { FailureContext } from './explain-fetch-failure';

/** Opens `url` where the person can sign in (a popup in the page) and resolves with the callback's query. */
export type OpenAuthorization = (url: URL) => Promise<URLSearchParams>;

/** What the interactive authorization needs. */
export interface AuthorizeOptions {
  discovery: Discovery;
  client: ResolvedClient;
  redirectUri: string;
  scope?: string;
  openAuthorization: OpenAuthorization;
  fetch: FetchLike;
  trace: AuthTrace;
  failure: FailureContext;
  /** Adds DPoP proofs to the token request (when the sign-in is DPoP-bound); outside the step's recording fetch, so each attempt is recorded with its proof. */
  proveTokenRequest?: (fetch: FetchLike) => FetchLike;
}

/** A random `state` value: 256 bits, base64url. */
function randomState(): string {
  return encodeBase64Url(globalThis.crypto.getRandomValues(new Uint8Array(32)));
}

/** The coded error of a token-endpoint request (`token` or `refresh` step) that failed. */
export function tokenFailure(step: StepRecorder, error: unknown, context: FailureContext): AuthError {
  const kind: AuthStepKind = step.record.step;
  const endpoint = step.record.urlsTried.at(-1);
  const blocked = firstFetchFailure(step.record.exchanges);
  if (blocked) return step.fail(explainFetchFailure(kind, blocked.url, blocked.failure?.message ?? '', context));
  const detail = error instanceof OAuthError ? `${error.code}: ${error.message}` : String(error);
  return step.fail(
    new AuthError({
      code: 'token-rejected',
      step: kind,
      message: `The ${ENDPOINT_NAMES[kind]} refused: ${detail}`,
      fix: kind === 'refresh' ? 'Sign in again.' : 'Sign in again; if it keeps failing, the authorization server’s log says why.',
      ...(endpoint && { endpoint }),
      cause: error,
    }),
  );
}

/** Checks the callback's `state`, `error` and `iss`, in that order; returns the code. */
function checkCallback(step: StepRecorder, callback: URLSearchParams, state: string, discovery: Discovery): string {
  if (callback.get('state') !== state) {
    throw step.fail(
      new AuthError({
        code: 'state-mismatch',
        step: 'authorize',
        message: 'The sign-in answer does not carry the state this page sent: it is not the answer to this sign-in.',
        fix: 'Start the sign-in again from this page; close other sign-in windows for this server.',
      }),
    );
  }
  step.check('state matches the one sent');
  const error = callback.get('error');
  if (error !== null) {
    const description = callback.get('error_description') ?? '';
    if (error === 'access_denied') {
      throw step.fail(
        new AuthError({
          code: 'consent-denied',
          step: 'authorize',
          message: `Access was not granted${description ? `: ${description}` : '.'}`,
          fix: 'Sign in again and allow access, or remove the server.',
        }),
      );
    }
    throw step.fail(
      new AuthError({
        code: 'authorization-failed',
        step: 'authorize',
        message: `The authorization server answered ${error}${description ? `: ${description}` : ''}.`,
        fix: 'Check the server’s OAuth settings (client id, scopes, redirect URI) and sign in again.',
      }),
    );
  }
  const metadata = discovery.metadata;
  try {
    validateAuthorizationResponseIssuer({
      iss: callback.get('iss') ?? undefined,
      expectedIssuer: metadata?.issuer,
      issParameterSupported: metadata?.authorization_response_iss_parameter_supported === true,
    });
  } catch (issue) {
    if (!(issue instanceof IssuerMismatchError)) throw issue;
    throw step.fail(
      new AuthError({
        code: 'iss-mismatch',
        step: 'authorize',
        message: `The sign-in answer came from issuer ${issue.received ?? '(none)'}, not ${issue.expected}: possibly a mix-up attack.`,
        fix: 'Do not retry from this window; start the sign-in again from the server card.',
        cause: issue,
      }),
    );
  }
  if (callback.has('iss')) step.check('iss matches the authorization server (RFC 9207)');
  const code = callback.get('code');
  if (code === null)
    throw step.fail(
      new AuthError({
        code: 'authorization-failed',
        step: 'authorize',
        message: 'The sign-in answer has no code.',
        fix: 'Sign in again.',
      }),
    );
  return code;
}

/** An authorization under way: the URL the person is sent to, and what its answer is checked and exchanged with. */
export interface StartedAuthorization {
  authorizationUrl: URL;
  codeVerifier: string;
  state: string;
}

/** The `authorize` step's first half: the PKCE pair, the state and the URL (nothing opened yet). */
export async function beginAuthorization(
  step: StepRecorder,
  options: Omit<AuthorizeOptions, 'openAuthorization' | 'fetch' | 'trace' | 'failure'>,
): Promise<StartedAuthorization> {
  const { discovery, client, redirectUri, scope } = options;
  const state = randomState();
  try {
    const started = await startAuthorization(discovery.authorizationServer, {
      ...(discovery.metadata && { metadata: discovery.metadata }),
      clientInformation: client.information,
      redirectUrl: redirectUri,
      ...(scope && { scope }),
      state,
      resource: discovery.resource,
    });
    step.check(`PKCE S256, state, resource ${discovery.resource}${scope ? `, scope "${scope}"` : ''}`);
    return { ...started, state };
  } catch (error) {
    throw step.fail(
      new AuthError({
        code: 'incompatible-server',
        step: 'authorize',
        message: String(error instanceof Error ? error.message : error),
        fix: 'The authorization server must support the code flow with PKCE S256.',
        cause: error,
      }),
    );
  }
}

/** The second half, once the authorization page answered `callback`: its checks, then the `token` step. */
export async function finishAuthorization(
  step: StepRecorder,
  started: StartedAuthorization,
  callback: URLSearchParams,
  options: Omit<AuthorizeOptions, 'openAuthorization'>,
): Promise<OAuthTokens> {
  const { discovery, client, redirectUri } = options;
  step.navigation(started.authorizationUrl, callback);
  const code = checkCallback(step, callback, started.state, discovery);
  step.ok();

  const tokenStep = options.trace.begin('token');
  try {
    const tokens = await exchangeAuthorization(discovery.authorizationServer, {
      ...(discovery.metadata && { metadata: discovery.metadata }),
      clientInformation: client.information,
      authorizationCode: code,
      // Checked above already; the SDK checks it again and requires it when the server advertises it.
      ...(callback.has('iss') && { iss: callback.get('iss') ?? '' }),
      codeVerifier: started.codeVerifier,
      redirectUri,
      resource: discovery.resource,
      fetchFn: options.proveTokenRequest ? options.proveTokenRequest(tokenStep.fetch(options.fetch)) : tokenStep.fetch(options.fetch),
    });
    if (options.proveTokenRequest) tokenStep.check(`DPoP proof sent (ES256, this sign-in’s key); token type ${tokens.token_type}`);
    tokenStep.ok(`Granted scope: ${tokens.scope ?? '(not stated)'}${tokens.refresh_token ? ', with a refresh token' : ''}.`);
    return tokens;
  } catch (error) {
    throw tokenFailure(tokenStep, error, options.failure);
  }
}

/** Runs the authorization in the popup and exchanges the code; returns the tokens. */
export async function authorize(options: AuthorizeOptions): Promise<OAuthTokens> {
  const step = options.trace.begin('authorize');
  const started = await beginAuthorization(step, options);
  let callback: URLSearchParams;
  try {
    callback = await options.openAuthorization(started.authorizationUrl);
  } catch (error) {
    step.navigation(started.authorizationUrl);
    if (error instanceof AuthError) throw step.fail(error);
    throw step.fail(
      new AuthError({
        code: 'authorization-failed',
        step: 'authorize',
        message: `The sign-in window failed: ${String(error)}`,
        fix: 'Sign in again.',
        cause: error,
      }),
    );
  }
  return finishAuthorization(step, started, callback, options);
}
