/**
 * The one marker and the one header format: a secret value is replaced by `[redacted]` wherever it
 * is shown, recorded or exported, and a header keeps its authorization scheme in front of it
 * (`Bearer [redacted]`), on the wire panels, in a command line and in a curl command alike.
 */
import { isSecretPair } from './secret-names';

/** What a secret value is replaced with, wherever it is shown, recorded or exported. */
export const REDACTED = '[redacted]';

/** Authorization schemes kept visible in front of a redacted credential. */
const AUTH_SCHEME = /^(bearer|basic|digest|dpop|token|apikey|negotiate|hoba|mutual|aws4-hmac-sha256)(\s+)(\S[\s\S]*)$/i;

/** A header value cut into its authorization scheme (with the space after it) and the credential, when it starts with a known scheme. */
export function splitAuthScheme(value: string): { scheme: string; credential: string } | undefined {
  const match = AUTH_SCHEME.exec(value);
  if (!match) return undefined;
  return { scheme: `${match[1] ?? ''}${match[2] ?? ' '}`, credential: match[3] ?? '' };
}

/** True when a header's value must not be shown nor recorded: its name (see `isSecretName`'s `header` context) or its look. */
export function isSecretHeader(name: string, value: string): boolean {
  return isSecretPair(name, value, 'header');
}

/**
 * One secret header value as shown: `Bearer sk-…` → `Bearer [redacted]`, anything else → `[redacted]`;
 * an empty value stays empty. A share link passes '' as the marker: the whole value is emptied.
 */
export function redactHeaderValue(value: string, marker: string = REDACTED): string {
  if (value === '' || marker === '') return '';
  const scheme = splitAuthScheme(value);
  return scheme ? `${scheme.scheme}${marker}` : marker;
}
