/**
 * Redaction of OAuth exchanges at record time: the names of the parameters and fields that carry
 * a credential (codes, verifiers, tokens, secrets, state) are fixed by the RFCs, and the secret
 * policy's `oauth` context names them, so the record of each step keeps everything else a person
 * needs to debug a sign-in and never holds a secret.
 */
import { isSecretName, REDACTED, redactUrl } from '../secrets';

/** A form or query as a record, with secret values replaced. */
export function redactParams(params: URLSearchParams): Record<string, string> {
  const record: Record<string, string> = {};
  for (const [name, value] of params) record[name] = isSecretName(name, 'oauth') ? REDACTED : value;
  return record;
}

/**
 * A URL with the values of secret query parameters replaced: OAuth's own (code, state, …), the
 * general URL policy's, and a URL carried as a value (`resource=https://h/mcp?token=…`).
 */
export function redactOAuthUrl(url: string | URL): string {
  const parsed = new URL(url);
  for (const [name, value] of [...parsed.searchParams]) {
    if (isSecretName(name, 'oauth')) parsed.searchParams.set(name, REDACTED);
    else if (/^https?:\/\//i.test(value)) parsed.searchParams.set(name, redactUrl(value));
  }
  return redactUrl(parsed.href);
}

/** A JSON value with the values of secret fields replaced, at any depth. */
export function redactJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactJson);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([name, inner]) => [name, isSecretName(name, 'oauth') ? REDACTED : redactJson(inner)]),
  );
}

/** A request or response body as recorded: parsed and redacted when it is a form or JSON, else left out. */
export function redactBody(text: string, contentType: string | null): unknown {
  if (text === '') return undefined;
  const type = (contentType ?? '').toLowerCase();
  if (type.includes('application/x-www-form-urlencoded')) return redactParams(new URLSearchParams(text));
  if (type.includes('json')) {
    try {
      return redactJson(JSON.parse(text));
    } catch {
      return '(unparsable JSON)';
    }
  }
  // Anything else (an HTML error page) may echo what it was sent: record only its size.
  return `(${text.length} characters of ${type || 'untyped'} text)`;
}

/**
 * A body as the MCP wire records it (text, for the traffic log): forms and JSON keep their shape
 * with secret values replaced; anything else is reduced to its size, as in the trace. A form sent
 * without a content type (fetch infers it from URLSearchParams) is recognised by its shape.
 */
export function redactOAuthText(text: string, contentType: string | undefined): string {
  const type = (contentType ?? '').toLowerCase();
  const looksLikeForm = type === '' && /^[\w.~%-]+=[^&]*(&[\w.~%-]+=[^&]*)*$/.test(text);
  const redacted = redactBody(text, looksLikeForm ? 'application/x-www-form-urlencoded' : (contentType ?? null));
  if (redacted === undefined) return '';
  if (typeof redacted === 'string') return redacted;
  if (type.includes('json')) return JSON.stringify(redacted);
  return new URLSearchParams(redacted as Record<string, string>).toString();
}
