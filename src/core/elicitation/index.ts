/** core/elicitation: the form model, validation and result of form mode, and the URL-mode link check. */
export { ElicitationSchemaError, ElicitationUrlError, ElicitationValuesError } from './elicitation-error';
export type { ElicitationFieldMessage, ElicitationSchemaCode, ElicitationUrlCode, ElicitationValueCode } from './elicitation-error';
export { initialValues, readElicitationForm, STRING_FORMATS } from './form-model';
export type {
  ElicitationField,
  ElicitationForm,
  ElicitationValues,
  FieldOption,
  FieldValue,
  ReadFormResult,
  StringFormat,
} from './form-model';
export { parseElicitationUrl, registrableDomain } from './url-mode';
export type { ElicitationLink } from './url-mode';
export { buildAcceptResult, validateElicitationValues } from './validate-values';
export type { AcceptedElicitResult, ContentValue, RefusedElicitResult } from './validate-values';
