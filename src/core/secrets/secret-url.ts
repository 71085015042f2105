/**
 * The secret policy for showing or recording a URL: the values of query parameters that are
 * secrets (see `isSecretPair`: a name like `token`, or a value like `sk-…`) and any
 * `user:password@` part are replaced by `[redacted]`. The recorder applies it to every exchange,
 * every place that shows or speaks a server URL (its card, tooltips, diagnoses, the auth
 * debugger) applies it too, and so does a command line for the URLs in its arguments; share links
 * apply it with an empty marker. Only the config editor shows the person's own text.
 */
import { REDACTED } from './redacted';
import { isSecretPair } from './secret-names';

/** Decodes a query component for name matching; a malformed one is matched as written. */
function decodeQueryComponent(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** The scheme and authority start of an absolute URL with userinfo: `https://`, then `user[:password]@`. */
const USERINFO = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#@]*)@/i;

/** One query parameter as written: the name as written, its decoded form, and the value as written (undefined: no `=`). */
interface QueryPart {
  written: string;
  name: string;
  value: string | undefined;
}

function splitQuery(query: string): QueryPart[] {
  return query.split('&').map((written) => {
    const equalsAt = written.indexOf('=');
    if (equalsAt === -1) return { written, name: decodeQueryComponent(written), value: undefined };
    return { written, name: decodeQueryComponent(written.slice(0, equalsAt)), value: written.slice(equalsAt + 1) };
  });
}

/** True when a query parameter as written carries a secret value (an empty value carries none). */
function isSecretPart(part: QueryPart): part is QueryPart & { value: string } {
  return part.value !== undefined && part.value !== '' && isSecretPair(part.name, decodeQueryComponent(part.value), 'query');
}

/** A URL cut into what comes before its query, the query (without `?`) and the fragment (with `#`). */
function cutUrl(url: string): { base: string; query: string | undefined; hash: string } {
  const hashAt = url.indexOf('#');
  const beforeHash = hashAt === -1 ? url : url.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : url.slice(hashAt);
  const queryAt = beforeHash.indexOf('?');
  if (queryAt === -1) return { base: beforeHash, query: undefined, hash };
  return { base: beforeHash.slice(0, queryAt), query: beforeHash.slice(queryAt + 1), hash };
}

/**
 * Replaces the values of query parameters named like credentials and the userinfo of the
 * authority (`alice:hunter22@` → `alice:[redacted]@`; a lone `ghp_token@` → `[redacted]@`). The
 * URL is edited as text, not re-serialised, so everything else stays byte for byte as sent.
 * `marker` replaces each secret; share links pass '' to empty them. Default is `[redacted]`.
 */
export function redactUrl(url: string, marker: string = REDACTED): string {
  const { base: rawBase, query, hash } = cutUrl(url);
  const base = rawBase.replace(USERINFO, (_match, scheme: string, userinfo: string) => {
    if (userinfo === '') return `${scheme}@`;
    const colonAt = userinfo.indexOf(':');
    return colonAt === -1 ? `${scheme}${marker}@` : `${scheme}${userinfo.slice(0, colonAt)}:${marker}@`;
  });
  if (query === undefined) return base + hash;
  const redactedQuery = splitQuery(query)
    .map((part) => (isSecretPart(part) ? `${part.written.slice(0, part.written.indexOf('='))}=${marker}` : part.written))
    .join('&');
  return `${base}?${redactedQuery}${hash}`;
}

/**
 * The secret values a URL carries (secret query values and the userinfo's password or lone user
 * name), as written and decoded, so a registry can redact them wherever else they appear.
 */
export function secretValuesOfUrl(url: string): string[] {
  const { base, query } = cutUrl(url);
  const values: string[] = [];
  const userinfo = USERINFO.exec(base)?.[2];
  if (userinfo) {
    const colonAt = userinfo.indexOf(':');
    values.push(colonAt === -1 ? userinfo : userinfo.slice(colonAt + 1));
  }
  for (const part of query === undefined ? [] : splitQuery(query)) {
    if (isSecretPart(part)) values.push(part.value);
  }
  return [...new Set(values.flatMap((value) => [value, decodeQueryComponent(value)]))].filter((value) => value !== '');
}

/** A URL of any scheme (`https://`, `wss://`, `postgres://`) inside free text, up to whitespace, a quote or an angle bracket. */
const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>`]+/gi;

/**
 * Applies `redactUrl` to every URL inside a text (an error message, a diagnosis, a sign-in step,
 * a command-line argument), so a URL spoken in a sentence shows no secret either.
 */
export function redactUrlsInText(text: string, marker: string = REDACTED): string {
  return text.replace(URL_IN_TEXT, (match) => {
    // Punctuation that ends the sentence is not part of the URL (nor of a redacted value).
    const url = match.replace(/[.,;:!?)\]]+$/, '');
    return redactUrl(url, marker) + match.slice(url.length);
  });
}
