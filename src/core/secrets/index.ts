/** Which values are secrets, and how a URL or command line is shown: shared by share links, the recorder and every panel. */
export { isSecretQueryName } from './secret-query';
export { displayArgs, displayCommandLine, HIDDEN } from './secret-args';
export { REDACTED, redactUrl, redactUrlsInText, secretValuesOfUrl } from './secret-url';
