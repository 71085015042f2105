/**
 * The secret policy for a local server's command line: a stdio entry's args often carry a
 * credential (`--api-key sk-…`, `--header "Authorization: Bearer …"`, `API_TOKEN=…`,
 * `https://…?token=…`). Names are judged by `isSecretName` (a flag's, an environment name's, a
 * header's context) and values by `isSecretValue` (`secret-names.ts`), a header keeps its scheme
 * (`Bearer [redacted]`, `redacted.ts`), and every URL in an argument goes through `redactUrl`. What
 * is shown read-only (a card, a note) gets `[redacted]` for each secret value; a share link empties
 * them. The bridge still runs the file's own args.
 */
import { isSecretHeader, REDACTED, redactHeaderValue } from './redacted';
import { isSecretName, isSecretPair, isSecretValue } from './secret-names';
import { redactUrl, redactUrlsInText } from './secret-url';

/** How `redactArgs` replaces what it finds. */
export interface RedactArgsOptions {
  /** What replaces a secret value. Default is `[redacted]`; share links pass ''. */
  marker?: string;
  /** Hide every header value, not only secret ones (share links blank all header values, as they blank `headers`). Default is false. */
  everyHeaderValue?: boolean;
}

/** Flags whose next argument is a header, `Name: value` (curl, mcp-remote, supergateway). */
const HEADER_FLAGS: ReadonlySet<string> = new Set(['--header', '-h', '--headers']);

/** Header flags that also take the name and the value as two arguments (mcp-proxy's `-H Name value`, `--headers Name value`). */
const HEADER_PAIR_FLAGS: ReadonlySet<string> = new Set(['-h', '--headers']);

/** A flag on its own (`--api-key`, `-k`), with no `=value` attached. */
const FLAG = /^-{1,2}[A-Za-z][A-Za-z0-9_.-]*$/;

/** A `NAME=value` or `--name=value` argument. */
const ASSIGNMENT = /^(-{0,2}[A-Za-z_][A-Za-z0-9_.-]*)=(.*)$/s;

/** A URL's scheme at the start of a text. */
const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

/**
 * The args with each secret value replaced (see the file comment), one output per argument:
 * the value after a flag named like a secret, a secret header's value, a secret assignment's
 * value, an argument that looks like a key, and the secrets of every URL in an argument.
 */
export function redactArgs(args: readonly string[], options: RedactArgsOptions = {}): string[] {
  const marker = options.marker ?? REDACTED;
  const everyHeaderValue = options.everyHeaderValue ?? false;
  const shown: string[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] ?? '';
    const flag = arg.toLowerCase();
    const next = args[index + 1];
    if (next !== undefined && HEADER_FLAGS.has(flag)) {
      const value = args[index + 2];
      if (HEADER_PAIR_FLAGS.has(flag) && !next.includes(':') && value !== undefined) {
        // `-H Authorization "Bearer …"`: the name stays (unless it looks like a key), the value follows the header rule.
        shown.push(
          arg,
          isSecretValue(next) ? marker : next,
          everyHeaderValue || isSecretHeader(next, value) ? redactHeaderValue(value, marker) || marker : redactInArg(value, marker),
        );
        index += 2;
      } else {
        shown.push(arg, redactHeader(next, marker, everyHeaderValue));
        index += 1;
      }
    } else if (next !== undefined && FLAG.test(arg) && isSecretName(arg, 'flag') && !next.startsWith('--')) {
      // The next argument is the flag's value, unless it is another long flag (`--no-auth --port 1`).
      shown.push(arg, marker);
      index += 1;
    } else {
      shown.push(redactArg(arg, marker, everyHeaderValue));
    }
  }
  return shown;
}

/** The args to show for a stdio server: `redactArgs` with the `[redacted]` marker. */
export function displayArgs(args: readonly string[]): string[] {
  return redactArgs(args);
}

/** A stdio server's command line as the page shows it: the command, then its args with secrets redacted (shell-quoted where needed). */
export function displayCommandLine(command: string, args: readonly string[]): string {
  return [command, ...displayArgs(args)]
    .map((part) => (/^[A-Za-z0-9_@%+=:,./[\]-]+$/.test(part) ? part : `'${part.replace(/'/g, `'\\''`)}'`))
    .join(' ');
}

/** One argument on its own: a key-like value, a `NAME=value` / `--name=value` pair, a `--header=…`, the URLs in it. */
function redactArg(arg: string, marker: string, everyHeaderValue: boolean): string {
  if (isSecretValue(arg)) return marker;
  const assignment = ASSIGNMENT.exec(arg);
  if (assignment) {
    const name = assignment[1] ?? '';
    const value = assignment[2] ?? '';
    if (HEADER_FLAGS.has(name.toLowerCase())) return `${name}=${redactHeader(value, marker, everyHeaderValue)}`;
    if (value !== '' && isSecretPair(name, value, name.startsWith('-') ? 'flag' : 'env')) return `${name}=${marker}`;
    return `${name}=${redactInArg(value, marker)}`;
  }
  return redactInArg(arg, marker);
}

/** The URLs inside an argument with their secrets replaced; a scheme-less `host/path?token=…` counts as a URL. */
function redactInArg(text: string, marker: string): string {
  if (SCHEME.test(text)) return redactUrl(text, marker);
  if (text.includes('://')) return redactUrlsInText(text, marker);
  return text.includes('?') ? redactUrl(text, marker) : text;
}

/**
 * A `Name: value` header argument with its value replaced when the pair is secret (or always), else
 * with the secrets of a URL in it replaced; without a colon the whole argument is replaced.
 */
function redactHeader(text: string, marker: string, everyValue: boolean): string {
  const colon = text.indexOf(':');
  if (colon <= 0) return marker;
  const name = text.slice(0, colon);
  const value = text.slice(colon + 1);
  if (!everyValue && !isSecretHeader(name, value.trim())) return `${name}:${redactInArg(value, marker)}`;
  return marker === '' ? `${name}:` : `${name}: ${redactHeaderValue(value.trim(), marker) || marker}`;
}
