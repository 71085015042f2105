/**
 * The one secret policy: which names and values are secrets (`secret-names.ts`), how a URL
 * (`secret-url.ts`) and a command line (`secret-args.ts`) are shown with them replaced by
 * `[redacted]`. Shared by share links, the recorder and every panel.
 */
export { isSecretName } from './secret-names';
export { displayArgs, displayCommandLine, redactArgs } from './secret-args';
export { REDACTED, redactUrl, redactUrlsInText, secretValuesOfUrl } from './secret-url';
