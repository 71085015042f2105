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
import type { Diagnosis, ServerProblem } from './diagnosis';
import type { LogLevel, McpPromptInfo, McpResourceInfo, McpResourceTemplateInfo, McpToolInfo, ResourceSubscription } from './server-items';
import type { ServerAuthState } from './server-sign-in';

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
