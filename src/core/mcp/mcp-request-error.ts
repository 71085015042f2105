import type { Diagnosis, DiagnosisCode, ProtocolFailureReason } from './connection-state';

/**
 * A request to an MCP server that failed for a reason Glassbox diagnosed (a timeout, an answer
 * that is not usable MCP, a session that expired twice). `message` is the diagnosis title, the
 * sentence a person reads; `cause` is what the SDK threw. For a timeout `name` is
 * `TimeoutError` (as for a timed-out fetch), so generic timeout checks recognise it.
 */
export class McpRequestError extends Error {
  override readonly name: 'TimeoutError' | 'McpRequestError';
  /** The diagnosis code, e.g. `timeout` or `protocol-error`. */
  readonly code: DiagnosisCode;
  /** For a protocol error: what exactly was wrong. */
  readonly reason?: ProtocolFailureReason;
  /** The full explanation. */
  readonly diagnosis: Diagnosis;

  constructor(diagnosis: Diagnosis, options?: { cause?: unknown }) {
    super(diagnosis.title, options);
    this.name = diagnosis.code === 'timeout' ? 'TimeoutError' : 'McpRequestError';
    this.code = diagnosis.code;
    if (diagnosis.reason !== undefined) this.reason = diagnosis.reason;
    this.diagnosis = diagnosis;
  }
}
