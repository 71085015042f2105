/**
 * The coded problems of elicitation: a `requestedSchema` the form cannot render, a person's
 * values that do not fit the form, a URL-mode link that must not be opened.
 */

/** Why a `requestedSchema` cannot be shown as a form. */
export type ElicitationSchemaCode =
  | 'schema-not-object'
  | 'schema-no-properties'
  | 'field-not-object'
  | 'field-unsupported-type'
  | 'field-nested'
  | 'field-bad-enum'
  | 'field-bad-bounds'
  | 'field-unsupported-format';

/** A `requestedSchema` (or one of its fields) the form model cannot render. */
export class ElicitationSchemaError extends Error {
  override readonly name = 'ElicitationSchemaError';
  /** What is wrong, for callers to branch on. */
  readonly code: ElicitationSchemaCode;
  /** The property the problem is about; undefined for the schema as a whole. */
  readonly field: string | undefined;

  constructor(code: ElicitationSchemaCode, message: string, field?: string) {
    super(field === undefined ? message : `Field "${field}": ${message}`);
    this.code = code;
    this.field = field;
  }
}

/** Why a value the person entered does not fit its field. */
type ElicitationValueCode =
  | 'required'
  | 'too-short'
  | 'too-long'
  | 'bad-format'
  | 'not-a-number'
  | 'not-an-integer'
  | 'too-small'
  | 'too-large'
  | 'not-an-option'
  | 'too-few-items'
  | 'too-many-items'
  | 'wrong-type';

/** One message for one field of the form, shown beside that field. */
export interface ElicitationFieldMessage {
  field: string;
  code: ElicitationValueCode;
  message: string;
}

/** Values that do not fit the form; `messages` has one entry per problem, per field. */
export class ElicitationValuesError extends Error {
  override readonly name = 'ElicitationValuesError';
  readonly code = 'invalid-values';
  /** One entry per problem, per field, in form order. */
  readonly messages: readonly ElicitationFieldMessage[];

  constructor(messages: readonly ElicitationFieldMessage[]) {
    super(
      `The form has ${messages.length} ${messages.length === 1 ? 'problem' : 'problems'}: ${messages.map((m) => m.message).join('; ')}`,
    );
    this.messages = messages;
  }
}

/** Why a URL-mode elicitation's link is refused. */
export type ElicitationUrlCode = 'invalid-url' | 'unsupported-scheme';

/** A URL-mode elicitation link that is not a web address Glassbox will offer to open. */
export class ElicitationUrlError extends Error {
  override readonly name = 'ElicitationUrlError';
  /** What is wrong, for callers to branch on. */
  readonly code: ElicitationUrlCode;

  constructor(code: ElicitationUrlCode, message: string) {
    super(message);
    this.code = code;
  }
}
