/**
 * Who a sign-in belongs to, for the server card: read from the ID token, else from a JWT access
 * token, when the authorization server issued one. The claims are shown, never trusted: nothing
 * is decided from them, so the signature is not checked (the page could not check it anyway
 * without the server's keys, and an opaque token says nothing at all).
 */
import type { OAuthTokens } from '@modelcontextprotocol/client';
import { decodeBase64UrlText } from '../shared/base64url';
import type { TokenRecord } from './token-store';

/** The payload of a JWT, or undefined when `token` is not one. */
function jwtClaims(token: string | undefined): Record<string, unknown> | undefined {
  const payload = token?.split('.')[1];
  if (payload === undefined || token?.split('.').length !== 3) return undefined;
  try {
    const value: unknown = JSON.parse(decodeBase64UrlText(payload) ?? '');
    return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The most readable name a token's claims give (email, preferred username, name, subject). */
function nameIn(claims: Record<string, unknown> | undefined): string | undefined {
  for (const claim of ['email', 'preferred_username', 'name', 'sub']) {
    const value = claims?.[claim];
    if (typeof value === 'string' && value !== '') return value;
  }
  return undefined;
}

/** Who `tokens` belong to, else who the previous record said (a refresh may carry no ID token). */
export function accountOf(tokens: OAuthTokens, previous: TokenRecord | undefined): string | undefined {
  return nameIn(jwtClaims(tokens.id_token)) ?? nameIn(jwtClaims(tokens.access_token)) ?? previous?.account;
}
