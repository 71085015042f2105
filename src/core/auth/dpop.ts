/**
 * DPoP (RFC 9449, MCP SEP-1932): sender-constrained tokens for a static page. One ES256 key pair
 * per server sign-in, made with WebCrypto with a non-extractable private key (script can sign
 * with it; nothing can read its bytes, and IndexedDB stores the CryptoKey as it is). Every request
 * that carries the token, and the token request itself, carries a fresh proof: a JWT signed with
 * that key naming the request (`htm`, `htu` without query or fragment), when (`iat`), a unique
 * `jti`, the token's hash (`ath`) on resource requests, and the server's `nonce` once it asked.
 * Runs in Node too (globalThis.crypto.subtle).
 */

/** The public half of the key, as a proof's `jwk` header carries it. */
interface DpopPublicJwk {
  kty: 'EC';
  crv: 'P-256';
  x: string;
  y: string;
}

/** One sign-in's proof key: the private key (non-extractable) and its public JWK. */
export interface DpopKey {
  privateKey: CryptoKey;
  publicJwk: DpopPublicJwk;
}

/** A proof's protected header. */
interface DpopProofHeader {
  typ: 'dpop+jwt';
  alg: 'ES256';
  jwk: DpopPublicJwk;
}

/** A proof's claims. */
interface DpopProofClaims {
  jti: string;
  htm: string;
  htu: string;
  iat: number;
  /** base64url(SHA-256(access token)): on resource requests only. */
  ath?: string;
  nonce?: string;
}

/** A proof: the JWT sent in the `DPoP` header, and what it says (for the auth debugger). */
export interface DpopProof {
  jwt: string;
  header: DpopProofHeader;
  claims: DpopProofClaims;
}

/** The one algorithm Glassbox signs with. */
const DPOP_ALG = 'ES256';

/** Bytes in base64url without padding. */
function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A JSON value, UTF-8, base64url. */
function base64urlJson(value: unknown): string {
  return base64url(new TextEncoder().encode(JSON.stringify(value)));
}

/**
 * True when a sign-in should ask for a DPoP-bound token: the authorization server binds tokens to
 * ES256 proofs (`dpop_signing_alg_values_supported`) and the MCP server takes them (it challenged
 * with the DPoP scheme, or its resource metadata requires bound tokens). Otherwise Bearer: an
 * authorization server that offers DPoP in front of a server that only reads Bearer stays usable.
 */
export function wantsDpop(
  metadata: object | undefined,
  resource: { challengedWithDpop: boolean; resourceMetadata?: object | undefined },
): boolean {
  const algs = (metadata as { dpop_signing_alg_values_supported?: unknown } | undefined)?.dpop_signing_alg_values_supported;
  if (!Array.isArray(algs) || !algs.includes(DPOP_ALG)) return false;
  const required = (resource.resourceMetadata as { dpop_bound_access_tokens_required?: unknown } | undefined)
    ?.dpop_bound_access_tokens_required;
  return resource.challengedWithDpop || required === true;
}

/** A new key pair for one sign-in: ECDSA P-256, the private key non-extractable. */
export async function createDpopKey(subtle: SubtleCrypto = globalThis.crypto.subtle): Promise<DpopKey> {
  const pair = await subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify']);
  const jwk = await subtle.exportKey('jwk', pair.publicKey);
  return { privateKey: pair.privateKey, publicJwk: { kty: 'EC', crv: 'P-256', x: jwk.x ?? '', y: jwk.y ?? '' } };
}

/** `htu`: the request URL without query and fragment (RFC 9449 §4.2). */
export function htuOf(url: string | URL): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
}

/** `ath`: base64url(SHA-256(ASCII access token)). */
export async function accessTokenHash(accessToken: string, subtle: SubtleCrypto = globalThis.crypto.subtle): Promise<string> {
  return base64url(new Uint8Array(await subtle.digest('SHA-256', new TextEncoder().encode(accessToken))));
}

/** What one proof is for. */
export interface ProofRequest {
  method: string;
  url: string | URL;
  /** Set on requests that carry the token: its hash goes in `ath`. */
  accessToken?: string;
  nonce?: string;
  /** Default: Date.now. */
  now?: () => number;
}

