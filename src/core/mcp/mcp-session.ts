/**
 * One MCP session: an SDK client and its transport, whose traffic goes through the wire tap, with
 * the calls it makes and the exchanges it ended. A connection replaces its session when the
 * server forgets it (a 2025 session's 404).
 */
import type { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createWireTap } from '../traffic';
import type { AnswerProblem, SecretRegistry, TrafficLog, WireTap } from '../traffic';
import { CallRegistry } from './call-registry';
import type { McpCall } from './call-registry';
import type { CapabilityClientOptions, CapabilityLoad, CapabilityModule } from './capabilities/capability';
import type { ServerState } from './connection-state';
import { explainResponseFailure } from './explain-failure';
import type { ClientSdk } from './load-client-sdk';
import { McpError } from './mcp-error';
import { SessionExchanges } from './session-notes';

/** The client identity Glassbox announces to servers. */
export const CLIENT_INFO = { name: 'glassbox', title: 'Glassbox', version: '0.1.0' } as const;

/** One SDK client with its transport, tap and calls. */
export interface Session {
  client: Client;
  transport: StreamableHTTPClientTransport;
  tap: WireTap;
  calls: CallRegistry;
  exchanges: SessionExchanges;
  /** Answers found unusable while this session was connecting. */
  connectProblems: AnswerProblem[];
  /** The handshake's call that failed, if one did. */
  failedCall?: McpCall;
  /** While connecting: opens the way for the server→client stream (GET) once the capabilities are loaded. */
  handshake?: { done: Promise<void>; finish(): void };
}

/** What a session is made from. */
export interface SessionSettings {
  name: string;
  url: string;
  headers: Record<string, string>;
  log: TrafficLog;
  secrets: SecretRegistry;
  fetch: typeof fetch;
  now?: () => number;
  streamsWait?: () => Promise<void> | undefined;
  capabilities: readonly CapabilityModule[];
  /** Writes a note on an exchange. */
  note(exchangeId: number, note: string): void;
  /** True while the connection is connecting (its problems explain a failed handshake). */
  connecting(): boolean;
}

/** A new SDK client and transport, its traffic through the wire tap, its capabilities registered. */
export function openSession(sdk: ClientSdk, settings: SessionSettings): Session {
  const calls = new CallRegistry();
  const session = { calls, connectProblems: [] as AnswerProblem[], exchanges: new SessionExchanges(settings.note) } as Partial<Session> as Session;
  session.tap = createWireTap({
    log: settings.log,
    wire: 'mcp',
    source: settings.name,
    secrets: settings.secrets,
    ...(settings.now ? { now: settings.now } : {}),
    rpc: {
      contextOf: (id) => calls.contextOf(id),
      onProblem: (problem) => onAnswerProblem(session, problem, settings),
      onExchangeEnd: (exchange, requests) => session.exchanges.add(exchange, requests),
      // The SDK opens its GET stream as soon as the handshake's notification is accepted; held
      // until the capabilities are loaded (and the other servers connecting at the same time are
      // done), it stays out of the way of the requests that make servers usable.
      streamGate: () => streamGate(session, settings.streamsWait),
    },
  });
  session.client = new sdk.Client(CLIENT_INFO, { ...mergeClientOptions(settings.capabilities), versionNegotiation: { mode: 'auto' as const } });
  for (const capability of settings.capabilities) capability.register?.(session.client);
  session.transport = new sdk.StreamableHTTPClientTransport(new URL(settings.url), {
    fetch: sdk.applyMiddlewares(session.tap)(settings.fetch),
    requestInit: { headers: settings.headers },
  });
  calls.watch(session.transport);
  for (const capability of settings.capabilities) capability.watch?.(session.transport);
  // The v2 client reports the era probe's 400 (and every failure we diagnose ourselves) through onerror.
  session.client.onerror = () => undefined;
  return session;
}

