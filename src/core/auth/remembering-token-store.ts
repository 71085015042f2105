/**
 * The token store the page uses: in memory by default; with "remember on this device" on, each
 * record is also kept durably (the encrypted store), so it survives a reload. Turning it off
 * forgets what was remembered. The durable store is opened only when first needed.
 */
import { MemoryTokenStore } from './token-store';
import type { TokenRecord, TokenStore } from './token-store';

/** Memory first, the durable store when the person asked for it; see the file comment. */
export class RememberingTokenStore implements TokenStore {
  private readonly memory = new MemoryTokenStore();
  private readonly durable: () => Promise<TokenStore>;
  private readonly remember: () => boolean;

  /** `durable` opens the encrypted store (once); `remember` is the person's choice, read at each write. */
  constructor(durable: () => Promise<TokenStore>, remember: () => boolean) {
    let opened: Promise<TokenStore> | undefined;
    this.durable = () => (opened ??= durable());
    this.remember = remember;
  }

  /** See TokenStore.get: memory, else (when remembering) the durable store. */
  async get(serverUrl: string, issuer?: string): Promise<TokenRecord | undefined> {
    const inMemory = await this.memory.get(serverUrl, issuer);
    if (inMemory || !this.remember()) return inMemory;
    const kept = await (await this.durable()).get(serverUrl, issuer);
    if (kept) await this.memory.set(kept);
    return kept;
  }

  /** See TokenStore.set. */
  async set(record: TokenRecord): Promise<void> {
    await this.memory.set(record);
    if (this.remember()) await (await this.durable()).set(record);
  }

  /** See TokenStore.delete: forgotten in both places. */
  async delete(serverUrl: string, issuer?: string): Promise<void> {
    await this.memory.delete(serverUrl, issuer);
    if (this.remember()) await (await this.durable()).delete(serverUrl, issuer);
  }

  /** Stops remembering: everything kept durably is forgotten (the records in memory stay for this page). */
  async forgetDurable(serverUrls: readonly string[]): Promise<void> {
    const durable = await this.durable();
    for (const url of serverUrls) await durable.delete(url);
  }
}
