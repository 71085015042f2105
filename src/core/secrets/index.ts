/**
 * The one secret policy: which names, in each context, and which values are secrets, with the
 * names judged otherwise listed with their reasons (`secret-names.ts`); the one marker and header
 * format (`redacted.ts`); how a URL (`secret-url.ts`) and a command line (`secret-args.ts`) are
 * shown with them replaced. Share links, the recorder, the sign-in trace and every panel ask here.
 */
export { CONTEXT_RULES, isSecretContainer, isSecretName, SECRET_CONTEXTS, SECRET_NAME_TABLE } from './secret-names';
export type { SecretContext } from './secret-names';
export { isSecretHeader, REDACTED, redactHeaderValue, splitAuthScheme } from './redacted';
export { displayArgs, displayCommandLine, redactArgs } from './secret-args';
export { redactUrl, redactUrlsInText, secretValuesOfUrl } from './secret-url';
