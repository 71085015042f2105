/**
 * "Copy as curl" for a recorded exchange: a POSIX shell command that repeats the request.
 *
 * Secrets were redacted at record time, so the command cannot contain them. Each
 * `[redacted]` becomes a shell variable instead, named after where it sat (the header
 * `x-api-key` → `$X_API_KEY`, an `Authorization: Bearer` credential → `$TOKEN`, a query
 * parameter `key` → `$KEY`, anything in the body → `$SECRET`), and a comment above the
 * command lists the variables to export. The command then runs as is once they are set,
 * and pasting it into a chat or a bug report still leaks nothing.
 *
 * Quoting: every word is single-quoted (`'` inside becomes `'\''`), variables are
 * spliced in double quotes (`'x-api-key: '"$X_API_KEY"`), so bodies with quotes, `$`,
 * backslashes or newlines survive. `--globoff` is added when the URL holds brackets or
 * braces, which curl would otherwise treat as ranges.
 */
import { REDACTED, splitAuthScheme } from '../secrets';
import { requestBodyOf } from './shared-body';
import type { HttpExchange } from './types';

/** Headers curl computes itself or that a command should not pin. */
const SKIPPED_HEADERS: ReadonlySet<string> = new Set(['content-length', 'host']);

/** Quotes a text as one single-quoted shell word. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** Turns a name into a shell variable name: upper case, `_` for anything else, never a leading digit. */
function variableName(name: string): string {
  const cleaned = name
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (cleaned === '') return 'SECRET';
  return /^[0-9]/.test(cleaned) ? `_${cleaned}` : cleaned;
}

/** The variables a command needs, in the order they first appear. */
class Variables {
  readonly names: string[] = [];

  /** Returns the variable for a redacted value found at `where`, the same one each time for the same place. */
  use(where: string): string {
    const name = variableName(where);
    if (!this.names.includes(name)) this.names.push(name);
    return name;
  }
}

/** Quotes a text as one shell word, replacing each `[redacted]` with a variable. */
function shellWord(text: string, variableFor: () => string): string {
  const parts = text.split(REDACTED);
  if (parts.length === 1) return shellQuote(text);
  let word = '';
  parts.forEach((part, index) => {
    if (part !== '') word += shellQuote(part);
    if (index < parts.length - 1) word += `"$${variableFor()}"`;
  });
  return word;
}

/** The variable name for a redacted header value. */
function headerVariable(name: string, value: string): string {
  if (name === 'authorization' && splitAuthScheme(value)?.credential === REDACTED) return 'TOKEN';
  if (name === 'proxy-authorization') return 'PROXY_TOKEN';
  return name;
}

/**
 * The variable names for the redacted parts of a URL, in order: the query parameter's
 * name, PASSWORD for the password of `user:password@`, SECRET elsewhere.
 */
function urlVariableFor(url: string): () => string {
  const names: string[] = [];
  for (let at = url.indexOf(REDACTED); at !== -1; at = url.indexOf(REDACTED, at + REDACTED.length)) {
    const before = url.slice(0, at);
    const parameter = /[?&]([^=&#]+)=$/.exec(before);
    if (parameter) names.push(parameter[1] ?? 'SECRET');
    else if (/^[a-z][a-z0-9+.-]*:\/\/[^/?#@]*:$/i.test(before)) names.push('PASSWORD');
    else names.push('SECRET');
  }
  let next = 0;
  return () => names[next++] ?? 'SECRET';
}

/** Options for `toCurl`. */
export interface ToCurlOptions {
  /** Put each option on its own line (with `\` continuations). Default is true. */
  multiline?: boolean;
}

/** Builds a copy-pasteable curl command that repeats a recorded request (see the file comment for secrets). */
export function toCurl(exchange: HttpExchange, options: ToCurlOptions = {}): string {
  const variables = new Variables();
  const requestBody = requestBodyOf(exchange);
  const hasBody = requestBody !== undefined;

  const urlVariable = urlVariableFor(exchange.url);
  const urlWord = shellWord(exchange.url, () => variables.use(urlVariable()));
  const globoff = /[[\]{}]/.test(exchange.url.split(REDACTED).join('')) ? ' --globoff' : '';
  // The URL stays on the first line with curl itself; options follow.
  const words: string[] = [`curl${globoff} ${urlWord}`];

  const method = exchange.method.toUpperCase();
  if (method === 'HEAD') words.push('--head');
  else if (!(method === 'GET' && !hasBody) && !(method === 'POST' && hasBody)) words.push(`-X ${shellQuote(method)}`);

  for (const [name, value] of Object.entries(exchange.requestHeaders)) {
    if (SKIPPED_HEADERS.has(name)) continue;
    const where = headerVariable(name, value);
    words.push(`-H ${shellWord(`${name}: ${value}`, () => variables.use(where))}`);
  }

  if (requestBody !== undefined) {
    words.push(`--data-raw ${shellWord(requestBody, () => variables.use('SECRET'))}`);
  }
  if (exchange.responseContentType?.toLowerCase().startsWith('text/event-stream')) words.push('--no-buffer');

  const comments: string[] = [];
  if (variables.names.length > 0) {
    comments.push('# Glassbox redacted secrets from this request; set them first:');
    for (const name of variables.names) comments.push(`#   export ${name}='…'`);
  }
  if (exchange.requestBodyNote !== undefined) comments.push(`# The request body is missing: ${exchange.requestBodyNote}`);

  const separator = options.multiline === false ? ' ' : ' \\\n  ';
  return [...comments, words.join(separator)].join('\n');
}
