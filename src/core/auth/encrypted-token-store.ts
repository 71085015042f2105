/**
 * "Remember on this device": token records encrypted with AES-GCM under a non-extractable
 * WebCrypto key, in a key-value backend (IndexedDB in the page). The key is kept by an injected
 * `CryptoKeyStore` (IndexedDB stores CryptoKey objects without ever exposing their bytes), so
 * script on the page can use the key but no storage dump or export contains it or a token.
 */
import { keyMatches, tokenKey } from './token-store';
import type { KeyValueBackend } from '../shared/key-value-backend';
import type { TokenRecord, TokenStore } from './token-store';
import type { DpopKey } from './dpop';

/** Keeps the one encryption key (IndexedDB in the page, memory in tests). */
export interface CryptoKeyStore {
  get(): Promise<CryptoKey | undefined>;
  put(key: CryptoKey): Promise<void>;
}

/** The backend key listing which records exist (server URLs and issuers: not secret). */
export const TOKEN_INDEX_KEY = 'oauth-tokens:index';
/** The backend key prefix of each encrypted record. */
export const TOKEN_RECORD_PREFIX = 'oauth-tokens:';

/** An encrypted record as stored; a DPoP key beside it as the CryptoKey it is (IndexedDB stores it without exposing its bytes). */
interface SealedRecord {
  iv: Uint8Array<ArrayBuffer>;
  data: ArrayBuffer;
  dpopKey?: DpopKey;
}

/** Token records encrypted at rest; see the file comment. */
export class EncryptedTokenStore implements TokenStore {
  private readonly backend: KeyValueBackend;
  private readonly keys: CryptoKeyStore;
  private readonly subtle: SubtleCrypto;
  private key: Promise<CryptoKey> | undefined;

  constructor(backend: KeyValueBackend, keys: CryptoKeyStore, subtle: SubtleCrypto = globalThis.crypto.subtle) {
    this.backend = backend;
    this.keys = keys;
    this.subtle = subtle;
  }

  /** See TokenStore.get. A record that no longer decrypts (the key was lost) counts as signed out. */
  async get(serverUrl: string, issuer?: string): Promise<TokenRecord | undefined> {
    const key = (await this.index()).find((each) => keyMatches(each, serverUrl, issuer));
    if (key === undefined) return undefined;
    const sealed = (await this.backend.get(TOKEN_RECORD_PREFIX + key)) as SealedRecord | undefined;
    if (sealed === undefined) return undefined;
    try {
      const plain = await this.subtle.decrypt({ name: 'AES-GCM', iv: sealed.iv }, await this.cryptoKey(), sealed.data);
      const record = JSON.parse(new TextDecoder().decode(plain)) as TokenRecord;
      return sealed.dpopKey ? { ...record, dpopKey: sealed.dpopKey } : record;
    } catch {
      return undefined;
    }
  }

  /** See TokenStore.set. */
  async set(record: TokenRecord): Promise<void> {
    const key = tokenKey(record.serverUrl, record.issuer);
    const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
    const { dpopKey, ...plain } = record;
    const data = await this.subtle.encrypt(
      { name: 'AES-GCM', iv },
      await this.cryptoKey(),
      new TextEncoder().encode(JSON.stringify(plain)),
    );
    await this.backend.put(TOKEN_RECORD_PREFIX + key, { iv, data, ...(dpopKey && { dpopKey }) } satisfies SealedRecord);
    const index = await this.index();
    if (!index.includes(key)) await this.backend.put(TOKEN_INDEX_KEY, [...index, key]);
  }

  /** See TokenStore.delete. */
  async delete(serverUrl: string, issuer?: string): Promise<void> {
    const index = await this.index();
    const gone = index.filter((each) => keyMatches(each, serverUrl, issuer));
    for (const key of gone) await this.backend.delete(TOKEN_RECORD_PREFIX + key);
    if (gone.length > 0)
      await this.backend.put(
        TOKEN_INDEX_KEY,
        index.filter((each) => !gone.includes(each)),
      );
  }

  private async index(): Promise<string[]> {
    const value = await this.backend.get(TOKEN_INDEX_KEY);
    return Array.isArray(value) ? value.filter((each): each is string => typeof each === 'string') : [];
  }

  /** The stored key, or a new non-extractable one (created once). */
  private cryptoKey(): Promise<CryptoKey> {
    this.key ??= (async () => {
      const existing = await this.keys.get();
      if (existing) return existing;
      const created = await this.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
      await this.keys.put(created);
      return created;
    })();
    return this.key;
  }
}
