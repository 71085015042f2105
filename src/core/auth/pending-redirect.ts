/**
 * The same-tab sign-in, for when the browser blocks the popup: the page itself goes to the
 * authorization page and comes back, so what the popup flow keeps in memory (the PKCE verifier,
 * the state, the discovery and the client) has to outlive the page. It is kept sealed: AES-GCM
 * under a fresh non-extractable key made for this one redirect, both deleted as soon as the
 * page is back (the verifier is never in storage in clear). The page injects where the sealed
 * record goes and how it navigates (`SameTabRedirect`).
 */
import type { ResolvedClient } from './client-registration';
import type { Discovery } from './discovery';

/** A sign-in sent to the authorization page in this tab, waiting for its answer. */
export interface PendingRedirect {
  serverUrl: string;
  issuer: string;
  discovery: Discovery;
  /** The client; a configured secret is left out (it comes from the config again, never from storage). */
  client: ResolvedClient;
  scope?: string;
  redirectUri: string;
  authorizationUrl: string;
  codeVerifier: string;
  state: string;
  /** True when the token is to be DPoP-bound (the key is made at the token request, in the page that came back). */
  dpop?: boolean;
}

/** A redirect come back: the sign-in it belongs to and the callback's query (code, state, iss or error). */
export interface RedirectReturn {
  pending: PendingRedirect;
  callback: URLSearchParams;
}

/** The page's side of the same-tab sign-in. */
export interface SameTabRedirect {
  /** Keeps `pending` (sealed) for server `serverName` and sends this tab to its authorization URL. */
  go(serverName: string, pending: PendingRedirect): Promise<void>;
  /** The sign-in this page came back from, when it is server `serverName`'s at `serverUrl` (handed out once). */
  returned(serverName: string, serverUrl: string): Promise<RedirectReturn | undefined>;
}

/** A value sealed under its own key; structured-cloneable (IndexedDB keeps the key without its bytes). */
export interface Sealed {
  key: CryptoKey;
  iv: Uint8Array<ArrayBuffer>;
  data: ArrayBuffer;
}

/** Seals `value` (as JSON) under a fresh non-extractable AES-GCM key. */
export async function seal(value: unknown, subtle: SubtleCrypto = globalThis.crypto.subtle): Promise<Sealed> {
  const key = await subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
  const data = await subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(JSON.stringify(value)));
  return { key, iv, data };
}

/** The value `sealed` holds, or undefined when it does not open (wrong key, altered data, not a sealed value). */
export async function unseal(sealed: unknown, subtle: SubtleCrypto = globalThis.crypto.subtle): Promise<unknown> {
  const { key, iv, data } = (sealed ?? {}) as Partial<Sealed>;
  if (key === undefined || iv === undefined || data === undefined) return undefined;
  try {
    return JSON.parse(new TextDecoder().decode(await subtle.decrypt({ name: 'AES-GCM', iv }, key, data))) as unknown;
  } catch {
    return undefined;
  }
}
