/** The state of one configured MCP server, as the server card shows it. */
import type { SkillEntry } from './skills/skill-entry';
import type { SkillLoad } from './skills/load-skill';

/** Lifecycle of a server connection. */
type ConnectionStatus =
  | 'idle'
  | 'connecting'
  | 'connected'
  | 'failed'
  | 'disabled'
  | 'needs-local-process'
  /** The server answered 401: the card offers "Sign in" (OAuth). */
  | 'needs-sign-in'
  | 'invalid';

import type { ProtocolEra } from '../traffic/types';
import type { TaskInfo } from './capabilities/task-wire';
import type { TransportKind } from './open-transport';
import type { McpIcon } from './server-metadata';
import type { ServerAuthState } from './server-sign-in';

/** A stable code for why a server could not be used. */
export type DiagnosisCode =
  | 'unreachable'
  | 'cors-missing'
  | 'cors-header-not-allowed'
  | 'cors-method-not-allowed'
  | 'cors-unknown'
  | 'session-id-not-exposed'
  | 'session-expired'
  | 'http-error'
  | 'auth-required'
  | 'protocol-error'
  | 'timeout'
  | 'bad-config'
  /** The app's own MCP client code could not be loaded (a failed chunk download). */
  | 'client-unavailable'
  /** The local process behind the server (a stdio server the bridge started) exited: nothing answers until it runs again. */
  | 'process-exited';

/**
 * What exactly was wrong with an answer that was not usable MCP (the `reason` of a
 * `protocol-error` diagnosis, so the broad code stays stable for callers that branch on it).
 */
export type ProtocolFailureReason =
  /** The body (or an event) was not JSON at all. */
  | 'not-json'
  /** JSON, but not a JSON-RPC message. */
  | 'not-json-rpc'
  /** A JSON-RPC response whose id matches no request the client sent. */
  | 'unknown-response-id'
  /** A 2xx answer to a request that was neither application/json nor text/event-stream. */
  | 'wrong-content-type'
  /** An SSE event whose data is not JSON. */
  | 'malformed-sse'
  /** The response stream ended (or was cut) before the answer came. */
  | 'stream-closed';

/** A plain-words explanation of a failure, with the fix when we know it. */
export interface Diagnosis {
  code: DiagnosisCode;
  /** For `protocol-error`: what exactly was wrong. */
  reason?: ProtocolFailureReason;
  /** One line: what is wrong. */
  title: string;
  /** A few sentences: how we know, and what it means. */
  detail: string;
  /** Exact response headers the server should send, one per line, when the fix is CORS. */
  headersToAdd?: string[];
  /** HTTP status, when the failure was an HTTP error. */
  status?: number;
  /** The server's own error text (untrusted: render as text). */
  serverText?: string;
}

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

/** A failure after connecting (a tool call, a tool list), as the card shows it. */
interface ServerProblem {
  /** Epoch ms when it happened. */
  at: number;
  /** The JSON-RPC method that failed, e.g. `tools/call`. */
  method: string;
  diagnosis: Diagnosis;
}

/** Everything the UI shows about one server. */
export interface ServerState {
  name: string;
  url?: string;
  status: ConnectionStatus;
  era?: ProtocolEra;
  protocolVersion?: string;
  serverInfo?: { name: string; version: string; title?: string; icons?: McpIcon[] };
  /** Which transport the connection speaks (`sse`: the 2024 HTTP+SSE transport, configured or fallen back to). */
  transport?: TransportKind;
  /** The log level asked of the server (logging/setLevel in 2025, each request's `_meta` in 2026); undefined: the server's default. */
  logLevel?: LogLevel;
  instructions?: string;
  sessionId?: string;
  capabilities?: Record<string, unknown>;
  tools: McpToolInfo[];
  /** Tasks the server made of tool calls, oldest first (see capabilities/tasks). */
  tasks?: readonly TaskInfo[];
  /** How many tools/list pages were fetched the last time. */
  toolPages?: number;
  /** Resources, resource templates and prompts listed (every page), when the server offers them. */
  resources?: McpResourceInfo[];
  resourceTemplates?: McpResourceTemplateInfo[];
  prompts?: McpPromptInfo[];
  /** Subscribed resources by URI. */
  resourceSubscriptions?: Record<string, ResourceSubscription>;
  /** Skills listed (the skills extension, every page), when the server declares it. */
  skills?: SkillEntry[];
  /** Skills opened, by SKILL.md URI: loading, loaded (every file verified), refused or failed. */
  skillLoads?: Record<string, SkillLoad>;
  diagnosis?: Diagnosis;
  /** Non-fatal problems worth showing (e.g. the DELETE at disconnect was refused). */
  warnings: string[];
  /** The last request that failed after connecting, if any (cleared by a new connection). */
  lastProblem?: ServerProblem;
  /** Epoch ms of the last automatic session renewal (a 404 on the session id, then initialize again). */
  sessionRenewedAt?: number;
  /** Epoch ms when the state last changed. */
  updatedAt: number;
  /** Per-server timeout for requests, in milliseconds. */
  timeoutMs: number;
  /** The sign-in (OAuth), when the page offers signing in. */
  auth?: ServerAuthState;
}
