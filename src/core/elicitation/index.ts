/** core/elicitation: the form model, validation and result of form mode, and the URL-mode link check. */
export { ElicitationUrlError } from './elicitation-error';
export type { ElicitationFieldMessage } from './elicitation-error';
export { initialValues, readElicitationForm } from './form-model';
export type { ElicitationField, ElicitationForm, ElicitationValues, FieldValue } from './form-model';
export { parseElicitationUrl } from './url-mode';
export type { ElicitationLink } from './url-mode';
export { buildAcceptResult, validateElicitationValues } from './validate-values';