/** A fresh proof for one request (new `jti` each time: a retry gets a new proof). */
export async function createProof(
  key: DpopKey,
  request: ProofRequest,
  subtle: SubtleCrypto = globalThis.crypto.subtle,
): Promise<DpopProof> {
  const header: DpopProofHeader = { typ: 'dpop+jwt', alg: DPOP_ALG, jwk: key.publicJwk };
  const claims: DpopProofClaims = {
    jti: base64url(globalThis.crypto.getRandomValues(new Uint8Array(16))),
    htm: request.method.toUpperCase(),
    htu: htuOf(request.url),
    iat: Math.floor((request.now ?? Date.now)() / 1000),
    ...(request.accessToken !== undefined && { ath: await accessTokenHash(request.accessToken, subtle) }),
    ...(request.nonce !== undefined && { nonce: request.nonce }),
  };
  const input = `${base64urlJson(header)}.${base64urlJson(claims)}`;
  // WebCrypto's ECDSA signature is r‖s (IEEE P1363), exactly the JWS ES256 form.
  const signature = await subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, key.privateKey, new TextEncoder().encode(input));
  return { jwt: `${input}.${base64url(new Uint8Array(signature))}`, header, claims };
}

/** A proof's header and claims read back from the `DPoP` header (for the record), or undefined when it is not a JWT. */
export function readProof(jwt: string): Pick<DpopProof, 'header' | 'claims'> | undefined {
  const [header, claims] = jwt.split('.');
  if (header === undefined || claims === undefined) return undefined;
  try {
    const decode = (part: string): unknown =>
      JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(part.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0))));
    return { header: decode(header) as DpopProofHeader, claims: decode(claims) as DpopProofClaims };
  } catch {
    return undefined;
  }
}

/** The `DPoP-Nonce` a server handed out, kept per origin (the authorization server's and the MCP server's differ). */
export class DpopNonces {
  private readonly byOrigin = new Map<string, string>();

  /** The nonce last received from `url`'s origin. */
  get(url: string | URL): string | undefined {
    return this.byOrigin.get(new URL(url).origin);
  }

  /** Keeps the response's `DPoP-Nonce`, if it sent one; true when it did. */
  remember(url: string | URL, response: Response): boolean {
    const nonce = response.headers.get('dpop-nonce');
    if (nonce === null || nonce === '') return false;
    this.byOrigin.set(new URL(url).origin, nonce);
    return true;
  }
}

/** True when a token endpoint's answer is RFC 9449 §8's `400 use_dpop_nonce`. */
async function isTokenNonceChallenge(response: Response): Promise<boolean> {
  if (response.status !== 400 || response.headers.get('dpop-nonce') === null) return false;
  const body = (await response
    .clone()
    .json()
    .catch(() => undefined)) as { error?: unknown } | undefined;
  return body?.error === 'use_dpop_nonce';
}

/** True when a resource server's answer is RFC 9449 §9's `401` with `WWW-Authenticate: DPoP error="use_dpop_nonce"`. */
export function isResourceNonceChallenge(response: Response): boolean {
  if (response.status !== 401 || response.headers.get('dpop-nonce') === null) return false;
  return /(^|[\s,])error\s*=\s*"?use_dpop_nonce"?/i.test(response.headers.get('www-authenticate') ?? '');
}

/**
 * `next` with a proof on every request (the token endpoint's: no `ath`). A `400 use_dpop_nonce`
 * is answered once: the nonce kept and the request sent again with a fresh proof carrying it.
 */
export function withTokenRequestProofs(
  next: (url: string | URL, init?: RequestInit) => Promise<Response>,
  key: DpopKey,
  nonces: DpopNonces,
): (url: string | URL, init?: RequestInit) => Promise<Response> {
  return async (url, init) => {
    for (let attempt = 0; ; attempt++) {
      const proof = await createProof(key, {
        method: init?.method ?? 'GET',
        url,
        ...(nonces.get(url) !== undefined && { nonce: nonces.get(url) }),
      });
      const headers = new Headers(init?.headers);
      headers.set('dpop', proof.jwt);
      const response = await next(url, { ...init, headers });
      const challenged = await isTokenNonceChallenge(response);
      nonces.remember(url, response);
      if (!challenged || attempt > 0) return response;
      await response.body?.cancel().catch(() => undefined);
    }
  };
}
