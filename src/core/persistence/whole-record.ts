/**
 * A store saved whole under one key whenever its snapshot changes (the session's replays: small,
 * since they reference the traffic log's exchanges by id). The session persistence asks it whether
 * it changed since the last save, for the write, and to load what was stored.
 */
import type { BackendOperation } from '../shared/key-value-backend';
import type { PersistedReplays } from './persistence-types';

/** One store kept under `key`; a missing store (none given) saves and restores nothing. */
export class WholeRecord {
  /** The snapshot last saved or restored. */
  private saved: unknown;

  constructor(
    private readonly key: string,
    /** Prefixed to its problems: "Replays". */
    private readonly label: string,
    private readonly store: PersistedReplays | undefined,
  ) {
    this.saved = store?.getSnapshot();
  }

  /** Follows the store; returns the unsubscribe functions (none without a store). */
  subscribe(listener: () => void): Array<() => void> {
    return this.store ? [this.store.subscribe(listener)] : [];
  }

  /** True when the store changed since the last save. */
  changed(): boolean {
    return this.store !== undefined && this.store.getSnapshot() !== this.saved;
  }

  /** Loads a stored value (untrusted); returns true when something was damaged, so the next save rewrites it. */
  restore(value: unknown, problems: string[]): boolean {
    if (value === undefined || !this.store) return false;
    const imported = this.store.importData(value);
    problems.push(...imported.problems.map((problem) => `${this.label}: ${problem}`));
    this.saved = this.store.getSnapshot();
    return imported.problems.length > 0;
  }

  /** Adds the write of the current state to a save's batch, and what to remember once it is written. */
  plan(operations: BackendOperation[], commits: Array<() => void>): void {
    if (!this.store) return;
    const snapshot = this.store.getSnapshot();
    operations.push({ type: 'put', key: this.key, value: this.store.exportData() });
    commits.push(() => (this.saved = snapshot));
  }
}
