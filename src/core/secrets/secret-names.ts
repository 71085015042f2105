/**
 * The one definition of a secret, for every place that shows, records or shares what a config or
 * a wire says: which names carry a credential in each context where a name is read (a URL's query,
 * an HTTP header, a command-line flag, an environment name, an OAuth parameter or field, a key of
 * mcp.json), and which values are credentials whatever their name. One general rule covers the
 * free-form names; the table below lists every name judged otherwise somewhere, each with why.
 */

/** Where a name is read: each asks `isSecretName` with its own context. */
export type SecretContext = 'query' | 'header' | 'flag' | 'env' | 'oauth' | 'config-key';

/** Every context, for tables and tests. */
export const SECRET_CONTEXTS: readonly SecretContext[] = ['query', 'header', 'flag', 'env', 'oauth', 'config-key'];

/**
 * The general rule, for the free-form names of every context but `oauth`: parts of a name that mark
 * its value as secret (`api_key`, `auth`, `session`, `token`, `pass`, `jwt`, `cookie`, …), and the
 * names that are secret only whole: `code` (an OAuth code, an Azure Functions key: `?code=`), `sid`,
 * PKCE's verifier and challenge, a client assertion; `zipcode` and `sides` stay visible.
 */
const SECRET_NAME =
  /key|token|secret|auth|pass|pwd|signature|sig|session|credential|jwt|bearer|private|cookie|^(?:.*[_-])?code$|^sid$|^code[_-](?:verifier|challenge)$|^(?:client[_-])?assertion$/i;

/** What a name is in the contexts a row of the table names, instead of what the general rule says. */
type SecretVerdict = 'secret' | 'shown' | 'every-value';

/** A name judged otherwise than by the general rule in some contexts. */
export interface SecretNameRow {
  /** The name, compared without case (and, for flags, without leading dashes). */
  name: string;
  contexts: readonly SecretContext[];
  /** `secret`: its value is hidden; `shown`: it is shown; `every-value`: every value under this key is hidden whatever its name. */
  verdict: SecretVerdict;
  reason: string;
}

/** Why a context does not read names with the general rule at all (the rows below then decide alone). */
export const CONTEXT_RULES: Readonly<Partial<Record<SecretContext, string>>> = {
  oauth:
    'The names of OAuth parameters and fields are fixed by the RFCs, so only those that carry a credential are secret: a part match would hide the metadata a person debugging sign-in reads (`token_endpoint`, `token_type`, `authorization_servers`).',
};

/** The names judged otherwise than by the general rule, each with its reason. */
export const SECRET_NAME_TABLE: readonly SecretNameRow[] = [
  {
    name: 'www-authenticate',
    contexts: ['header'],
    verdict: 'shown',
    reason:
      "The server's challenge (scheme, realm, resource_metadata URL) holds no credential; the page shows it on purpose to teach sign-in.",
  },
  {
    name: 'proxy-authenticate',
    contexts: ['header'],
    verdict: 'shown',
    reason: "A proxy's challenge, like WWW-Authenticate: no credential, and what a person debugging sign-in needs to see.",
  },
  {
    name: 'mcp-session-id',
    contexts: ['header'],
    verdict: 'shown',
    reason:
      'The session a 2025-era server assigned: the page shows it on purpose to teach the protocol; the credential is the bearer token beside it.',
  },
  {
    name: 'dpop',
    contexts: ['header'],
    verdict: 'shown',
    reason:
      'A DPoP proof (RFC 9449) is a signed statement bound to one request, shown on purpose to teach proof of possession although it looks like a token; the access token it goes with stays hidden.',
  },
  {
    name: 'access-control-allow-credentials',
    contexts: ['header'],
    verdict: 'shown',
    reason: 'A CORS answer (`true`), read when a connection fails in the browser; no credential.',
  },
  {
    name: 'authProviderType',
    contexts: ['config-key'],
    verdict: 'shown',
    reason: "Gemini's choice of sign-in method (`dynamic_discovery`, `google_credentials`), not a credential.",
  },
  {
    name: 'headers',
    contexts: ['config-key'],
    verdict: 'every-value',
    reason:
      'A header value is meant for the person’s own server: a share link empties every one, since an ordinary name may carry a credential.',
  },
  {
    name: 'env',
    contexts: ['config-key'],
    verdict: 'every-value',
    reason: 'A local server’s environment mostly carries credentials (`GITHUB_TOKEN`): a share link empties every value.',
  },
  {
    name: 'environment',
    contexts: ['config-key'],
    verdict: 'every-value',
    reason: 'Opencode’s name for `env`: emptied the same way.',
  },
  ...['code', 'code_verifier', 'code_challenge', 'access_token', 'refresh_token', 'id_token', 'token', 'client_secret'].map(
    (name): SecretNameRow => ({
      name,
      contexts: ['oauth'],
      verdict: 'secret',
      reason: 'A credential or a one-time secret of OAuth (RFC 6749, 7636, 7009); secret in every other context by the general rule too.',
    }),
  ),
  ...['registration_access_token', 'assertion', 'client_assertion'].map((name): SecretNameRow => ({
    name,
    contexts: ['oauth'],
    verdict: 'secret',
    reason:
      'A credential of client registration or authentication (RFC 7591, 7521); secret in every other context by the general rule too.',
  })),
  {
    name: 'state',
    contexts: ['oauth'],
    verdict: 'secret',
    reason: 'In an OAuth round trip it binds the answer to the request (RFC 6749 §10.12); elsewhere it is an ordinary word (`?state=CA`).',
  },
];

/** A name as compared: without case, a flag without its leading dashes. */
function normalise(name: string): string {
  return name.replace(/^-+/, '').toLowerCase();
}

/** The table's row for a name in a context, if any. */
function secretNameRow(name: string, context: SecretContext): SecretNameRow | undefined {
  const wanted = normalise(name);
  return SECRET_NAME_TABLE.find((row) => row.contexts.includes(context) && normalise(row.name) === wanted);
}

/** True when the value of this name, read in this context, must not be shown, recorded nor shared. */
export function isSecretName(name: string, context: SecretContext): boolean {
  const row = secretNameRow(name, context);
  if (row) return row.verdict !== 'shown';
  if (CONTEXT_RULES[context] !== undefined) return false;
  return SECRET_NAME.test(name.replace(/^-+/, ''));
}

/** True when every value under this mcp.json key is hidden in a share link, whatever its own name (`headers`, `env`). */
export function isSecretContainer(key: string): boolean {
  return secretNameRow(key, 'config-key')?.verdict === 'every-value';
}

/** Values that are credentials whatever they are named: well-known key and token prefixes. */
const SECRET_VALUE =
  /^(sk-|sk_|pk_live|rk_live|ghp_|gho_|ghs_|github_pat_|xox[abpr]-|glpat-|AKIA[0-9A-Z]{12}|AIza|ya29\.|eyJ[A-Za-z0-9_-]{8,}\.)/;

/** True when a value is a credential by its look alone (`sk-…`, `ghp_…`, a JWT, …). */
export function isSecretValue(value: string): boolean {
  return SECRET_VALUE.test(value);
}

/**
 * True when a named value (`?name=value`, `NAME=value`, `Name: value`) must be hidden: a secret name
 * in its context, or a value that looks like a credential, unless the table shows this name on purpose.
 */
export function isSecretPair(name: string, value: string, context: SecretContext): boolean {
  if (secretNameRow(name, context)?.verdict === 'shown') return false;
  return isSecretName(name, context) || isSecretValue(value);
}
