/**
 * How a capability keeps its list current, in both eras, with one option: the SDK's `listChanged`
 * handler. In the 2025 era the server sends `notifications/<kind>/list_changed` on its own (the GET
 * stream, or a request's stream); in the 2026-07-28 era the SDK opens a `subscriptions/listen`
 * stream for every kind configured here that the server announces, waits for its
 * `notifications/subscriptions/acknowledged`, and delivers the changes to the same handler. Each
 * refresh is the capability's own listing, so it is on the wire like the first one.
 */
import { McpError } from '../mcp-error';
import { errorText } from '../diagnose-connection';
import type { CapabilityClientOptions, CapabilityHost } from './capability';

/** The lists the protocol announces changes of. */
export type ListKind = 'tools' | 'prompts' | 'resources';

/**
 * The client option that refreshes a capability's list when the server says it changed (the SDK's
 * own refetch is off: the capability's listing has its own checks). Merged with the others' by
 * mergeClientOptions.
 */
export function refreshOnListChanged(kind: ListKind, host: CapabilityHost, refresh: () => Promise<void>): CapabilityClientOptions {
  const onChanged = () => {
    refresh().catch((error: unknown) => host.warn(`Refreshing ${kind} failed: ${error instanceof McpError ? error.message : errorText(error)}`));
  };
  return { listChanged: { [kind]: { autoRefresh: false, onChanged } } };
}
