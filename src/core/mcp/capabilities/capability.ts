/**
 * The seam every protocol capability plugs into: tools, tasks, resources, prompts, completions,
 * logging, apps, and the inbox of server-initiated requests (sampling, elicitation, roots), the
 * one way a host adds handlers of a server's requests. A
 * capability is one module: it adds to the SDK client's options (what it declares, its
 * list_changed handlers), registers its handlers on each new client (one per session), and loads
 * what it shows once a session is connected. The connection owns the lifecycle and the session.
 */
import type { Client, ClientOptions, Transport } from '@modelcontextprotocol/client';
import type { ServerState } from '../connection-state';
import type { McpCall } from '../call-registry';
import type { ProtocolEra } from '../../traffic';
import type { InputRequest } from './task-wire';

/** The part of the SDK client's options a capability may add to. */
export type CapabilityClientOptions = Pick<ClientOptions, 'capabilities' | 'listChanged'>;

/** Where an embedded input request is answered: the agent tool call it serves (if any) and the caller's signal. */
export interface InputContext {
  toolCallId?: string;
  signal: AbortSignal;
}

/** What a capability may ask of its connection. */
export interface CapabilityHost {
  /** The server's name (from the config). */
  readonly server: string;
  /** The agent tool call in flight on the connection, if one is (a server's request during it belongs to it). */
  toolCallInFlight(): string | undefined;
  /**
   * Answers an embedded server→client request through the capability that answers its method
   * (the inbox: sampling, elicitation, roots); rejects when none does.
   */
  answerInput(key: string, request: InputRequest, context: InputContext): Promise<Record<string, unknown>>;
  /**
   * Runs a request on the current session: its traffic carries `context`, a 2025 session that
   * expired is renewed and the request retried once, and a failure becomes a coded McpError.
   */
  request<T>(spec: CapabilityRequest, run: (client: Client, call: McpCall) => Promise<T>): Promise<T>;
  /** Shows what the capability loaded again (a refresh). */
  loaded(name: string, loaded: CapabilityLoad): void;
  /** A warning kept until the next connect. */
  warn(warning: string): void;
  /** The server's request timeout, in milliseconds. */
  timeoutMs(): number;
}

/** One request a capability makes through its host. */
export interface CapabilityRequest {
  /** The JSON-RPC methods the SDK sends for it (a listing may send several pages). */
  methods: readonly string[];
  /** For a tools/call: the arguments object the SDK is given (how its request is told apart). */
  arguments?: object;
  /** The agent tool call it serves, recorded with its traffic. */
  toolCallId?: string;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Names of request headers it adds beyond the protocol's own (a tool's Mcp-Param-*), for the CORS diagnosis. */
  extraHeaders?: readonly string[];
}

/** A protocol capability of a connection. */
export interface CapabilityModule {
  /** Its name (tools, resources, …), for messages. */
  readonly name: string;
  /** What it adds to a new SDK client's options. */
  clientOptions?(): CapabilityClientOptions;
  /** Registers its request and notification handlers on a new client (each session has its own). */
  register?(client: Client): void;
  /** Sees a new session's transport before it connects (what the client sends goes through it). */
  watch?(transport: Transport): void;
  /** The methods `load` sends, so its requests are told apart. */
  readonly loadMethods?: readonly string[];
  /** Once connected (or the session renewed): what it loads. */
  load?(client: Client, call: McpCall): Promise<CapabilityLoad>;
  /** The server→client methods it answers (see `answerInput`). */
  readonly inputMethods?: readonly string[];
  /** Answers one embedded request of a method it lists in `inputMethods` (a 2026 task asking for input). */
  answerInput?(key: string, request: InputRequest, context: InputContext): Promise<Record<string, unknown>>;
  /** `_meta` entries it adds to every request the session sends in this era (the 2026 per-request log level), if any. */
  requestMeta?(era: ProtocolEra | undefined): Record<string, unknown> | undefined;
}

/** What a capability loaded: a patch of the server's state, and its warnings (replacing its earlier ones). */
export interface CapabilityLoad {
  state: Partial<ServerState>;
  warnings: readonly string[];
}
