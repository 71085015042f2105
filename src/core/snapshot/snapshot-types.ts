/** A snapshot of one MCP server (`*.mcp-snapshot.json`): what it lists and declares, as data. */
import type { McpPromptInfo, McpResourceInfo, McpResourceTemplateInfo, McpToolInfo } from '../mcp';
import type { ProtocolEra } from '../traffic';

/** The `format` a snapshot file declares. */
export const SNAPSHOT_FORMAT = 'glassbox.mcp-snapshot';
/** The version of the file format this code writes and reads. */
export const SNAPSHOT_FORMAT_VERSION = 1;

/** A tool as the snapshot keeps it: the listed definition, without the client's own notes. */
export type SnapshotTool = Omit<McpToolInfo, 'problems'>;

/** Everything a comparison looks at, and nothing secret. */
export interface McpSnapshot {
  format: typeof SNAPSHOT_FORMAT;
  formatVersion: typeof SNAPSHOT_FORMAT_VERSION;
  /** ISO time the snapshot was taken. */
  takenAt: string;
  /** Where it was taken from: the URL with its credentials replaced (secret policy), or a config entry's name. */
  source?: string;
  /** The server's own `serverInfo`. */
  server: { name: string; version: string; title?: string };
  era?: ProtocolEra;
  protocolVersion?: string;
  capabilities: Record<string, unknown>;
  instructions?: string;
  tools: SnapshotTool[];
  resources: McpResourceInfo[];
  resourceTemplates: McpResourceTemplateInfo[];
  prompts: McpPromptInfo[];
}
