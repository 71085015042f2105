/** Why a server could not be used, or why a request to it failed, in plain words with the fix. */

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

/** A failure after connecting (a tool call, a tool list), as the card shows it. */
export interface ServerProblem {
  /** Epoch ms when it happened. */
  at: number;
  /** The JSON-RPC method that failed, e.g. `tools/call`. */
  method: string;
  diagnosis: Diagnosis;
}
