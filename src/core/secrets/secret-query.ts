/**
 * The one secret policy for URL query parameters: which names carry a credential. Share links
 * empty these values and the traffic recorder redacts them, so a `?auth=`, `?session=`,
 * `?api_key=` or `?token=` in a server URL reaches no link, panel, HAR, curl or export.
 */

/** Parts of a query parameter name that mark its value as secret (`api_key`, `auth`, `session`, `token`, …). */
const SECRET_QUERY_NAME = /key|token|secret|auth|password|passwd|pwd|signature|sig|session|credential/i;

/** True when a query parameter's value must not leave the config nor be recorded. */
export function isSecretQueryName(name: string): boolean {
  return SECRET_QUERY_NAME.test(name);
}
