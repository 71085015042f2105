import { describe, expect, it } from 'vitest';
import { readChallenge } from './discovery';
import {
  accessTokenHash,
  createDpopKey,
  createProof,
  DpopNonces,
  htuOf,
  isResourceNonceChallenge,
  readProof,
  wantsDpop,
  withTokenRequestProofs,
} from './dpop';

describe('DPoP proofs', () => {
  it('names the request without query or fragment, hashes the token, and is signed by the key in its header', async () => {
    const key = await createDpopKey();
    const proof = await createProof(key, {
      method: 'post',
      url: 'https://mcp.example/mcp?session=1#x',
      accessToken: 'token-SECRET',
      nonce: 'n-1',
      now: () => 1_700_000_000_000,
    });
    expect(proof.header).toEqual({ typ: 'dpop+jwt', alg: 'ES256', jwk: key.publicJwk });
    expect(proof.claims).toMatchObject({
      htm: 'POST',
      htu: 'https://mcp.example/mcp',
      iat: 1_700_000_000,
      nonce: 'n-1',
      ath: await accessTokenHash('token-SECRET'),
    });
    // ath = base64url(SHA-256("token-SECRET")), computed independently.
    const { createHash } = await import('node:crypto');
    expect(proof.claims.ath).toBe(createHash('sha256').update('token-SECRET').digest('base64url'));
    expect(proof.jwt).not.toContain('token-SECRET');
    expect(readProof(proof.jwt)).toEqual({ header: proof.header, claims: proof.claims });
    const publicKey = await crypto.subtle.importKey('jwk', key.publicJwk, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
    const [header, claims, signature] = proof.jwt.split('.');
    expect(
      await crypto.subtle.verify(
        { name: 'ECDSA', hash: 'SHA-256' },
        publicKey,
        Buffer.from(signature ?? '', 'base64url'),
        new TextEncoder().encode(`${header}.${claims}`),
      ),
    ).toBe(true);
    expect(key.privateKey.extractable).toBe(false);
    expect((await createProof(key, { method: 'POST', url: 'https://mcp.example/mcp' })).claims.jti).not.toBe(proof.claims.jti);
    expect(htuOf('https://a.example:8443/p/q?x#y')).toBe('https://a.example:8443/p/q');
  });

  it('answers the token endpoint’s 400 use_dpop_nonce once, with a fresh proof carrying the nonce', async () => {
    const key = await createDpopKey();
    const nonces = new DpopNonces();
    const sent: Array<ReturnType<typeof readProof>> = [];
    const challenge = () =>
      new Response(JSON.stringify({ error: 'use_dpop_nonce' }), {
        status: 400,
        headers: { 'dpop-nonce': 'as-nonce', 'content-type': 'application/json' },
      });
    let answers = [challenge(), new Response('{"access_token":"a","token_type":"DPoP"}', { status: 200 })];
    const fetch = withTokenRequestProofs(
      async (_url, init) => {
        sent.push(readProof(new Headers(init?.headers).get('dpop') ?? ''));
        return answers.shift() ?? challenge();
      },
      key,
      nonces,
    );
    expect((await fetch('https://as.example/token?x=1', { method: 'POST' })).status).toBe(200);
    expect(sent.map((proof) => proof?.claims.nonce)).toEqual([undefined, 'as-nonce']);
    expect(sent[0]?.claims.jti).not.toBe(sent[1]?.claims.jti);
    expect(sent[1]?.claims.htu).toBe('https://as.example/token');
    expect(nonces.get('https://as.example/other')).toBe('as-nonce');
    // A server that keeps asking gets one retry only.
    answers = [challenge(), challenge(), challenge()];
    sent.length = 0;
    expect((await fetch('https://as.example/token', { method: 'POST' })).status).toBe(400);
    expect(sent).toHaveLength(2);
  });

  it('tells a resource server’s nonce challenge from other 401s, and reads the DPoP scheme of a challenge', () => {
    const nonce = new Response(null, {
      status: 401,
      headers: { 'www-authenticate': 'DPoP error="use_dpop_nonce", error_description="x"', 'dpop-nonce': 'rs' },
    });
    expect(isResourceNonceChallenge(nonce)).toBe(true);
    expect(
      isResourceNonceChallenge(
        new Response(null, { status: 401, headers: { 'www-authenticate': 'DPoP error="invalid_token"', 'dpop-nonce': 'rs' } }),
      ),
    ).toBe(false);
    expect(
      readChallenge(
        new Response(null, {
          status: 401,
          headers: { 'www-authenticate': 'DPoP resource_metadata="https://m.example/.well-known/oauth-protected-resource"' },
        }),
      ).dpop,
    ).toBe(true);
    expect(
      readChallenge(new Response(null, { status: 401, headers: { 'www-authenticate': 'Bearer scope="a", DPoP algs="ES256"' } })).dpop,
    ).toBe(true);
    expect(readChallenge(new Response(null, { status: 401, headers: { 'www-authenticate': 'Bearer scope="dpop"' } })).dpop).toBeUndefined();
  });

  it('asks for a bound token only when the authorization server does ES256 and the MCP server takes DPoP', () => {
    const metadata = { dpop_signing_alg_values_supported: ['ES256', 'EdDSA'] };
    expect(wantsDpop(metadata, { challengedWithDpop: true })).toBe(true);
    expect(wantsDpop(metadata, { challengedWithDpop: false, resourceMetadata: { dpop_bound_access_tokens_required: true } })).toBe(true);
    expect(wantsDpop(metadata, { challengedWithDpop: false })).toBe(false);
    expect(wantsDpop({ dpop_signing_alg_values_supported: ['EdDSA'] }, { challengedWithDpop: true })).toBe(false);
    expect(wantsDpop(undefined, { challengedWithDpop: true })).toBe(false);
  });
});
