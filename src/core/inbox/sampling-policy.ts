/**
 * Per-server sampling policy, like the tools': `ask` (the default: every request waits for the
 * person, twice) or `allow` (sent to the model and returned without asking). Kept in storage.
 */
import type { KeyValueStorage } from '../shared/key-value-storage';
import { Listeners } from '../shared/listeners';

/** Where the policies are kept. */
export const SAMPLING_POLICY_STORAGE_KEY = 'glassbox.samplingPolicy.v1';

/** How a server's sampling requests are handled. */
export type SamplingPolicy = 'ask' | 'allow';

/** The person's sampling policies by server name. */
export class SamplingPolicyStore {
  private readonly listeners = new Listeners();
  private policies: Readonly<Record<string, SamplingPolicy>>;

  constructor(private readonly storage: KeyValueStorage) {
    let stored: unknown;
    try {
      stored = JSON.parse(storage.getItem(SAMPLING_POLICY_STORAGE_KEY) ?? '{}');
    } catch {
      stored = {};
    }
    const entries = typeof stored === 'object' && stored !== null ? Object.entries(stored) : [];
    this.policies = Object.fromEntries(entries.filter(([, value]) => value === 'allow'));
  }

  /** Registers a listener; returns the unsubscribe function. */
  subscribe = this.listeners.subscribe;

  /** Every explicit policy (a new object after each change). */
  getSnapshot = (): Readonly<Record<string, SamplingPolicy>> => this.policies;

  /** The policy of a server (`ask` unless the person chose otherwise). */
  policyOf(server: string): SamplingPolicy {
    return this.policies[server] ?? 'ask';
  }

  /** Sets a server's policy. */
  set(server: string, policy: SamplingPolicy): void {
    const next = { ...this.policies };
    if (policy === 'ask') delete next[server];
    else next[server] = policy;
    this.policies = next;
    this.storage.setItem(SAMPLING_POLICY_STORAGE_KEY, JSON.stringify(next));
    this.listeners.notify();
  }
}
