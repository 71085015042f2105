/**
 * Where tokens are kept: one record per MCP server URL and issuer. The default keeps them in
 * memory only (gone with the page); `EncryptedTokenStore` is the opt-in "remember on this device".
 */
import type { ClientSource } from './client-registration';
import type { DpopKey } from './dpop';

/** The tokens of one server from one issuer, and what is needed to refresh and revoke them. */
export interface TokenRecord {
  serverUrl: string;
  issuer: string;
  accessToken: string;
  tokenType: string;
  refreshToken?: string;
  /** The scope the server granted (space-separated), when it said. */
  scope?: string;
  /** The scope we asked for, the base of a step-up's union. */
  requestedScope?: string;
  /** Who signed in, when a token says (display only: never used to decide anything). */
  account?: string;
  /** When the access token expires, in epoch milliseconds, when the server said. */
  expiresAt?: number;
  clientId: string;
  /** A secret only a registration gave us; a configured secret is never stored (it comes from the config). */
  registeredClientSecret?: string;
  clientSource: ClientSource;
  /** The sign-in's DPoP key when the token is DPoP-bound (token type DPoP): a CryptoKey, never serialized. */
  dpopKey?: DpopKey;
}

/** Storage of token records by server URL and issuer. */
export interface TokenStore {
  /** The record of `serverUrl` from `issuer`; without `issuer`, the server's record from any issuer. */
  get(serverUrl: string, issuer?: string): Promise<TokenRecord | undefined>;
  /** Stores `record`, replacing the one of the same server and issuer. */
  set(record: TokenRecord): Promise<void>;
  /** Forgets the server's record from `issuer` (or from every issuer). */
  delete(serverUrl: string, issuer?: string): Promise<void>;
}

/** The storage key of a server's record from an issuer. */
export function tokenKey(serverUrl: string, issuer: string): string {
  return `${serverUrl} ${issuer}`;
}

/** True when `key` belongs to `serverUrl` (and to `issuer` when given). */
export function keyMatches(key: string, serverUrl: string, issuer?: string): boolean {
  return issuer === undefined ? key.startsWith(`${serverUrl} `) : key === tokenKey(serverUrl, issuer);
}

/** Tokens in memory only: the default, so nothing outlives the page unless the person asks. */
export class MemoryTokenStore implements TokenStore {
  private readonly records = new Map<string, TokenRecord>();

  /** See TokenStore.get. */
  async get(serverUrl: string, issuer?: string): Promise<TokenRecord | undefined> {
    for (const [key, record] of this.records) if (keyMatches(key, serverUrl, issuer)) return { ...record };
    return undefined;
  }

  /** See TokenStore.set. */
  async set(record: TokenRecord): Promise<void> {
    this.records.set(tokenKey(record.serverUrl, record.issuer), { ...record });
  }

  /** See TokenStore.delete. */
  async delete(serverUrl: string, issuer?: string): Promise<void> {
    for (const key of [...this.records.keys()]) if (keyMatches(key, serverUrl, issuer)) this.records.delete(key);
  }
}
