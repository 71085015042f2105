/**
 * A mock made from the traffic log, the one record of what was said: the JSON-RPC messages of one
 * server, in the order they were recorded, become request/answer pairs, with what the server sent
 * on its own placed where it came (on the request's stream before the answer, or on another stream
 * after it). Nothing is collected a second time.
 */
import { redactUrl } from '../secrets/secret-url';
import { isPlainObject } from '../shared/json';
import type { HttpExchange, ProtocolEra, RpcMessageRecord } from '../traffic/types';
import {
  MOCK_FORMAT,
  MOCK_FORMAT_VERSION,
  type McpMock,
  type MissPolicy,
  type MockExchange,
  type MockServerIdentity,
  type RpcErrorObject,
} from './mock-types';
import { scrubSecrets } from './scrub';

/** A recording: the traffic log's data (`TrafficLog.getSnapshot()`, a session file's `traffic`, or `recordingFromHar`). */
export interface MockRecording {
  readonly exchanges: readonly HttpExchange[];
  readonly messages: readonly RpcMessageRecord[];
  /** A snapshot's live arrays are longer than what it shows: only this many are read. */
  readonly exchangeCount?: number;
  readonly messageCount?: number;
}

/** A server a recording has messages of, for the person to pick which to mock. */
export interface RecordedServer {
  /** The config entry's name. */
  name: string;
  era?: ProtocolEra;
  /** When its first message was recorded, epoch milliseconds. */
  firstAt: number;
  /** How many requests the client sent it. */
  requests: number;
}

/** Options for `mockFromRecording`. */
export interface MockFromRecordingOptions {
  /** The config entry's name of the server to mock (the `server` of its messages). */
  server: string;
  /** Secret values known to the session (the config's header values, keys): replaced wherever they appear. */
  secrets?: readonly string[];
  /** Default `nearest`. */
  missPolicy?: MissPolicy;
  fixedError?: RpcErrorObject;
}

/** A mock could not be made: the recording has nothing of that server, or never saw it connect. */
export class MockRecordingError extends Error {
  override readonly name = 'MockRecordingError';
  constructor(
    readonly code: 'no-messages' | 'no-handshake',
    message: string,
  ) {
    super(message);
  }
}

function messagesOf(recording: MockRecording): readonly RpcMessageRecord[] {
  return recording.messageCount === undefined ? recording.messages : recording.messages.slice(0, recording.messageCount);
}

function exchangesOf(recording: MockRecording): readonly HttpExchange[] {
  return recording.exchangeCount === undefined ? recording.exchanges : recording.exchanges.slice(0, recording.exchangeCount);
}

/** The servers a recording holds MCP messages of, in the order they first appear. */
export function listRecordedServers(recording: MockRecording): RecordedServer[] {
  const servers = new Map<string, RecordedServer>();
  for (const message of messagesOf(recording)) {
    let server = servers.get(message.server);
    if (server === undefined) {
      server = { name: message.server, firstAt: message.at, requests: 0 };
      servers.set(message.server, server);
    }
    if (message.direction === 'out' && message.kind === 'request') server.requests += 1;
    if (message.direction === 'in' && message.kind === 'response') {
      if (message.method === 'initialize') server.era = 'legacy';
      else if (message.method === 'server/discover' && server.era === undefined) server.era = 'modern';
    }
  }
  return [...servers.values()];
}

/** A JSON-RPC message as an object, or undefined. */
function asMessage(value: unknown): Record<string, unknown> | undefined {
  return isPlainObject(value) ? value : undefined;
}

/** The server's info inside a 2026 result (`_meta["io.modelcontextprotocol/serverInfo"]` or a `serverInfo` field). */
function serverInfoOf(result: Record<string, unknown>): Record<string, unknown> | undefined {
  if (isPlainObject(result['serverInfo'])) return result['serverInfo'];
  const meta = result['_meta'];
  if (!isPlainObject(meta)) return undefined;
  const key = Object.keys(meta).find((name) => name.endsWith('serverInfo'));
  return key !== undefined && isPlainObject(meta[key]) ? meta[key] : undefined;
}

/** The identity fields of a serverInfo object. */
function identityOf(entry: string, info: Record<string, unknown> | undefined): MockServerIdentity {
  const identity: MockServerIdentity = { entry };
  for (const field of ['name', 'version', 'title'] as const) {
    const value = info?.[field];
    if (typeof value === 'string') identity[field] = value;
  }
  return identity;
}

/** An entry being built, with what it takes to place the messages that follow. */
interface Building {
  exchange: MockExchange;
  exchangeId?: number;
  answered: boolean;
}

/**
 * Makes the mock of one server from a recording. Throws MockRecordingError when the recording has
 * no message of that server, or no answered `initialize` or `server/discover` (the mock could not
 * say who it is). The result has passed the secret scan (scrub.ts).
 */
