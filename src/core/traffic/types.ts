/**
 * The traffic log's records: every HTTP exchange on both wires (MCP and model),
 * and the JSON-RPC messages each MCP exchange carried.
 */

/** Which wire an exchange travelled on. */
export type Wire = 'mcp' | 'model';

/** Header name → value, names lower-cased, secret values already redacted. */
export type HeaderMap = Record<string, string>;

/** One Server-Sent Event as it arrived. */
export interface SseEventRecord {
  /** Milliseconds since the exchange started. */
  atMs: number;
  event?: string;
  id?: string;
  data: string;
  /** The reconnection delay (`retry:` field, milliseconds) the server set just before this event, if any. */
  retry?: number;
}

/** State of an exchange while it is under way and after. */
export type ExchangeState = 'pending' | 'streaming' | 'done' | 'failed' | 'aborted';

/** One HTTP request and its response, recorded by the recording fetch. */
export interface HttpExchange {
  /** Sequence number, unique within a log. */
  id: number;
  wire: Wire;
  /** The MCP server's name, or the model wire format's registry id (`ProviderId`). */
  source: string;
  method: string;
  url: string;
  /** Wall-clock start, epoch milliseconds. */
  startedAt: number;
  /** Time until the response was complete (or failed), in milliseconds. */
  durationMs?: number;
  /** Time until the response headers arrived, in milliseconds. */
  headersMs?: number;
  state: ExchangeState;
  requestHeaders: HeaderMap;
  /** The request body as sent. Absent when it is kept as `requestBodyParts`: read it with `requestBodyOf`. */
  requestBody?: string;
  /**
   * The request body as pieces, shared by reference with the requests before it (a model
   * request resends the whole conversation); joined they are the exact body (`requestBodyOf`).
   */
  requestBodyParts?: readonly BodyPart[];
  /** Why the request body is missing or incomplete (e.g. a binary body, which is not recorded). */
  requestBodyNote?: string;
  status?: number;
  statusText?: string;
  /** Only the headers the browser exposes (Access-Control-Expose-Headers). */
  responseHeaders?: HeaderMap;
  responseContentType?: string;
  /** The response body as text, when it was not an event stream. */
  responseBody?: string;
  /** The events of an event-stream response, in order. */
  sseEvents?: SseEventRecord[];
  /** Why the response body is missing or incomplete (e.g. truncated at the recording limit). */
  responseBodyNote?: string;
  /** Why the request failed at the network level (fetch threw). */
  error?: string;
  /** A short label that explains an exchange that looks like a failure but is not (e.g. the era probe). */
  note?: string;
  /** `auth`: an OAuth exchange of the server's sign-in (metadata, registration, token), not MCP itself. */
  purpose?: 'auth';
  /** How many JSON-RPC messages the request carried (MCP wire), counted by the wire tap as it went. */
  requestMessages?: number;
  /** Links to other records: the agent tool call this exchange served, if any. */
  toolCallId?: string;
  /** Free-form tags for the model wire: the turn and step this request belongs to. */
  turn?: number;
  step?: number;
  /** Model wire: the MCP server whose sampling request this model request answers. */
  samplingFor?: string;
  /** Model wire: the exchange this request was forked from (its body edited and sent again by the person). */
  forkOf?: number;
  /** Model wire: a replay of a turn (a branch, like a fork): the exchange id of the original turn's first request. */
  replayOf?: number;
  /** Model wire: the eval run (core/evals) this request belongs to; its turn and step are the run's own. */
  evalRun?: string;
  /** MCP wire: the server check (core/checks) whose own probe this request is. */
  checkRun?: string;
  /** MCP wire: a load probe's one row (core/load): its figures and a few sampled exchanges, not a row per request. */
  load?: LoadAggregate;
}

/** One request of a load probe kept as an example: its exchange and the JSON-RPC messages it carried. */
export interface LoadSample {
  exchange: HttpExchange;
  messages: RpcMessageRecord[];
  /** The error group it is the example of (`LoadGroup.key`), when it is one. */
  group?: string;
}

