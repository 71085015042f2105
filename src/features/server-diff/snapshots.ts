/**
 * Snapshots in the page: a connected card's snapshot (downloaded by `snapshot-export-<name>`, or
 * one side of a comparison), and the first-connect baseline of each server, kept in the page's
 * storage. Everything goes through core/snapshot; secrets are replaced by the connection's
 * SecretRegistry (the one secret policy) before anything leaves memory.
 */
import type { Services } from '../../core/composition';
import type { KeyValueStorage } from '../../core/shared';
import { FirstSnapshots, snapshotOfState, writeSnapshot, type McpSnapshot } from '../../core/snapshot';
import { downloadText } from '../../ui/download';

/** The snapshot of a connected server now; undefined when it is not connected. */
function liveSnapshot(services: Services, server: string): McpSnapshot | undefined {
  const state = services.connections.getSnapshot().servers.find((entry) => entry.name === server);
  if (state?.status !== 'connected') return undefined;
  return snapshotOfState(state, { secrets: services.secrets });
}

/** The file name of a server's snapshot. */
const snapshotFileName = (server: string): string => `${server.replace(/[^\w.-]+/g, '_')}.mcp-snapshot.json`;

/** Downloads `<name>.mcp-snapshot.json` of a connected server (no secret in it). */
export function exportServerSnapshot(services: Services, server: string): void {
  const snapshot = liveSnapshot(services, server);
  if (snapshot) downloadText(snapshotFileName(server), writeSnapshot(snapshot));
}

/**
 * Keeps the snapshot of each server the first time it is seen connected (once per name; it survives
 * a reload). Returns the function that stops watching.
 */
export function trackFirstSnapshots(services: Services, storage: KeyValueStorage): () => void {
  const book = new FirstSnapshots(storage);
  let seen = new Set<unknown>();
  const look = () => {
    const next = new Set<unknown>();
    for (const state of services.connections.getSnapshot().servers) {
      next.add(state);
      // States are immutable: one already looked at is skipped.
      if (state.status !== 'connected' || seen.has(state)) continue;
      try {
        book.rememberOnce(state.name, () => snapshotOfState(state, { secrets: services.secrets }));
      } catch {
        // Storage full or blocked: the comparison then offers no first-connect snapshot for this server.
      }
    }
    seen = next;
  };
  look();
  return services.connections.subscribe(look);
}
