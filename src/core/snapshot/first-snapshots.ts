/**
 * The snapshot of each server taken when it was first connected, kept per server name, once, in a
 * key-value storage (the page's localStorage), so "this server now vs when first connected" is a
 * choice after a reload. Accepting a new baseline replaces it. Snapshots hold no secret.
 */
import type { KeyValueStorage } from '../shared';
import { parseSnapshot, writeSnapshot } from './snapshot-file';
import type { McpSnapshot } from './snapshot-types';

/** The storage key of one server's first snapshot. */
const FIRST_SNAPSHOT_KEY_PREFIX = 'glassbox.first-snapshot.v1:';

/** The first snapshots of servers, by their config name. */
export class FirstSnapshots {
  constructor(private readonly storage: KeyValueStorage) {}

  /** The stored snapshot of `server`, or undefined (none, or a stored one no longer readable). */
  get(server: string): McpSnapshot | undefined {
    const text = this.storage.getItem(FIRST_SNAPSHOT_KEY_PREFIX + server);
    if (text === null) return undefined;
    try {
      return parseSnapshot(text);
    } catch {
      return undefined;
    }
  }

  /** Keeps `snapshot` as the server's first one unless one is kept already; true when it was stored. */
  rememberOnce(server: string, snapshot: () => McpSnapshot): boolean {
    if (this.storage.getItem(FIRST_SNAPSHOT_KEY_PREFIX + server) !== null) return false;
    this.replace(server, snapshot());
    return true;
  }

  /** Makes `snapshot` the server's baseline (accept B as the new baseline). Throws when storage refuses it (full). */
  replace(server: string, snapshot: McpSnapshot): void {
    this.storage.setItem(FIRST_SNAPSHOT_KEY_PREFIX + server, writeSnapshot(snapshot));
  }
}