/** The requests of a load probe that failed the same way: by HTTP status and JSON-RPC code. */
export interface LoadGroup {
  /** `HTTP 503`, `JSON-RPC -32602`, `HTTP 200 · tool error`, `network`. */
  key: string;
  status?: number;
  rpcCode?: number;
  count: number;
  /** The first one's message (JSON-RPC error message, network error, or status text). */
  message?: string;
}

/** The figures a load probe writes on its row (computed by core/load). */
export interface LoadFigures {
  method: string;
  tool?: string;
  concurrencyAsked: number;
  /** The most requests seen on the wire at once (see core/load for how it is measured). */
  concurrencyReached: number;
  /** Why reached is below asked, when it is. */
  concurrencyNote?: string;
  requestsAsked?: number;
  durationAskedMs?: number;
  rate?: number;
  completed: number;
  ok: number;
  errors: number;
  durationMs: number;
  throughput: number;
  p50: number;
  p95: number;
  p99: number;
  stopped: boolean;
  running: boolean;
}

/** A load probe's aggregate, on its one row of the MCP wire. */
export interface LoadAggregate {
  run: string;
  /** How many of its requests the wire carried. */
  requests: number;
  figures?: LoadFigures;
  groups: LoadGroup[];
  /** A few requests kept whole: the first ones and one example per error group (bounded). */
  samples: LoadSample[];
}

/**
 * A piece of text kept once and shared by the request bodies that repeat it: a conversation
 * entry, or the text before or after the entries. `owner` is the id of the exchange whose body
 * brought it first and `index` its place among that exchange's pieces, so a saved session can
 * name it.
 */
export interface SharedPiece {
  readonly owner: number;
  readonly index: number;
  readonly text: string;
}

/** Part of a request body kept in pieces: literal text (the separators), or a shared piece. */
export type BodyPart = string | SharedPiece;

/** A JSON-RPC message's kind. */
export type RpcKind = 'request' | 'notification' | 'response' | 'error';

/** One JSON-RPC message sent to or received from an MCP server. */
export interface RpcMessageRecord {
  /** Sequence number, unique within a log. */
  seq: number;
  /** The server's name. */
  server: string;
  /** out = client to server, in = server to client. */
  direction: 'out' | 'in';
  kind: RpcKind;
  /** The method: for a response, the method of the request it answers. */
  method: string;
  /** The JSON-RPC id, when there is one. */
  rpcId?: string | number;
  /** The parsed message, secrets redacted. */
  message: unknown;
  /** Epoch milliseconds. */
  at: number;
  /** The HTTP exchange that carried it, when known. */
  exchangeId?: number;
  /** For a response: seq of the request it answers (and vice versa). */
  pairedSeq?: number;
  /** Response time, on a response paired with its request. */
  latencyMs?: number;
  /** The agent tool call this message belongs to, if any. */
  toolCallId?: string;
  /** A 2026 `input_required` round: the JSON-RPC id of the request it retries (the first round). */
  roundOf?: string | number;
  /** A round's opaque `requestState`, echoed from the server's last `input_required` answer. */
  requestState?: string;
}

/**
 * What an exchange is part of, known to whoever made the request and handed to the wire tap as
 * a typed value (never a header): the agent tool call it serves (MCP wire), or the turn and step
 * of the conversation (model wire).
 */
export interface CallContext {
  toolCallId?: string;
  turn?: number;
  step?: number;
  /** Model wire: the MCP server whose sampling request this model request answers. */
  samplingFor?: string;
  /** MCP wire: a 2026 `input_required` round retrying a request, the JSON-RPC id of the first. */
  roundOf?: string | number;
  /** Model wire: the exchange this request forks (a person's edited copy of its body). */
  forkOf?: number;
  /** Model wire: the first request of the turn this request replays (another format, model or base URL). */
  replayOf?: number;
  /** Model wire: the eval run this request belongs to (its own fresh conversation). */
  evalRun?: string;
  /** MCP wire: the server check whose own probe this request is. */
  checkRun?: string;
  /** MCP wire: the load probe this request belongs to (recorded into its one aggregate row). */
  loadRun?: string;
}

/** Which MCP protocol era the SDK negotiated: 'legacy' = 2025 (initialize, sessions), 'modern' = 2026-07-28. */
export type ProtocolEra = 'legacy' | 'modern';