export function mockFromRecording(recording: MockRecording, options: MockFromRecordingOptions): McpMock {
  const name = options.server;
  const messages = messagesOf(recording).filter((message) => message.server === name);
  if (messages.length === 0) throw new MockRecordingError('no-messages', `The recording has no MCP message of "${name}".`);
  const exchangeById = new Map(exchangesOf(recording).map((exchange) => [exchange.id, exchange]));

  const built: Building[] = [];
  const bySeq = new Map<number, Building>();
  let lastAnswered: Building | undefined;
  let lastSent: Building | undefined;

  for (const record of messages) {
    const message = asMessage(record.message);
    if (message === undefined) continue;
    if (record.direction === 'out') {
      // The client's notifications and its answers to the server's requests are not answered by a server.
      if (record.kind !== 'request') continue;
      const entry: Building = {
        exchange: {
          method: record.method,
          ...(message['params'] !== undefined ? { params: message['params'] } : {}),
          answer: { open: true },
        },
        ...(record.exchangeId !== undefined ? { exchangeId: record.exchangeId } : {}),
        answered: false,
      };
      built.push(entry);
      bySeq.set(record.seq, entry);
      lastSent = entry;
      continue;
    }
    if (record.kind === 'response' || record.kind === 'error') {
      const entry = record.pairedSeq === undefined ? undefined : bySeq.get(record.pairedSeq);
      if (entry === undefined) continue;
      entry.exchange.answer = record.kind === 'response' ? { result: message['result'] } : { error: message['error'] as RpcErrorObject };
      if (record.latencyMs !== undefined) entry.exchange.latencyMs = record.latencyMs;
      const status = entry.exchangeId === undefined ? undefined : exchangeById.get(entry.exchangeId)?.status;
      if (status !== undefined && status !== 200) entry.exchange.status = status;
      entry.answered = true;
      lastAnswered = entry;
      continue;
    }
    // The server's own message: before the answer on the request's stream, else after the last answer.
    const owner =
      record.exchangeId === undefined ? undefined : built.find((entry) => !entry.answered && entry.exchangeId === record.exchangeId);
    const onOwnStream = owner !== undefined && (owner.exchange.method !== 'subscriptions/listen' || owner === lastSent);
    if (onOwnStream) (owner.exchange.before ??= []).push({ message });
    else if (lastAnswered !== undefined) (lastAnswered.exchange.after ??= []).push({ message });
  }

  const initialize = built.find((entry) => entry.exchange.method === 'initialize' && 'result' in entry.exchange.answer);
  const discover = built.find((entry) => entry.exchange.method === 'server/discover' && 'result' in entry.exchange.answer);
  const handshake = initialize ?? discover;
  if (handshake === undefined || !('result' in handshake.exchange.answer) || !isPlainObject(handshake.exchange.answer.result))
    throw new MockRecordingError(
      'no-handshake',
      `The recording never saw "${name}" answer initialize or server/discover, so the mock could not say what server it is.`,
    );
  const result = handshake.exchange.answer.result;
  const era: ProtocolEra = initialize !== undefined ? 'legacy' : 'modern';
  // A 2025 server's answer to the era probe is not replayed: the mock answers the probe as a 2025 server does.
  const kept = built.filter((entry) => era === 'modern' || entry.exchange.method !== 'server/discover');
  const firstExchange = exchangesOf(recording).find((exchange) => exchange.wire === 'mcp' && exchange.source === name);
  const mock: McpMock = {
    format: MOCK_FORMAT,
    formatVersion: MOCK_FORMAT_VERSION,
    server: identityOf(name, serverInfoOf(result)),
    recordedAt: new Date((messages[0] as RpcMessageRecord).at).toISOString(),
    ...(firstExchange !== undefined ? { recordedUrl: redactUrl(firstExchange.url) } : {}),
    era,
    ...protocolVersionOf(era, result, messages),
    capabilities: isPlainObject(result['capabilities']) ? result['capabilities'] : {},
    ...(typeof result['instructions'] === 'string' ? { instructions: result['instructions'] } : {}),
    ...(era === 'legacy' ? { sessions: sawSessionId(messages, exchangeById) } : {}),
    missPolicy: options.missPolicy ?? 'nearest',
    ...(options.fixedError !== undefined ? { fixedError: options.fixedError } : {}),
    exchanges: kept.map((entry) => entry.exchange),
  };
  return scrubSecrets(mock, options.secrets ?? []);
}

/** The protocol version: the 2025 initialize's, or the one the 2026 client's requests named. */
function protocolVersionOf(
  era: ProtocolEra,
  result: Record<string, unknown>,
  messages: readonly RpcMessageRecord[],
): { protocolVersion?: string } {
  if (era === 'legacy') return typeof result['protocolVersion'] === 'string' ? { protocolVersion: result['protocolVersion'] } : {};
  for (const record of messages) {
    const meta = asMessage(asMessage(asMessage(record.message)?.['params'])?.['_meta']);
    const version = meta?.['io.modelcontextprotocol/protocolVersion'];
    if (record.direction === 'out' && typeof version === 'string') return { protocolVersion: version };
  }
  const supported = result['supportedVersions'];
  return Array.isArray(supported) && typeof supported[0] === 'string' ? { protocolVersion: supported[0] } : {};
}

/** Whether the 2025 server handed out a session id (seen on a response, or sent back by the client). */
function sawSessionId(messages: readonly RpcMessageRecord[], exchangeById: ReadonlyMap<number, HttpExchange>): boolean {
  return messages.some((record) => {
    const exchange = record.exchangeId === undefined ? undefined : exchangeById.get(record.exchangeId);
    return exchange?.responseHeaders?.['mcp-session-id'] !== undefined || exchange?.requestHeaders['mcp-session-id'] !== undefined;
  });
}
