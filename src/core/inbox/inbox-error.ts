/** The JSON-RPC errors the inbox answers a server's request with. */

/** JSON-RPC code the spec gives a request the person refused (sampling). */
export const USER_REJECTED_CODE = -1;

/** JSON-RPC code of invalid params. */
export const INVALID_PARAMS_CODE = -32602;

/**
 * A refusal sent back to the server as a JSON-RPC error: the SDK answers a handler's rejection with
 * the error's numeric `code`, `message` and `data`.
 */
export class ServerRequestRefusal extends Error {
  override readonly name = 'ServerRequestRefusal';
  /** The JSON-RPC error code. */
  readonly code: number;
  readonly data?: unknown;

  constructor(code: number, message: string, data?: unknown) {
    super(message);
    this.code = code;
    if (data !== undefined) this.data = data;
  }
}
