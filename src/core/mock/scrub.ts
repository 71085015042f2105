/**
 * The last secret scan of a mock, with the one policy (core/secrets): the recording was redacted
 * when it was taken; here known secret values (the config's, the session's) are replaced
 * wherever they appear, credentials are cut out of URLs in text, and any string that looks like a
 * credential by itself (`sk-…`, a JWT, …) is replaced. Opaque server tokens the protocol echoes
 * back (`requestState`, `cursor`, `nextCursor`) are kept: a mock must hand them out to be matched.
 */
import { REDACTED } from '../secrets/redacted';
import { isSecretValue } from '../secrets/secret-names';
import { redactUrlsInText } from '../secrets/secret-url';
import { isPlainObject } from '../shared/json';

/** Keys whose values are the server's own opaque tokens, echoed back by the client. */
const OPAQUE_KEYS = new Set(['requestState', 'cursor', 'nextCursor']);

/** A string with known secret values, URL credentials and credential-looking values replaced. */
function scrubText(text: string, secrets: readonly string[]): string {
  if (isSecretValue(text)) return REDACTED;
  let out = text;
  for (const secret of secrets) if (secret.length >= 4 && secret !== REDACTED) out = out.split(secret).join(REDACTED);
  // The marker's brackets would end a URL early (`?key=[redacted]` → `?key=[redacted]]`): stand it in with a plain word.
  const stand = 'glassbox-redacted-value';
  return redactUrlsInText(out.split(REDACTED).join(stand)).split(stand).join(REDACTED);
}

/** A copy of a JSON value with every secret replaced by the marker (see the file comment). */
export function scrubSecrets<T>(value: T, secrets: readonly string[]): T {
  const walk = (item: unknown, key?: string): unknown => {
    if (typeof item === 'string') return key !== undefined && OPAQUE_KEYS.has(key) ? item : scrubText(item, secrets);
    if (Array.isArray(item)) return item.map((entry) => walk(entry));
    if (isPlainObject(item)) {
      const out: Record<string, unknown> = {};
      for (const [name, entry] of Object.entries(item)) out[scrubText(name, secrets)] = walk(entry, name);
      return out;
    }
    return item;
  };
  return walk(value) as T;
}

/** True when none of `secrets` (known secret values) appears in the text of a mock file. */
export function isMockFreeOfSecrets(text: string, secrets: readonly string[]): boolean {
  return !secrets.some((secret) => secret.length >= 4 && secret !== REDACTED && text.includes(secret));
}
