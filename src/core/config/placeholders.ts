/** What a placeholder refers to: a VS Code input, an environment variable (`${env:X}`, `${X}`, `$X`), or another `${…}` variable. */
type PlaceholderKind = 'input' | 'env' | 'variable';

/** A placeholder split into its kind and name, e.g. `${input:token}` → `{ kind: 'input', name: 'token' }`. */
export interface Placeholder {
  raw: string;
  kind: PlaceholderKind;
  name: string;
  /** For `${NAME:-default}` (Claude Code's form): the value used while NAME is not given. */
  default?: string;
}

// `${NAME:-default}` (the default may hold spaces), `${anything}` (input:, env:, or a plain NAME, or
// another VS Code variable) or a bare `$NAME`.
const PLACEHOLDER_PATTERN = /\$\{[A-Za-z_][A-Za-z0-9_]*:-[^}]*\}|\$\{[^}\s]+\}|\$[A-Za-z_][A-Za-z0-9_]*/g;
const WITH_DEFAULT = /^\$\{([A-Za-z_][A-Za-z0-9_]*):-([^}]*)\}$/;

/** The distinct placeholders in a text, in order of first appearance. */
export function findPlaceholders(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(PLACEHOLDER_PATTERN)) {
    if (!found.includes(match[0])) found.push(match[0]);
  }
  return found;
}

/** Replaces every placeholder in a text with `replacement` (used to check a URL's shape around its placeholders). */
export function replacePlaceholders(text: string, replacement: string): string {
  return text.replace(PLACEHOLDER_PATTERN, replacement);
}

/** Splits a placeholder (as returned by `findPlaceholders`) into kind and name. */
export function parsePlaceholder(raw: string): Placeholder {
  const withDefault = WITH_DEFAULT.exec(raw);
  if (withDefault) return { raw, kind: 'env', name: withDefault[1] ?? '', default: withDefault[2] ?? '' };
  if (raw.startsWith('${') && raw.endsWith('}')) {
    const inner = raw.slice(2, -1);
    if (inner.startsWith('input:')) return { raw, kind: 'input', name: inner.slice('input:'.length) };
    if (inner.startsWith('env:')) return { raw, kind: 'env', name: inner.slice('env:'.length) };
    if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(inner)) return { raw, kind: 'env', name: inner };
    return { raw, kind: 'variable', name: inner };
  }
  return { raw, kind: 'env', name: raw.slice(1) };
}

/** Replaces each placeholder of a text with what `fill` gives for it; where it gives `undefined`, the placeholder stays as written. */
export function fillPlaceholders(text: string, fill: (placeholder: Placeholder) => string | undefined): string {
  return text.replace(PLACEHOLDER_PATTERN, (raw) => fill(parsePlaceholder(raw)) ?? raw);
}

/** Replaces every `${NAME:-default}` with its default, as a client does when NAME is not set. */
export function applyPlaceholderDefaults(text: string): string {
  return text.replace(PLACEHOLDER_PATTERN, (raw) => parsePlaceholder(raw).default ?? raw);
}
