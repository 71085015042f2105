/**
 * One MCP session: an SDK client and its transport, whose traffic goes through the wire tap, with
 * the calls it makes and the exchanges it ended. A connection replaces its session when the
 * server forgets it (a 2025 session's 404).
 */
import type { Client, FetchLike, JSONRPCMessage, Middleware, Transport } from '@modelcontextprotocol/client';
import { createWireTap } from '../traffic';
import type { AnswerProblem, SecretRegistry, TrafficLog, WireTap } from '../traffic';
import { CallRegistry } from './call-registry';
import type { EraPrior } from './era-memory';
import type { McpCall } from './call-registry';
import type { CapabilityClientOptions, CapabilityLoad, CapabilityModule } from './capabilities/capability';
import type { ServerState } from './connection-state';
import type { Diagnosis } from './diagnosis';
import { explainResponseFailure, httpStatusOf } from './explain-failure';
import type { ClientSdk } from './load-client-sdk';
import { McpError } from './mcp-error';
import { SessionExchanges } from './session-notes';
import { createTransport, sessionIdOf } from './open-transport';
import { ProbeTemplates } from './probe-sender';
import type { McpTransport, TransportKind } from './open-transport';
import { safeIcons } from './server-metadata';

/** The client identity Glassbox announces to servers. */
const CLIENT_INFO = { name: 'glassbox', title: 'Glassbox', version: '0.1.0' } as const;

/** One SDK client with its transport, tap and calls. */
export interface Session {
  client: Client;
  transport: McpTransport;
  /** Which transport it speaks. */
  kind: TransportKind;
  tap: WireTap;
  calls: CallRegistry;
  exchanges: SessionExchanges;
  /** Answers found unusable while this session was connecting. */
  connectProblems: AnswerProblem[];
  /** The era verdict its connect used instead of probing (see era-memory). */
  prior?: EraPrior;
  /** The handshake's call that failed, if one did. */
  failedCall?: McpCall;
  /** The requests a load probe repeats, as the transport sent them (probe-sender.ts). */
  probeTemplates: ProbeTemplates;
  /** The transport's fetch below the template capture: the sign-in, then the wire tap. */
  probeFetch: FetchLike;
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
  /** Which transport to speak (the 2024 HTTP+SSE transport is 2025-era only: no era probe). */
  transport: TransportKind;
  now?: () => number;
  streamsWait?: () => Promise<void> | undefined;
  capabilities: readonly CapabilityModule[];
  /** Writes a note on an exchange. */
  note(exchangeId: number, note: string): void;
  /** True while the connection is connecting (its problems explain a failed handshake). */
  connecting(): boolean;
  /** The sign-in middleware, outside the tap (so the request retried with a token is recorded too). */
  auth?: Middleware;
  /** Connect in this era without the `server/discover` probe (a remembered verdict). */
  prior?: EraPrior;
}

/** A new SDK client and transport, its traffic through the wire tap, its capabilities registered. */
export function openSession(sdk: ClientSdk, settings: SessionSettings): Session {
  const calls = new CallRegistry();
  const session = {
    calls,
    kind: settings.transport,
    connectProblems: [] as AnswerProblem[],
    exchanges: new SessionExchanges(settings.note),
    ...(settings.prior && settings.transport === 'streamable-http' ? { prior: settings.prior } : {}),
  } as Partial<Session> as Session;
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
      // The 2024 transport's GET stream is how it connects: nothing may hold it back.
      streamGate: () => (settings.transport === 'sse' ? undefined : streamGate(session, settings.streamsWait)),
    },
  });
  const versionNegotiation = { mode: settings.transport === 'sse' ? ('legacy' as const) : ('auto' as const) };
  session.client = new sdk.Client(CLIENT_INFO, { ...mergeClientOptions(settings.capabilities), versionNegotiation });
  for (const capability of settings.capabilities) capability.register?.(session.client);
  session.probeTemplates = new ProbeTemplates();
  session.probeFetch = sdk.applyMiddlewares(session.tap, ...(settings.auth ? [settings.auth] : []))(settings.fetch);
  session.transport = createTransport(
    sdk,
    settings.transport,
    settings.url,
    session.probeTemplates.middleware(session.probeFetch),
    settings.headers,
  );
  calls.watch(session.transport);
  addRequestMeta(session, settings.capabilities);
  for (const capability of settings.capabilities) capability.watch?.(session.transport);
  // The v2 client reports the era probe's 400 (and every failure we diagnose ourselves) through onerror.
  session.client.onerror = () => undefined;
  return session;
}

