/**
 * The neutral shape of a `sampling/createMessage` request (a server asking the client's model),
 * read from the wire once, and the result that goes back. Independent of any provider.
 */

/** One piece of a sampling message. Media travels as base64 with its type. */
export type SamplingContent =
  | { type: 'text'; text: string }
  | { type: 'image'; mediaType: string; data: string }
  | { type: 'audio'; mediaType: string; data: string }
  | { type: 'tool-use'; id: string; name: string; input: Record<string, unknown> }
  | { type: 'tool-result'; toolUseId: string; content: unknown[]; structuredContent?: Record<string, unknown>; isError: boolean };

/** One message of the conversation the server sends. */
export interface SamplingMessage {
  role: 'user' | 'assistant';
  content: SamplingContent[];
}

/** A tool the server lets the model call during sampling (`sampling.tools`). */
export interface SamplingTool {
  name: string;
  description?: string;
  inputSchema: Record<string, unknown>;
}

/** The server's wishes for the model: name hints, and priorities from 0 to 1. */
export interface SamplingModelPreferences {
  hints: string[];
  costPriority?: number;
  speedPriority?: number;
  intelligencePriority?: number;
}

/** A `sampling/createMessage` request, validated. */
export interface SamplingRequest {
  messages: SamplingMessage[];
  systemPrompt?: string;
  maxTokens: number;
  temperature?: number;
  stopSequences?: string[];
  includeContext?: 'none' | 'thisServer' | 'allServers';
  modelPreferences?: SamplingModelPreferences;
  tools: SamplingTool[];
  toolChoice?: 'auto' | 'required' | 'none';
}

/** A content block of the result, in the wire's own shape (snake_case where the wire has it). */
export type CreateMessageContent =
  | { type: 'text'; text: string }
  | { type: 'image'; data: string; mimeType: string }
  | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> };

/** The `sampling/createMessage` result sent back to the server. */
export type CreateMessageResult = {
  role: 'assistant';
  /** One block when there is one (what every client understands); a list when the model said several things. */
  content: CreateMessageContent | CreateMessageContent[];
  model: string;
  /** `endTurn`, `stopSequence`, `maxTokens`, `toolUse`, or the provider's own reason. */
  stopReason: string;
};