/**
 * The client options of every capability together. Their declarations are merged one level deep
 * (each adds its own keys to `capabilities`, `capabilities.extensions` and `listChanged`), so one
 * capability never drops another's.
 */
export function mergeClientOptions(capabilities: readonly CapabilityModule[]): CapabilityClientOptions & { capabilities: NonNullable<CapabilityClientOptions['capabilities']> } {
  let declared: NonNullable<CapabilityClientOptions['capabilities']> = {};
  let listChanged: CapabilityClientOptions['listChanged'];
  for (const capability of capabilities) {
    const options = capability.clientOptions?.();
    if (options?.capabilities) declared = { ...declared, ...options.capabilities, extensions: { ...declared.extensions, ...options.capabilities.extensions } };
    if (options?.listChanged) listChanged = { ...listChanged, ...options.listChanged };
  }
  if (declared.extensions !== undefined && Object.keys(declared.extensions).length === 0) delete declared.extensions;
  return { capabilities: declared, ...(listChanged ? { listChanged } : {}) };
}

/** What a session's GET waits for: its own handshake, then whatever the manager asks. */
function streamGate(session: Session, others: (() => Promise<void> | undefined) | undefined): Promise<void> | undefined {
  const own = session.handshake?.done;
  if (own === undefined) return others?.();
  if (others === undefined) return own;
  return own.then(() => others());
}

/**
 * An answer that cannot come: say why in the trace, and fail its call now rather than at its
 * timeout, with a coded error (the tap fails a whole answer's fetch with it; a stream's call is
 * aborted with it). The era probe and a wrong Content-Type are left to the SDK, which decides
 * from the reply itself.
 */
function onAnswerProblem(session: Session, problem: AnswerProblem, settings: SessionSettings): Error | undefined {
  const diagnosis = explainResponseFailure(problem.failure, problem.request);
  settings.note(problem.exchangeId, diagnosis.title);
  if (settings.connecting()) session.connectProblems.push(problem);
  if (problem.request.method === 'server/discover' || problem.failure.reason === 'wrong-content-type') return undefined;
  const error = new McpError(diagnosis);
  const call = session.calls.of(problem.request.id);
  if (call && !call.failure && session.calls.isOpen(call)) {
    call.failure = error;
    if (problem.eventStream) call.controller.abort(error);
  }
  return error;
}

/** Connects a session's client, then loads each capability; a call that fails throws what the tap found, if anything. */
export async function handshake(session: Session, capabilities: readonly CapabilityModule[], timeoutMs: number): Promise<Array<[string, CapabilityLoad]>> {
  const connecting = session.calls.begin({ methods: ['server/discover', 'initialize'] });
  try {
    await session.client.connect(session.transport, { timeout: timeoutMs, signal: connecting.controller.signal });
  } catch (error) {
    session.failedCall = connecting;
    throw connecting.failure ?? error;
  } finally {
    session.calls.end(connecting);
  }
  const loads: Array<[string, CapabilityLoad]> = [];
  for (const capability of capabilities) {
    if (!capability.load) continue;
    const call = session.calls.begin({ methods: capability.loadMethods ?? [] });
    try {
      loads.push([capability.name, await capability.load(session.client, call)]);
    } catch (error) {
      session.failedCall = call;
      throw call.failure ?? error;
    } finally {
      session.calls.end(call);
    }
  }
  return loads;
}

/** Era, version, server info, instructions, session and capabilities of a connected client. */
export function connectedFacts(session: Session): Partial<ServerState> {
  const { client } = session;
  const info = client.getServerVersion();
  return {
    era: client.getProtocolEra(),
    protocolVersion: client.getNegotiatedProtocolVersion(),
    serverInfo: info ? { name: info.name, version: info.version, title: info.title } : undefined,
    instructions: client.getInstructions(),
    sessionId: session.transport.sessionId,
    capabilities: client.getServerCapabilities() as Record<string, unknown> | undefined,
  };
}
