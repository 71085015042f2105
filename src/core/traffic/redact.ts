/**
 * Redaction at record time: nothing secret reaches the traffic log, so no panel,
 * HAR export or curl command can leak it. Three layers, applied together by the
 * recording fetch: header names that carry credentials, URL query parameters
 * named like credentials, and known secret values wherever they occur.
 */
import { REDACTED } from '../secrets';
import type { HeaderMap } from './types';

// The URL policy lives with the other secret rules; the recorder applies it to every exchange.
export { REDACTED, redactUrl } from '../secrets';

/** Headers whose values are always credentials. */
const SECRET_HEADER_NAMES: ReadonlySet<string> = new Set([
  'authorization',
  'proxy-authorization',
  'x-api-key',
  'api-key',
  'cookie',
  'set-cookie',
  'x-auth-token',
]);

/**
 * Headers whose names look secret but carry no credential; redacting them would hide
 * exactly what a person debugging authorization needs to see.
 * `www-authenticate` is the server's challenge (scheme, realm, resource_metadata URL).
 */
const PUBLIC_HEADER_NAMES: ReadonlySet<string> = new Set(['www-authenticate', 'proxy-authenticate']);

/** Parts of a header name that mark its value as secret. */
const SECRET_HEADER_PARTS = ['token', 'secret', 'key', 'auth'] as const;

/** Authorization schemes kept visible in front of a redacted credential. */
const AUTH_SCHEME = /^(bearer|basic|digest|dpop|token|apikey|negotiate|hoba|mutual|aws4-hmac-sha256)(\s+)\S/i;

/** Headers in any of the forms `fetch` accepts, or our own map. */
export type HeaderSource = Headers | HeaderMap | ReadonlyArray<readonly [string, string]> | Iterable<readonly [string, string]>;

/** True when a header's value must not be recorded. `name` may be in any case. */
export function isSecretHeaderName(name: string): boolean {
  const lower = name.toLowerCase();
  if (PUBLIC_HEADER_NAMES.has(lower)) return false;
  if (SECRET_HEADER_NAMES.has(lower)) return true;
  return SECRET_HEADER_PARTS.some((part) => lower.includes(part));
}

/** Redacts one secret header value, keeping a leading auth scheme: `Bearer sk-…` → `Bearer [redacted]`. */
function redactHeaderValue(value: string): string {
  if (value === '') return value;
  const scheme = AUTH_SCHEME.exec(value);
  if (scheme) return `${scheme[1] ?? ''}${scheme[2] ?? ' '}${REDACTED}`;
  return REDACTED;
}

/** Iterates the pairs of any header source (a Headers object, pairs, or a record). */
export function headerPairs(headers: HeaderSource): Iterable<readonly [string, string]> {
  if (typeof Headers !== 'undefined' && headers instanceof Headers) return headers.entries();
  if (Symbol.iterator in headers) return headers as Iterable<readonly [string, string]>;
  return Object.entries(headers as HeaderMap);
}

/**
 * Copies headers into a HeaderMap with lower-cased names, replacing the values of
 * credential headers (see `isSecretHeaderName`). Repeated names are joined with ", ".
 */
export function redactHeaders(headers: HeaderSource): HeaderMap {
  const result: HeaderMap = {};
  for (const [rawName, rawValue] of headerPairs(headers)) {
    const name = rawName.toLowerCase();
    const value = isSecretHeaderName(name) ? redactHeaderValue(String(rawValue)) : String(rawValue);
    const previous = result[name];
    result[name] = previous === undefined ? value : `${previous}, ${value}`;
  }
  return result;
}

/** Escapes a string for use inside a RegExp. */
function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Builds one alternation that matches any of the values, longest first. */
function buildPattern(values: Iterable<string>): RegExp | undefined {
  const sorted = [...new Set(values)].filter((value) => value !== '').sort((a, b) => b.length - a.length);
  if (sorted.length === 0) return undefined;
  return new RegExp(sorted.map(escapeRegExp).join('|'), 'g');
}

/** Replaces every occurrence of any of `secrets` in `text` with `[redacted]`. Empty secrets are ignored. */
export function redactText(text: string, secrets: readonly string[]): string {
  const pattern = buildPattern(secrets);
  return pattern ? text.replace(pattern, REDACTED) : text;
}

/** Options for a SecretRegistry. */
export interface SecretRegistryOptions {
  /**
   * Values shorter than this are not registered: redacting a short, common string
   * (say `true`) everywhere would wreck every body. Default is 6 (characters).
   */
  minLength?: number;
}

/**
 * The secret values the app knows (API keys, configured header values, OAuth tokens):
 * every text the recorder keeps passes through `redact`, which replaces each value
 * wherever it appears, also in its JSON-escaped and URL-encoded spellings.
 */
export class SecretRegistry {
  private readonly registered = new Set<string>();
  private readonly spellings = new Set<string>();
  private readonly minLength: number;
  private pattern: RegExp | undefined;

  /** Creates an empty registry. */
  constructor(options: SecretRegistryOptions = {}) {
    this.minLength = options.minLength ?? 6;
  }

  /**
   * Registers a secret value; returns false when it is too short to register.
   * `Bearer abc…` registers the credential after the scheme as well.
   */
  add(value: string): boolean {
    const trimmed = value.trim();
    if (trimmed.length < this.minLength) return false;
    this.registered.add(trimmed);
    this.addSpellings(trimmed);
    const scheme = AUTH_SCHEME.exec(trimmed);
    if (scheme) {
      const credential = trimmed.slice((scheme[1] ?? '').length).trim();
      if (credential.length >= this.minLength) this.addSpellings(credential);
    }
    this.pattern = buildPattern(this.spellings);
    return true;
  }

  /** The registered values, in the order they were added. */
  values(): string[] {
    return [...this.registered];
  }

  /** True when nothing is registered. */
  isEmpty(): boolean {
    return this.registered.size === 0;
  }

  /** Replaces every registered value in `text` with `[redacted]`. */
  redact(text: string): string {
    return this.pattern ? text.replace(this.pattern, REDACTED) : text;
  }

  /** Adds the spellings under which a value may appear in a recorded text. */
  private addSpellings(value: string): void {
    this.spellings.add(value);
    this.spellings.add(JSON.stringify(value).slice(1, -1));
    this.spellings.add(encodeURIComponent(value));
  }
}
