/** The base of core's error classes: a stable `code` that callers branch on, never the message text. */
export class CodedError<Code extends string> extends Error {
  readonly code: Code;

  constructor(code: Code, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}
