/**
 * The one secret policy for a local server's command line, as the page shows it: a stdio entry's
 * args often carry a credential (`--api-key sk-…`, `--header "Authorization: Bearer …"`,
 * `API_TOKEN=…`, `https://…?token=…`). What is shown read-only on a card goes through here, so an
 * obvious secret value is replaced with `[hidden]`; the bridge still runs the file's own args.
 */
import { isSecretQueryName } from './secret-query';

/** What a hidden value is replaced with. */
export const HIDDEN = '[hidden]';

/** Flags whose next argument is a credential. */
const SECRET_VALUE_FLAGS: ReadonlySet<string> = new Set(['--token', '--api-key', '--apikey', '--access-token', '--oauth2bearer', '--password', '--secret', '--client-secret', '--bearer', '--auth']);

/** Flags whose next argument is a header (`Name: value`, its value hidden when the name is secret-like). */
const HEADER_FLAGS: ReadonlySet<string> = new Set(['--header', '-h', '--headers']);

/** Values that are credentials whatever flag they follow: well-known key and token prefixes. */
const SECRET_VALUE = /^(sk-|sk_|pk_live|rk_live|ghp_|gho_|ghs_|github_pat_|xox[abpr]-|glpat-|AKIA[0-9A-Z]{12}|AIza|ya29\.|eyJ[A-Za-z0-9_-]{8,}\.)/;

/** `?name=value` pairs in a URL-looking argument, with a secret-like name. */
function hideQuerySecrets(text: string): string {
  return text.replace(/([?&])([^=&#\s]+)=([^&#\s]*)/g, (match, separator: string, name: string, value: string) =>
    value !== '' && isSecretQueryName(safeDecode(name)) ? `${separator}${name}=${HIDDEN}` : match,
  );
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** A `Name: value` header argument with its value hidden when the name looks like a credential. */
function hideHeader(text: string): string {
  const colon = text.indexOf(':');
  if (colon <= 0) return HIDDEN;
  return /auth|token|key|secret|cookie|session|password/i.test(text.slice(0, colon)) ? `${text.slice(0, colon + 1)} ${HIDDEN}` : text;
}

/** The args to show for a stdio server: each obvious secret value hidden (see the file comment). */
export function displayArgs(args: readonly string[]): string[] {
  const shown: string[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] ?? '';
    const flag = arg.toLowerCase();
    const next = args[index + 1];
    if (next !== undefined && SECRET_VALUE_FLAGS.has(flag)) {
      shown.push(arg, HIDDEN);
      index += 1;
    } else if (next !== undefined && HEADER_FLAGS.has(flag)) {
      shown.push(arg, hideHeader(next));
      index += 1;
    } else {
      shown.push(displayArg(arg));
    }
  }
  return shown;
}

/** One argument on its own: `--name=value` / `NAME=value` with a secret-like name, a known key prefix, a URL's secret query values. */
function displayArg(arg: string): string {
  if (SECRET_VALUE.test(arg)) return HIDDEN;
  const assignment = /^(-{0,2}[A-Za-z_][A-Za-z0-9_.-]*)=(.+)$/.exec(arg);
  if (assignment && isSecretQueryName(assignment[1] ?? '')) return `${assignment[1]}=${HIDDEN}`;
  if (assignment && SECRET_VALUE.test(assignment[2] ?? '')) return `${assignment[1]}=${HIDDEN}`;
  // user:password@ in a URL.
  const withoutPassword = arg.replace(/^([a-z][a-z0-9+.-]*:\/\/[^/?#@:]*):([^/?#@]+)@/i, (_match, user: string) => `${user}:${HIDDEN}@`);
  return withoutPassword.includes('?') ? hideQuerySecrets(withoutPassword) : withoutPassword;
}

/** A stdio server's command line as the page shows it: the command, then its args with secrets hidden (shell-quoted where needed). */
export function displayCommandLine(command: string, args: readonly string[]): string {
  return [command, ...displayArgs(args)].map((part) => (/^[A-Za-z0-9_@%+=:,./[\]-]+$/.test(part) ? part : `'${part.replace(/'/g, `'\\''`)}'`)).join(' ');
}
