/**
 * Redaction at record time: nothing secret reaches the traffic log, so no panel,
 * HAR export or curl command can leak it. Three layers, applied together by the
 * recording fetch, each asking the secret policy (`core/secrets`): headers that
 * carry credentials, URL query parameters named like credentials, and known
 * secret values wherever they occur.
 */
import { isSecretHeader, REDACTED, redactHeaderValue, splitAuthScheme } from '../secrets';
import type { HeaderMap } from './types';

/** Headers in any of the forms `fetch` accepts, or our own map. */
export type HeaderSource = Headers | HeaderMap | ReadonlyArray<readonly [string, string]> | Iterable<readonly [string, string]>;

/** Iterates the pairs of any header source (a Headers object, pairs, or a record). */
export function headerPairs(headers: HeaderSource): Iterable<readonly [string, string]> {
  if (typeof Headers !== 'undefined' && headers instanceof Headers) return headers.entries();
  if (Symbol.iterator in headers) return headers as Iterable<readonly [string, string]>;
  return Object.entries(headers as HeaderMap);
}

/**
 * Copies headers into a HeaderMap with lower-cased names, replacing the values of
 * credential headers (the secret policy's `isSecretHeader`). Repeated names are joined with ", ".
 */
export function redactHeaders(headers: HeaderSource): HeaderMap {
  const result: HeaderMap = {};
  for (const [rawName, rawValue] of headerPairs(headers)) {
    const name = rawName.toLowerCase();
    const value = isSecretHeader(name, String(rawValue)) ? redactHeaderValue(String(rawValue)) : String(rawValue);
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
    const credential = splitAuthScheme(trimmed)?.credential;
    if (credential !== undefined && credential.length >= this.minLength) this.addSpellings(credential);
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
