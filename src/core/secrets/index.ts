/** Which values are secrets, shared by share links and the traffic recorder. */
export { isSecretQueryName } from './secret-query';
