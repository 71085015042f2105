/**
 * What an agent session needs from the rest of the app, and the services a turn gets from it,
 * with the defaults filled in (clock, ids, retry sleep, page origin, offline check).
 */
import type { ProviderId } from '../providers';
import type { GuardFinding } from '../guard';
import type { PolicyStore, ToolRegistry } from '../tools';
import type { CallContext } from '../traffic';
import { sleepWithSignal } from './sleep';
import type { CallMcpTool } from './execute-tool-call';
import type { ServerInstructions } from './server-instructions';
import type { ModelContextNote, ModelSettings } from './session-types';

/** Everything the loop uses that comes from outside. */
export interface TurnServices {
  registry: ToolRegistry;
  policies: PolicyStore;
  callMcpTool: CallMcpTool;
  findingsFor?: (server: string, tool: string) => GuardFinding[];
  timeoutFor?: (server: string) => number | undefined;
  modelFetch(provider: ProviderId, context: CallContext): typeof fetch;
  now(): number;
  generateId(): string;
  sleep(ms: number, signal: AbortSignal): Promise<void>;
  pageOrigin?: string;
  isOffline?: () => boolean;
  retryBaseMs?: number;
  maxResultChars?: number;
  /** The connected servers' instructions, for the system prompt. */
  serverInstructions?: () => readonly ServerInstructions[];
}

/** What a session needs from the rest of the app. */
export interface AgentSessionDeps {
  /** The tools the model can see (MCP stand-ins and local tools). */
  registry: ToolRegistry;
  /** The person's allow / ask / deny choices. */
  policies: PolicyStore;
  /** Calls a tool on a connected MCP server; resolves to its CallToolResult. */
  callMcpTool: CallMcpTool;
  /** The guard's findings on one tool's text, shown on its approval card. None when absent. */
  findingsFor?(server: string, tool: string): GuardFinding[];
  /** Per-server tool-call timeout in milliseconds; undefined = the connection's default. */
  timeoutFor?(server: string): number | undefined;
  /** The fetch a model request goes through: tapped, its source the provider, its exchange part of `context` (turn, step). */
  modelFetch(provider: ProviderId, context: CallContext): typeof fetch;
  /** Wall clock in epoch milliseconds. Default is `Date.now`. */
  now?(): number;
  /** Ids for chat items. Default is a counter with a random prefix. */
  generateId?(): string;
  /** Waits between retries, rejecting when the signal aborts. Injectable for tests. */
  sleep?(ms: number, signal: AbortSignal): Promise<void>;
  /** Settings to start with; the rest are the defaults (see DEFAULT_SETTINGS). */
  initialSettings?: Partial<ModelSettings>;
  /** Called with the API key whenever it is set, so the traffic log can redact it everywhere. */
  registerSecret?(value: string): void;
  /** The page's origin (a same-origin failure is not blamed on CORS). Default: `location.origin` when there is one. */
  pageOrigin?: string;
  /** True when the browser is offline. Default: `navigator.onLine === false` when there is a navigator. */
  isOffline?(): boolean;
  /** First retry pause in milliseconds. Default is 1000. */
  retryBaseMs?: number;
  /** Most text characters the model receives from one tool result. Default is 20000. */
  maxResultChars?: number;
  /** The connected MCP servers' instructions, added to the system prompt marked as theirs. */
  serverInstructions?(): readonly ServerInstructions[];
  /** Takes the context app views left for the next model request (sent with the next user message). */
  takeModelContext?(): readonly ModelContextNote[];
}

/** The services a turn runs with: the session's dependencies, defaults filled in, clock and ids shared with the session. */
export function turnServices(deps: AgentSessionDeps, now: () => number, generateId: () => string): TurnServices {
  return {
    registry: deps.registry,
    policies: deps.policies,
    callMcpTool: deps.callMcpTool,
    ...(deps.findingsFor ? { findingsFor: (server: string, tool: string) => deps.findingsFor?.(server, tool) ?? [] } : {}),
    ...(deps.timeoutFor ? { timeoutFor: (server: string) => deps.timeoutFor?.(server) } : {}),
    modelFetch: (provider, context) => deps.modelFetch(provider, context),
    now,
    generateId,
    sleep: deps.sleep ?? sleepWithSignal,
    ...optional('pageOrigin', deps.pageOrigin ?? defaultPageOrigin()),
    isOffline: deps.isOffline ?? defaultIsOffline,
    ...optional('retryBaseMs', deps.retryBaseMs),
    ...optional('maxResultChars', deps.maxResultChars),
    ...(deps.serverInstructions ? { serverInstructions: () => deps.serverInstructions?.() ?? [] } : {}),
  };
}

/** `{ key: value }`, or `{}` when the value is undefined (the options are exact: no key set to undefined). */
export function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

function defaultPageOrigin(): string | undefined {
  const location = (globalThis as { location?: { origin?: unknown } }).location;
  return typeof location?.origin === 'string' && location.origin !== 'null' ? location.origin : undefined;
}

function defaultIsOffline(): boolean {
  const navigator = (globalThis as { navigator?: { onLine?: unknown } }).navigator;
  return navigator?.onLine === false;
}

/** Ids `<prefix>-1`, `<prefix>-2`, … with a random prefix per session object. */
export function counterIds(): () => string {
  const prefix = Math.random().toString(36).slice(2, 8);
  let next = 0;
  return () => `${prefix}-${++next}`;
}
