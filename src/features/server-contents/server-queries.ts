/**
 * A server's contents as react-query reads: the keys (one tree per server, so a server's changes
 * reach only its own reads), the fetchers, and the bridge from the connection's content changes
 * (core's `ContentChanges`) to `invalidateQueries`. The lists themselves stay in the connection's
 * state: it lists them on connecting and on each list_changed, for the tool guard's scan as much
 * as for these tabs.
 */
import { useEffect } from 'react';
import { keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { CompletionRef, ContentChange, ContentChanges, ServerConnection } from '../../core/mcp';

/** The query keys of one server's contents: `['mcp', server, …]`. */
export const contentKeys = {
  server: (server: string) => ['mcp', server] as const,
  resources: (server: string) => ['mcp', server, 'resource'] as const,
  resource: (server: string, uri: string) => ['mcp', server, 'resource', uri] as const,
  prompts: (server: string) => ['mcp', server, 'prompt'] as const,
  prompt: (server: string, name: string, args: Readonly<Record<string, string>>) => ['mcp', server, 'prompt', name, args] as const,
  completion: (
    server: string,
    ref: CompletionRef,
    argument: string,
    value: string,
    context: Readonly<Record<string, string>>,
  ): readonly unknown[] => ['mcp', server, 'completion', ref, argument, value, context],
};

/** `resources/read` of one URI (cancelled on the wire when nobody waits for it any more). */
export function resourceQuery(server: string, connection: ServerConnection, uri: string) {
  return queryOptions({ queryKey: contentKeys.resource(server, uri), queryFn: ({ signal }) => connection.resources.read(uri, signal) });
}

/** `prompts/get` with these arguments. */
export function promptQuery(server: string, connection: ServerConnection, name: string, args: Readonly<Record<string, string>>) {
  return queryOptions({
    queryKey: contentKeys.prompt(server, name, args),
    queryFn: ({ signal }) => connection.prompts.get(name, { ...args }, signal),
  });
}

/**
 * `completion/complete` for one argument's value, given the others. A newer value is a new query:
 * the older one, left without a reader, is aborted (the SDK sends `notifications/cancelled`), and
 * its suggestions stay shown until the newer ones arrive. Answers are kept 30 s.
 */
export function completionQuery(
  server: string,
  connection: ServerConnection,
  ref: CompletionRef,
  argument: string,
  value: string,
  context: Readonly<Record<string, string>>,
) {
  // The other arguments given (what the request carries), so typing in this one is not a new context.
  const others = Object.fromEntries(Object.entries(context).filter(([name, given]) => name !== argument && given !== ''));
  return queryOptions({
    queryKey: contentKeys.completion(server, ref, argument, value, others),
    queryFn: ({ signal }) => connection.completions.complete(ref, { name: argument, value }, others, signal),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

/** The reads a content change makes stale: an updated resource's; after a list change, every read of that kind. */
export function staleKeysOf(server: string, change: ContentChange): readonly (readonly unknown[])[] {
  switch (change.kind) {
    case 'resource-updated':
      return [contentKeys.resource(server, change.uri)];
    case 'resources-listed':
      return [contentKeys.resources(server)];
    case 'prompts-listed':
      return [contentKeys.prompts(server)];
    default:
      return assertNever(change);
  }
}

/**
 * Invalidates what each of a server's content changes makes stale (the reads on screen are read
 * again at once, the rest when next shown); returns the function that stops.
 */
export function invalidateOnChanges(client: QueryClient, server: string, changes: ContentChanges): () => void {
  return changes.subscribe((change) => {
    for (const queryKey of staleKeysOf(server, change)) void client.invalidateQueries({ queryKey });
  });
}

/** Follows a connection's content changes into the page's QueryClient while mounted. */
export function useContentInvalidation(server: string, connection: ServerConnection): void {
  const client = useQueryClient();
  useEffect(() => invalidateOnChanges(client, server, connection.contentChanges), [client, server, connection]);
}

function assertNever(value: never): never {
  throw new Error(`Unexpected content change: ${JSON.stringify(value)}`);
}
