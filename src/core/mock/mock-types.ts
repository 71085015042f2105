/**
 * The mock file (`*.mcp-mock.json`): one MCP server as a recording saw it — its identity, era,
 * protocol version, capabilities and the request/answer pairs in the order they happened, with
 * what the server sent on its own around each answer. Everything in it comes from the traffic log
 * (already redacted at record time) and is scanned once more for secrets when it is made.
 */
import type { ProtocolEra } from '../traffic/types';

/** The `format` marker of a mock file. */
export const MOCK_FORMAT = 'glassbox-mcp-mock';
/** The version this code writes (and the newest it reads). */
export const MOCK_FORMAT_VERSION = 1;
/** The file name ending of a mock. */
export const MOCK_FILE_SUFFIX = '.mcp-mock.json';

/**
 * What a request with no recorded answer gets:
 * - `nearest` (default): a JSON-RPC error naming the nearest recorded request and the JSON path where it differs;
 * - `fixed-error`: the JSON-RPC error in `McpMock.fixedError` (or a default one);
 * - `tool-error`: a `tools/call` gets a tool result with `isError: true` carrying the nearest-miss sentence
 *   (other methods get the `nearest` error, since only a tool call has a result that can be an error).
 */
export type MissPolicy = 'nearest' | 'fixed-error' | 'tool-error';

/** Every miss policy, for menus and the file boundary. */
export const MISS_POLICIES: readonly MissPolicy[] = ['nearest', 'fixed-error', 'tool-error'];

/** A JSON-RPC error object. */
export interface RpcErrorObject {
  code: number;
  message: string;
  data?: unknown;
}

/** A message the server sent on its own (a notification, or a request such as `sampling/createMessage`). */
interface MockServerMessage {
  /** The JSON-RPC message as recorded (a request keeps the server's own id). */
  message: Record<string, unknown>;
}

/** What a recorded request got back: a result, an error, or nothing (a stream kept open, such as `subscriptions/listen`). */
type MockAnswer = { result: unknown } | { error: RpcErrorObject } | { open: true };

/** One recorded request and everything the server sent about it, in order. */
export interface MockExchange {
  method: string;
  /** The params as recorded (redacted); matched after normalising (see `normaliseParams`). */
  params?: unknown;
  /** Sent on the request's own stream before the answer: progress, log messages, a 2025 server's sampling or elicitation requests. */
  before?: MockServerMessage[];
  answer: MockAnswer;
  /** Notifications the server sent on another stream (the GET stream, a `subscriptions/listen` stream) after this answer and before the next request. */
  after?: MockServerMessage[];
  /** The HTTP status the answer came with, when it was not 200. */
  status?: number;
  /** Milliseconds from the request to its answer, as recorded. */
  latencyMs?: number;
}

/** The server's identity, as it named itself (`serverInfo`), with the config entry it was recorded under. */
export interface MockServerIdentity {
  /** The config entry's name in the recorded session (the mock's default name). */
  entry: string;
  name?: string;
  version?: string;
  title?: string;
}

/** A mock server made from a recording. */
export interface McpMock {
  format: typeof MOCK_FORMAT;
  formatVersion: typeof MOCK_FORMAT_VERSION;
  server: MockServerIdentity;
  /** When the recording started (ISO 8601): "recorded <date>" on the card. */
  recordedAt: string;
  /** The recorded server's URL with credentials removed, for the person's information (never contacted). */
  recordedUrl?: string;
  /** `legacy` = 2025 (initialize, sessions), `modern` = 2026-07-28 (stateless, `server/discover`). */
  era: ProtocolEra;
  protocolVersion?: string;
  capabilities: Record<string, unknown>;
  instructions?: string;
  /** 2025 era: whether the server gave a session id (`Mcp-Session-Id`). */
  sessions?: boolean;
  missPolicy: MissPolicy;
  /** The error misses get under the `fixed-error` policy. */
  fixedError?: RpcErrorObject;
  /** The recorded request/answer pairs, in the order they were sent. */
  exchanges: MockExchange[];
}
