/**
 * Per-server sampling policy, like the tools': `ask` (the default: every request waits for the
 * person, twice) or `allow` (sent to the model and returned without asking). Kept in storage.
 */
import type { KeyValueStorage } from '../shared/key-value-storage';
import { Store } from '../shared/store';

/** Where the policies are kept. */
export const SAMPLING_POLICY_STORAGE_KEY = 'glassbox.samplingPolicy.v1';

/** How a server's sampling requests are handled. */
export type SamplingPolicy = 'ask' | 'allow';

/** The person's sampling policies by server name. */
export class SamplingPolicyStore extends Store<Readonly<Record<string, SamplingPolicy>>> {
  constructor(private readonly storage: KeyValueStorage) {
    super(readStoredPolicies(storage));
  }

  /** Every explicit policy (a new object after each change). */
  private get policies(): Readonly<Record<string, SamplingPolicy>> {
    return this.getSnapshot();
  }

  /** The policy of a server (`ask` unless the person chose otherwise). */
  policyOf(server: string): SamplingPolicy {
    return this.policies[server] ?? 'ask';
  }

  /** Sets a server's policy. */
  set(server: string, policy: SamplingPolicy): void {
    const next = { ...this.policies };
    if (policy === 'ask') delete next[server];
    else next[server] = policy;
    this.storage.setItem(SAMPLING_POLICY_STORAGE_KEY, JSON.stringify(next));
    this.publish(next);
  }
}

/** The stored policies (only `allow` is kept: `ask` is the default); none when unreadable. */
function readStoredPolicies(storage: KeyValueStorage): Readonly<Record<string, SamplingPolicy>> {
  let stored: unknown;
  try {
    stored = JSON.parse(storage.getItem(SAMPLING_POLICY_STORAGE_KEY) ?? '{}');
  } catch {
    stored = {};
  }
  const entries = typeof stored === 'object' && stored !== null ? Object.entries(stored) : [];
  return Object.fromEntries(entries.filter(([, value]) => value === 'allow'));
}
