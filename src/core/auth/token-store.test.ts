import type { KeyValueBackend } from '../shared/key-value-backend';
import { describe, expect, it } from 'vitest';
import { EncryptedTokenStore, TOKEN_INDEX_KEY, TOKEN_RECORD_PREFIX } from './encrypted-token-store';
import type { CryptoKeyStore } from './encrypted-token-store';
import { MemoryTokenStore, tokenKey } from './token-store';
import { createDpopKey, createProof } from './dpop';
import type { TokenRecord, TokenStore } from './token-store';

const SERVER = 'https://mcp.example.com/mcp';
const ISSUER = 'https://auth.example.com';

function record(overrides: Partial<TokenRecord> = {}): TokenRecord {
  return {
    serverUrl: SERVER,
    issuer: ISSUER,
    accessToken: 'access-SECRET-1',
    refreshToken: 'refresh-SECRET-1',
    tokenType: 'Bearer',
    scope: 'mcp:read',
    clientId: 'client-1',
    clientSource: 'dynamic',
    ...overrides,
  };
}

/** A backend that structured-clones values in and out, as IndexedDB does. */
class CloningBackend implements KeyValueBackend {
  private readonly values = new Map<string, unknown>();
  async get(key: string): Promise<unknown> {
    return structuredClone(this.values.get(key));
  }
  async put(key: string, value: unknown): Promise<void> {
    this.values.set(key, structuredClone(value));
  }
  async delete(key: string): Promise<void> {
    this.values.delete(key);
  }
}

/** A key store in memory (IndexedDB in the page). */
function keyStore(): CryptoKeyStore & { key?: CryptoKey } {
  const store: CryptoKeyStore & { key?: CryptoKey } = {
    get: async () => store.key,
    put: async (key) => {
      store.key = key;
    },
  };
  return store;
}

/** The behaviour both stores share: one record per server and issuer. */
async function expectKeyedByServerAndIssuer(store: TokenStore): Promise<void> {
  await store.set(record());
  await store.set(record({ issuer: 'https://other-issuer.example', accessToken: 'access-OTHER' }));
  expect((await store.get(SERVER, ISSUER))?.accessToken).toBe('access-SECRET-1');
  expect((await store.get(SERVER, 'https://other-issuer.example'))?.accessToken).toBe('access-OTHER');
  expect(await store.get('https://elsewhere.example/mcp')).toBeUndefined();
  await store.delete(SERVER, ISSUER);
  expect(await store.get(SERVER, ISSUER)).toBeUndefined();
  expect((await store.get(SERVER))?.accessToken).toBe('access-OTHER');
  await store.delete(SERVER);
  expect(await store.get(SERVER)).toBeUndefined();
}

describe('MemoryTokenStore', () => {
  it('keeps one record per server URL and issuer', async () => {
    await expectKeyedByServerAndIssuer(new MemoryTokenStore());
  });
});

describe('EncryptedTokenStore', () => {
  it('keeps one record per server URL and issuer', async () => {
    await expectKeyedByServerAndIssuer(new EncryptedTokenStore(new CloningBackend(), keyStore()));
  });

  it('stores only ciphertext, under a key that cannot be exported', async () => {
    const backend = new CloningBackend();
    const keys = keyStore();
    const store = new EncryptedTokenStore(backend, keys);
    await store.set(record());
    const stored = (await backend.get(TOKEN_RECORD_PREFIX + tokenKey(SERVER, ISSUER))) as { iv: Uint8Array; data: ArrayBuffer };
    const bytes = new TextDecoder().decode(new Uint8Array(stored.data));
    expect(bytes).not.toContain('SECRET');
    expect(JSON.stringify(await backend.get(TOKEN_INDEX_KEY))).not.toContain('SECRET');
    expect(keys.key?.extractable).toBe(false);
    await expect(globalThis.crypto.subtle.exportKey('raw', keys.key as CryptoKey)).rejects.toThrow();
    // A second store on the same backend and key store (the next page load) reads it back.
    expect((await new EncryptedTokenStore(backend, keys).get(SERVER))?.refreshToken).toBe('refresh-SECRET-1');
  });

  it('keeps a DPoP key beside the ciphertext as the CryptoKey it is: it still signs after a reload, and stays non-extractable', async () => {
    const backend = new CloningBackend();
    const keys = keyStore();
    const dpopKey = await createDpopKey();
    await new EncryptedTokenStore(backend, keys).set(record({ tokenType: 'DPoP', dpopKey }));
    const back = await new EncryptedTokenStore(backend, keys).get(SERVER);
    expect(back?.accessToken).toBe('access-SECRET-1');
    expect(back?.dpopKey?.publicJwk).toEqual(dpopKey.publicJwk);
    expect(back?.dpopKey?.privateKey.extractable).toBe(false);
    const proof = await createProof(back?.dpopKey ?? dpopKey, { method: 'POST', url: SERVER });
    const publicKey = await globalThis.crypto.subtle.importKey('jwk', dpopKey.publicJwk, { name: 'ECDSA', namedCurve: 'P-256' }, false, [
      'verify',
    ]);
    const [header, claims, signature] = proof.jwt.split('.');
    const valid = await globalThis.crypto.subtle.verify(
      { name: 'ECDSA', hash: 'SHA-256' },
      publicKey,
      Buffer.from(signature ?? '', 'base64url'),
      new TextEncoder().encode(`${header}.${claims}`),
    );
    expect(valid).toBe(true);
  });

  it('treats records it can no longer decrypt (the key was lost) as signed out', async () => {
    const backend = new CloningBackend();
    await new EncryptedTokenStore(backend, keyStore()).set(record());
    expect(await new EncryptedTokenStore(backend, keyStore()).get(SERVER)).toBeUndefined();
  });
});
