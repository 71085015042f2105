/**
 * core/auth: signing in to protected MCP servers (the MCP authorization spec: OAuth 2.1 with
 * PKCE, resource indicators, metadata discovery, client metadata documents or registration),
 * runnable in Node. The page injects the popup, the storage and fetch; each step is recorded,
 * redacted, for the auth debugger.
 */
export { appOAuthUrls, CLIENT_NAME, clientMetadata, clientMetadataDocument, type AppOAuthUrls } from './app-urls';
export { AuthError, popupBlockedError, popupClosedError, type AuthErrorCode } from './auth-error';
export { authMiddleware, type AuthMiddlewareOptions } from './auth-middleware';
export { AuthSession, type AuthSessionOptions, type AuthStatus } from './auth-session';
export { AuthTrace, StepRecorder, type AuthExchange, type AuthStep, type AuthStepKind, type AuthStepStatus } from './auth-trace';
export {
  authorize,
  beginAuthorization,
  finishAuthorization,
  type AuthorizeOptions,
  type OpenAuthorization,
  type StartedAuthorization,
} from './authorize';
export {
  resolveClient,
  type ClientSource,
  type OAuthServerConfig,
  type ResolveClientOptions,
  type ResolvedClient,
} from './client-registration';
export { discover, readChallenge, type Challenge, type DiscoverOptions, type Discovery } from './discovery';
export { ENDPOINT_NAMES, explainFetchFailure, type FailureContext } from './explain-fetch-failure';
export { EncryptedTokenStore, TOKEN_INDEX_KEY, TOKEN_RECORD_PREFIX, type CryptoKeyStore, type TokenBackend } from './encrypted-token-store';
export { seal, unseal, type PendingRedirect, type RedirectReturn, type SameTabRedirect, type Sealed } from './pending-redirect';
export { DEFAULT_MAX_PROMPTS, PromptBudget } from './prompt-budget';
export { redactJson, redactOAuthText, redactOAuthUrl, redactParams } from './redact-oauth';
export { revokeTokens } from './revoke';
export { MemoryTokenStore, tokenKey, type TokenRecord, type TokenStore } from './token-store';
export { RememberingTokenStore } from './remembering-token-store';
