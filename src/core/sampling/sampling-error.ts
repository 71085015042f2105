/** The coded problems of a malformed `sampling/createMessage` request. */

/** What is wrong with a sampling request. */
export type SamplingProblemCode =
  | 'params-not-object'
  | 'messages-missing'
  | 'message-invalid'
  | 'content-invalid'
  | 'content-unknown-type'
  | 'tool-result-unmatched'
  | 'max-tokens-invalid'
  | 'field-invalid'
  | 'tool-invalid'
  | 'tool-choice-invalid';

/** One problem of a sampling request; `path` says where (e.g. `messages[2].content[0]`). */
export class SamplingRequestError extends Error {
  override readonly name = 'SamplingRequestError';
  /** What is wrong, for callers to branch on. */
  readonly code: SamplingProblemCode;
  /** Where in the params the problem is; empty for the params as a whole. */
  readonly path: string;

  constructor(code: SamplingProblemCode, message: string, path = '') {
    super(path === '' ? message : `${path}: ${message}`);
    this.code = code;
    this.path = path;
  }
}
