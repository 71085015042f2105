/**
 * What the inbox reads a server's request with: sampling request parsing, elicitation forms and
 * their checks. Loaded with the first request a server makes (most sessions make none), so the
 * page's first chunk does not carry it.
 */
export { parseSamplingRequest } from '../sampling';
export {
  buildAcceptResult,
  ElicitationUrlError,
  parseElicitationUrl,
  readElicitationForm,
  validateElicitationValues,
} from '../elicitation';
