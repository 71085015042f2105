/**
 * A snapshot from a live connection: the connection has already walked every page of each list
 * (tools, resources, resource templates, prompts), so the snapshot is its state, copied, with
 * the client's own notes dropped and every secret the connection knows replaced.
 */
import type { ServerState } from '../mcp';
import { redactUrl, REDACTED } from '../secrets';
import { SNAPSHOT_FORMAT, SNAPSHOT_FORMAT_VERSION, type McpSnapshot, type SnapshotTool } from './snapshot-types';

/** What replaces secrets in a snapshot's text: the traffic log's SecretRegistry fits. */
export interface SnapshotSecrets {
  /** The text with every registered secret replaced. */
  redact(text: string): string;
}

/** Why a state cannot be snapshotted. */
class SnapshotError extends Error {}

/**
 * The snapshot of a connected server's state. `secrets` (the connection's SecretRegistry) scrubs
 * any header value or URL credential a server echoed into a description or schema; the source URL
 * goes through the secret policy (`redactUrl`).
 */
export function snapshotOfState(state: ServerState, options: { secrets?: SnapshotSecrets; now?: () => Date } = {}): McpSnapshot {
  if (state.status !== 'connected') throw new SnapshotError(`"${state.name}" is not connected (${state.status})`);
  const snapshot: McpSnapshot = {
    format: SNAPSHOT_FORMAT,
    formatVersion: SNAPSHOT_FORMAT_VERSION,
    takenAt: (options.now?.() ?? new Date()).toISOString(),
    ...(state.url !== undefined && { source: redactUrl(state.url) }),
    server: {
      name: state.serverInfo?.name ?? state.name,
      version: state.serverInfo?.version ?? '',
      ...(state.serverInfo?.title !== undefined && { title: state.serverInfo.title }),
    },
    ...(state.era !== undefined && { era: state.era }),
    ...(state.protocolVersion !== undefined && { protocolVersion: state.protocolVersion }),
    capabilities: state.capabilities ?? {},
    ...(state.instructions !== undefined && { instructions: state.instructions }),
    tools: state.tools.map(({ problems: _problems, ...tool }): SnapshotTool => tool),
    resources: state.resources ?? [],
    resourceTemplates: state.resourceTemplates ?? [],
    prompts: state.prompts ?? [],
  };
  const text = JSON.stringify(snapshot);
  const scrubbed = options.secrets ? options.secrets.redact(text) : text;
  return scrubbed === text ? (JSON.parse(text) as McpSnapshot) : (JSON.parse(scrubbed) as McpSnapshot);
}

/** True when the snapshot's text holds none of `values` (header values, URL credentials) and no unredacted URL credential. */
export function isFreeOfSecrets(snapshot: McpSnapshot, values: readonly string[]): boolean {
  const text = JSON.stringify(snapshot);
  if (values.some((value) => value.length > 0 && value !== REDACTED && text.includes(value))) return false;
  return snapshot.source === undefined || redactUrl(snapshot.source) === snapshot.source;
}
