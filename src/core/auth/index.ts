/**
 * core/auth: signing in to protected MCP servers (the MCP authorization spec: OAuth 2.1 with
 * PKCE, resource indicators, metadata discovery, client metadata documents or registration),
 * runnable in Node. The page injects the popup, the storage and fetch; each step is recorded,
 * redacted, for the auth debugger.
 */
export { type AppOAuthUrls } from './app-urls';
export { type AuthErrorCode } from './auth-error';
export { AuthSession } from './auth-session';
export { AuthTrace, type AuthExchange, type AuthStep, type AuthStepKind } from './auth-trace';
export { type OpenAuthorization } from './authorize';
export { type OAuthServerConfig } from './client-registration';
export { type CryptoKeyStore, type TokenBackend } from './encrypted-token-store';
export { type PendingRedirect, type RedirectReturn, type SameTabRedirect } from './pending-redirect';
export { redactJson, redactOAuthUrl, redactParams } from './redact-oauth';
export { type TokenRecord, type TokenStore } from './token-store';
