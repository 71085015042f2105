/**
 * Fills the `${…}` placeholders of a stdio entry the way the clients that write them do, from the
 * bridge's own environment: `${env:NAME}` (VS Code), `${NAME}` and `${NAME:-default}` (Claude Code),
 * a VS Code `${input:id}` that has a default, and VS Code's `${workspaceFolder}` and `${userHome}`
 * when the caller knows them. The grammar is core's (src/core/config/placeholders), the one the page
 * reads. What cannot be filled is named, never guessed: the entry is skipped. A bare `$NAME` is left
 * as written (a `$` in an argument is often meant for a shell the entry starts).
 */
import type { ConfigInput } from '../src/core/config/config-types';
import { fillPlaceholders } from '../src/core/config/placeholders';

/** The process fields after filling, or the placeholders that could not be filled. */
export type Resolved<T> = { ok: true; value: T } | { ok: false; missing: string[] };

/** Fills the placeholders of every string in `fields` (a command, its args, env values, cwd). */
export function resolvePlaceholders<T>(
  fields: T,
  environment: Readonly<Record<string, string | undefined>>,
  inputs: readonly ConfigInput[],
  variables: Readonly<Record<string, string | undefined>> = {},
): Resolved<T> {
  const missing = new Set<string>();
  const fill = (text: string): string =>
    fillPlaceholders(text, (placeholder) => {
      if (!placeholder.raw.startsWith('${')) return undefined;
      const value =
        // `${workspaceFolder}` reads like `${NAME}`: a known variable wins over the environment.
        placeholder.kind === 'env'
          ? (variables[placeholder.name] ?? environment[placeholder.name] ?? placeholder.default)
          : placeholder.kind === 'input'
            ? inputs.find((input) => input.id === placeholder.name && input.source === undefined)?.default
            : variables[placeholder.name];
      if (value === undefined) missing.add(placeholder.raw);
      return value;
    });
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return fill(value);
    if (Array.isArray(value)) return value.map(walk);
    if (typeof value === 'object' && value !== null)
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, walk(inner)]));
    return value;
  };
  const value = walk(fields) as T;
  return missing.size === 0 ? { ok: true, value } : { ok: false, missing: [...missing] };
}
