import type { Diagnosis, DiagnosisCode, ProtocolFailureReason } from './connection-state';

/** The broad kind of an MCP failure, for callers that only need to branch on it. */
export type McpErrorCategory = 'network' | 'cors' | 'timeout' | 'protocol' | 'auth' | 'http' | 'session' | 'config' | 'client';

/** The category of a diagnosis code (an exhaustive map: a new code must say where it belongs). */
function categoryOf(code: DiagnosisCode): McpErrorCategory {
  switch (code) {
    case 'unreachable':
    case 'process-exited':
      return 'network';
    case 'cors-missing':
    case 'cors-header-not-allowed':
    case 'cors-method-not-allowed':
    case 'cors-unknown':
    case 'session-id-not-exposed':
      return 'cors';
    case 'timeout':
      return 'timeout';
    case 'protocol-error':
      return 'protocol';
    case 'auth-required':
      return 'auth';
    case 'http-error':
      return 'http';
    case 'session-expired':
      return 'session';
    case 'bad-config':
      return 'config';
    case 'client-unavailable':
      return 'client';
    default: {
      const unknown: never = code;
      throw new Error(`Unknown diagnosis code: ${String(unknown)}`);
    }
  }
}

/**
 * The one coded error out of core/mcp: a request to an MCP server that failed for a reason
 * Glassbox diagnosed (a timeout, an answer that is not usable MCP, a session that expired twice).
 * `message` is the diagnosis title, the sentence a person reads; `cause` is what the SDK threw,
 * if anything. For a timeout `name` is `TimeoutError` (as for a timed-out fetch), so generic
 * timeout checks recognise it.
 */
export class McpError extends Error {
  override readonly name: 'TimeoutError' | 'McpError';
  /** The diagnosis code, e.g. `timeout` or `protocol-error`. */
  readonly code: DiagnosisCode;
  /** The broad kind: network, cors, timeout, protocol, auth, … */
  readonly category: McpErrorCategory;
  /** For a protocol error: what exactly was wrong. */
  readonly reason?: ProtocolFailureReason;
  /** The full explanation. */
  readonly diagnosis: Diagnosis;

  constructor(diagnosis: Diagnosis, options?: { cause?: unknown }) {
    super(diagnosis.title, options);
    this.name = diagnosis.code === 'timeout' ? 'TimeoutError' : 'McpError';
    this.code = diagnosis.code;
    this.category = categoryOf(diagnosis.code);
    if (diagnosis.reason !== undefined) this.reason = diagnosis.reason;
    this.diagnosis = diagnosis;
  }
}
