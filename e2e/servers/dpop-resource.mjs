/**
 * The resource server's side of DPoP (RFC 9449 §7, §9), for auth-server.mjs's `dpop` mode: the
 * token must come as `Authorization: DPoP <token>` with a `DPoP` proof signed by the key the token
 * is bound to (its `jkt`), naming this request (`htm`, `htu`), the token (`ath`), recent (`iat`),
 * fresh (`jti` never seen) and carrying the server's current nonce. CORS lets a page send `DPoP`
 * and read `DPoP-Nonce`. Checked with node:crypto alone, independently of the client's code.
 */
import { createHash, createPublicKey, randomBytes, verify } from 'node:crypto';
import { corsHeaders } from './cors.mjs';

/**
 * CORS for a DPoP resource: the usual MCP headers plus `dpop` allowed and `dpop-nonce` exposed.
 * Returns true when the request (a preflight) is finished.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 */
export function applyDpopCors(req, res) {
  const origin = typeof req.headers.origin === 'string' ? req.headers.origin : undefined;
  const headers = corsHeaders(origin);
  headers['Access-Control-Allow-Headers'] += ', dpop';
  headers['Access-Control-Expose-Headers'] += ', dpop-nonce';
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  if (req.method !== 'OPTIONS') return false;
  res.writeHead(204).end();
  return true;
}

/**
 * The RFC 7638 thumbprint of an EC public JWK.
 * @param {{ crv: string, kty: string, x: string, y: string }} jwk
 */
function thumbprint(jwk) {
  return createHash('sha256')
    .update(JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y }))
    .digest('base64url');
}

/** One resource server's proof checking: its nonce (rotatable) and the proofs it accepted. */
export class DpopResource {
  constructor() {
    /** The nonce proofs must carry (RFC 9449 §9). */
    this.nonce = randomBytes(12).toString('base64url');
    /** @type {Set<string>} */
    this.jtis = new Set();
    /** Claims of every proof accepted, in order (the tests read them). @type {Array<Record<string, unknown>>} */
    this.accepted = [];
    /** How many use_dpop_nonce challenges were sent. */
    this.nonceChallenges = 0;
  }

  /**
   * Checks a request's proof. `{ ok: true }`, or the WWW-Authenticate error to answer with
   * (`use_dpop_nonce` comes with the DPoP-Nonce header).
   * @param {{ proof: string | undefined, method: string, url: string, accessToken: string, jkt: string | undefined }} request
   * @returns {{ ok: true } | { ok: false, error: 'invalid_dpop_proof' | 'use_dpop_nonce' | 'invalid_token', description: string }}
   */
  check({ proof, method, url, accessToken, jkt }) {
    const invalid = (/** @type {string} */ description) => ({
      ok: /** @type {const} */ (false),
      error: /** @type {const} */ ('invalid_dpop_proof'),
      description,
    });
    if (jkt === undefined) return { ok: false, error: 'invalid_token', description: 'the token is not DPoP-bound' };
    if (typeof proof !== 'string' || proof.split('.').length !== 3) return invalid('no DPoP proof');
    const [headerPart, claimsPart, signature] = /** @type {[string, string, string]} */ (proof.split('.'));
    const header = JSON.parse(Buffer.from(headerPart, 'base64url').toString('utf8'));
    const claims = JSON.parse(Buffer.from(claimsPart, 'base64url').toString('utf8'));
    if (header.typ !== 'dpop+jwt' || header.alg !== 'ES256' || typeof header.jwk !== 'object' || header.jwk.d !== undefined)
      return invalid('bad proof header');
    const key = createPublicKey({ key: header.jwk, format: 'jwk' });
    if (
      !verify('sha256', Buffer.from(`${headerPart}.${claimsPart}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'))
    )
      return invalid('signature does not verify');
    if (thumbprint(header.jwk) !== jkt) return invalid('the proof key is not the key the token is bound to');
    if (claims.htm !== method) return invalid('htm is not the request method');
    if (claims.htu !== url) return invalid('htu is not this resource');
    if (claims.ath !== createHash('sha256').update(accessToken).digest('base64url')) return invalid('ath is not the hash of the token');
    if (typeof claims.iat !== 'number' || Math.abs(Date.now() / 1000 - claims.iat) > 60) return invalid('iat is not recent');
    if (typeof claims.jti !== 'string' || this.jtis.has(claims.jti)) return invalid('jti missing or replayed');
    this.jtis.add(claims.jti);
    if (claims.nonce !== this.nonce) {
      this.nonceChallenges += 1;
      return { ok: false, error: 'use_dpop_nonce', description: 'Resource server requires nonce in DPoP proof' };
    }
    this.accepted.push(claims);
    return { ok: true };
  }
}
