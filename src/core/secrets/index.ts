/** Which values are secrets, and how a URL is shown: shared by share links, the recorder and every panel. */
export { isSecretQueryName } from './secret-query';
export { REDACTED, redactUrl, redactUrlsInText, secretValuesOfUrl } from './secret-url';
