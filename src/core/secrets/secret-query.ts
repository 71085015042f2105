/**
 * The one secret policy for URL query parameters: which names carry a credential. Share links
 * empty these values and the traffic recorder redacts them, so a `?auth=`, `?session=`,
 * `?api_key=` or `?token=` in a server URL reaches no link, panel, HAR, curl or export.
 */

/**
 * Parts of a query parameter name that mark its value as secret (`api_key`, `auth`, `session`,
 * `token`, `pass`, `jwt`, …), and the names that are secret only whole: `code` (an OAuth code, an
 * Azure Functions key: `?code=`), `sid`; `zipcode` and `sides` stay visible.
 */
const SECRET_QUERY_NAME = /key|token|secret|auth|pass|pwd|signature|sig|session|credential|jwt|bearer|private|^(?:.*[_-])?code$|^sid$/i;

/** True when a query parameter's value must not leave the config nor be recorded. */
export function isSecretQueryName(name: string): boolean {
  return SECRET_QUERY_NAME.test(name);
}
