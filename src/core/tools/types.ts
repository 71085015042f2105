/**
 * Shapes shared by the tool modules. They are structural on purpose: the MCP SDK's `Tool` and
 * `CallToolResult` fit them, and so does untrusted JSON that has not been checked yet.
 */

/** Tool hints from a server (MCP `ToolAnnotations`). Only hints: a server is not trusted. */
export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** A `tools/call` result before projection: anything, since it comes from a server. */
export interface CallToolResultLike {
  content?: unknown;
  structuredContent?: unknown;
  isError?: unknown;
  [key: string]: unknown;
}

/** What a local tool's `run` receives besides its arguments. */
interface LocalToolContext {
  /** Aborted when the call is cancelled (stop button, timeout). */
  signal: AbortSignal;
  /** The agent's tool call id, when the model called it (what the tool sends on the MCP wire is recorded with it). */
  toolCallId?: string;
}

/** A tool Glassbox implements itself, in the page (no server involved). */
export interface LocalToolDefinition {
  /** Public name, already valid for both providers (`^[a-zA-Z0-9_-]{1,64}$`). */
  name: string;
  title?: string;
  description: string;
  inputSchema: Record<string, unknown>;
  annotations?: ToolAnnotations;
  /** Runs the tool; returns a result in MCP shape so one projection serves both kinds of tool. */
  run(args: unknown, context: LocalToolContext): Promise<CallToolResultLike>;
}

/** Injected key/value storage (`localStorage` in the app, a Map-backed object in tests); declared by core/config, the layer below. */
