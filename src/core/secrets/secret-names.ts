/**
 * The one definition of a secret, for every place that shows, records or shares what a config
 * says: which names carry a credential (a URL's query parameter, a command-line flag, a `NAME=value`
 * argument, a header given as an argument) and which values are credentials whatever their name.
 * The URL policy (`secret-url.ts`) and the command-line policy (`secret-args.ts`) both ask here, so
 * a `token` is a secret in `?token=`, `--token`, `--access_token=`, `GITHUB_TOKEN=` and `X-Token:` alike.
 */

/**
 * Parts of a name that mark its value as secret (`api_key`, `auth`, `session`, `token`, `pass`,
 * `jwt`, `cookie`, …), and the names that are secret only whole: `code` (an OAuth code, an Azure
 * Functions key: `?code=`), `sid`; `zipcode` and `sides` stay visible.
 */
const SECRET_NAME = /key|token|secret|auth|pass|pwd|signature|sig|session|credential|jwt|bearer|private|cookie|^(?:.*[_-])?code$|^sid$/i;

/** Values that are credentials whatever they are named: well-known key and token prefixes. */
const SECRET_VALUE =
  /^(sk-|sk_|pk_live|rk_live|ghp_|gho_|ghs_|github_pat_|xox[abpr]-|glpat-|AKIA[0-9A-Z]{12}|AIza|ya29\.|eyJ[A-Za-z0-9_-]{8,}\.)/;

/** True when a value of this name must not be shown, recorded nor shared. A flag's leading dashes are ignored (`--api-key` is `api-key`). */
export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name.replace(/^-+/, ''));
}

/** True when a value is a credential by its look alone (`sk-…`, `ghp_…`, a JWT, …). */
export function isSecretValue(value: string): boolean {
  return SECRET_VALUE.test(value);
}

/** True when a named value (`?name=value`, `NAME=value`, `Name: value`) must be hidden: a secret name, or a value that looks like a credential. */
export function isSecretPair(name: string, value: string): boolean {
  return isSecretName(name) || isSecretValue(value);
}
