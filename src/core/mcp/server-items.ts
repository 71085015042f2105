/** What a server publishes, as the page keeps it: tools, resources, templates, prompts, their content, log levels. */
import type { McpIcon } from './server-metadata';

/** A tool as the server published it (the MCP `Tool` shape, kept loose: it is untrusted data). */
export interface McpToolInfo {
  name: string;
  title?: string;
  description?: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  /** Its icons, only the https and inline-image ones. */
  icons?: McpIcon[];
  annotations?: {
    title?: string;
    readOnlyHint?: boolean;
    destructiveHint?: boolean;
    idempotentHint?: boolean;
    openWorldHint?: boolean;
  };
  /** How the tool runs: `taskSupport: "required"` means it must be called as a task (2025-11-25). */
  execution?: { taskSupport?: 'forbidden' | 'optional' | 'required' };
  /** What is wrong with this tool as published (e.g. an input schema that is not a JSON Schema object); absent when nothing is. */
  problems?: string[];
}

/** The syslog levels of MCP logging, least severe first. */
export const LOG_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'] as const;

/** One MCP log level. */
export type LogLevel = (typeof LOG_LEVELS)[number];

/** A resource as the server listed it (untrusted: render as text). */
export interface McpResourceInfo {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  /** Size in bytes, when the server says. */
  size?: number;
}

/** A resource template as the server listed it: an RFC 6570 URI template. */
export interface McpResourceTemplateInfo {
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
}

/** One item of a resources/read result: text, or a base64 blob. */
export interface McpResourceContent {
  uri: string;
  mimeType?: string;
  text?: string;
  blob?: string;
}

/** A prompt as the server listed it, with its arguments. */
export interface McpPromptInfo {
  name: string;
  title?: string;
  description?: string;
  arguments: Array<{ name: string; title?: string; description?: string; required?: boolean }>;
}

/** A content block of a prompt message or tool result, as the server sent it (untrusted). */
export type McpContentBlock =
  | { type: 'text'; text: string }
  | { type: 'image' | 'audio'; data: string; mimeType: string }
  | { type: 'resource'; resource: McpResourceContent }
  | { type: 'resource_link'; uri: string; name?: string; mimeType?: string }
  | { type: string; [key: string]: unknown };

/** One message of a prompts/get result. */
export interface McpPromptMessage {
  role: 'user' | 'assistant';
  content: McpContentBlock;
}

/** A resource this client subscribed to, as its `notifications/resources/updated` arrive. */
export interface ResourceSubscription {
  /** How many updates arrived since subscribing. */
  updates: number;
  /** Epoch ms of the last update. */
  updatedAt?: number;
}
