/**
 * The neutral conversation: what the agent keeps, independent of any provider's wire format.
 * Provider adapters (core/providers/*) translate it to and from their own JSON.
 */

/** A piece of a message. Images travel as base64 with their media type. */
export type NeutralPart =
  | { type: 'text'; text: string }
  | { type: 'image'; mediaType: string; data: string }
  | { type: 'tool-call'; toolCallId: string; toolName: string; input: unknown; rawArguments?: string }
  | { type: 'tool-result'; toolCallId: string; toolName: string; result: ModelToolResult };

/**
 * A tool result as the model will see it, already projected from MCP content
 * (see core/tools/project-result). Providers only lay it out in their own format.
 */
export interface ModelToolResult {
  /** Parts for the model: text and images, in order. */
  parts: Array<{ type: 'text'; text: string } | { type: 'image'; mediaType: string; data: string }>;
  /** True when the call failed (tool error, denial, invalid arguments, …). */
  isError: boolean;
}

/** One message of the neutral history. Tool results always sit in a `tool` message. */
export type NeutralMessage =
  | { role: 'user'; parts: NeutralPart[] }
  | { role: 'assistant'; parts: NeutralPart[] }
  | { role: 'tool'; parts: Array<Extract<NeutralPart, { type: 'tool-result' }>> };

/** A tool offered to the model: its public name, description and JSON Schema for arguments. */
export interface NeutralToolDefinition {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
}

/** Why the model stopped, in one vocabulary for both providers. */
export type NeutralStopReason =
  'end-turn' | 'tool-calls' | 'max-tokens' | 'stop-sequence' | 'content-filter' | 'refusal' | 'pause' | 'context-window' | 'unknown';

/** Token usage as reported by the provider (undefined when it did not say). */
export interface NeutralUsage {
  inputTokens?: number;
  outputTokens?: number;
}

/** Everything needed to build one model request, whatever the provider. */
export interface NeutralRequest {
  model: string;
  system?: string;
  messages: NeutralMessage[];
  tools: NeutralToolDefinition[];
  maxTokens: number;
  stream: boolean;
}

/** A complete assistant reply, parsed from JSON or assembled from a stream. */
export interface NeutralResponse {
  id?: string;
  model?: string;
  parts: NeutralPart[];
  stopReason: NeutralStopReason;
  /** The provider's own stop value, kept for display. */
  rawStopReason?: string;
  usage: NeutralUsage;
}

/** A warning raised while converting: something a provider would reject or ignore. */
export interface ConversionWarning {
  type: 'unsupported' | 'other';
  message: string;
  /** The tool or message the warning is about, when there is one. */
  subject?: string;
}

/** Events a streaming parser emits while a reply arrives. */
export type StreamEvent =
  | { type: 'text-delta'; text: string }
  | { type: 'tool-call-start'; toolCallId: string; toolName: string; index: number }
  | { type: 'tool-call-delta'; index: number; argumentsDelta: string }
  | { type: 'usage'; usage: NeutralUsage }
  | { type: 'error'; message: string; errorType?: string }
  | { type: 'done'; response: NeutralResponse };