/** Gives every request the session sends the `_meta` entries its capabilities add (the arguments object stays the same: calls are told apart by it). */
function addRequestMeta(session: Session, capabilities: readonly CapabilityModule[]): void {
  // Both transports are SDK Transports; the 2024 one simply ignores the send options.
  const transport: Transport = session.transport;
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    const m = message as JSONRPCMessage & { method?: unknown; id?: unknown; params?: Record<string, unknown> };
    if (typeof m.method !== 'string' || m.id === undefined) return send(message, options);
    const era = session.client.getProtocolEra();
    let meta: Record<string, unknown> | undefined;
    for (const capability of capabilities) {
      const added = capability.requestMeta?.(era);
      if (added) meta = { ...meta, ...added };
    }
    if (!meta) return send(message, options);
    const params = m.params ?? {};
    return send(
      { ...m, params: { ...params, _meta: { ...(params['_meta'] as Record<string, unknown> | undefined), ...meta } } } as JSONRPCMessage,
      options,
    );
  };
}

/**
 * The client options of every capability together. Their declarations are merged one level deep
 * (each adds its own keys to `capabilities`, `capabilities.extensions` and `listChanged`), so one
 * capability never drops another's.
 */
export function mergeClientOptions(
  capabilities: readonly CapabilityModule[],
): CapabilityClientOptions & { capabilities: NonNullable<CapabilityClientOptions['capabilities']> } {
  let declared: NonNullable<CapabilityClientOptions['capabilities']> = {};
  let listChanged: CapabilityClientOptions['listChanged'];
  for (const capability of capabilities) {
    const options = capability.clientOptions?.();
    if (options?.capabilities)
      declared = { ...declared, ...options.capabilities, extensions: { ...declared.extensions, ...options.capabilities.extensions } };
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
export async function handshake(
  session: Session,
  capabilities: readonly CapabilityModule[],
  timeoutMs: number,
): Promise<Array<[string, CapabilityLoad]>> {
  const connecting = session.calls.begin({ methods: ['server/discover', 'initialize'] });
  try {
    await session.client.connect(session.transport, {
      timeout: timeoutMs,
      signal: connecting.controller.signal,
      ...(session.prior && { prior: session.prior }),
    });
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
    serverInfo: info ? { name: info.name, version: info.version, title: info.title, icons: safeIcons(info.icons) } : undefined,
    instructions: client.getInstructions(),
    sessionId: sessionIdOf(session.transport),
    transport: session.kind,
    capabilities: client.getServerCapabilities() as Record<string, unknown> | undefined,
  };
}

/** A 404 on a 2025 session id: the server forgot the session (initialize again, without the id). */
export function isExpiredSession(error: unknown, session: Session): boolean {
  return httpStatusOf(error) === 404 && session.client.getProtocolEra() === 'legacy' && sessionIdOf(session.transport) !== undefined;
}

/** The error a caller sees for a diagnosed failure: HTTP and network errors keep the SDK's (callers classify them); the rest get a coded one. */
export function codedError(error: unknown, diagnosis: Diagnosis): unknown {
  if (error instanceof McpError) return error;
  if (diagnosis.code === 'timeout' || diagnosis.code === 'protocol-error' || diagnosis.code === 'session-expired')
    return new McpError(diagnosis, { cause: error });
  return error;
}
