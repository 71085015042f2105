/** Which values are secrets, shared by share links, the traffic recorder and the command lines shown. */
export { isSecretQueryName } from './secret-query';
export { displayArgs, displayCommandLine, HIDDEN } from './secret-args';
