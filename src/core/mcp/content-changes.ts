/**
 * What a server said changed about the contents it offers, as events a page can follow: its
 * resource or prompt list changed (`notifications/*\/list_changed`, told once the connection has
 * listed them again) or a subscribed resource was updated (`notifications/resources/updated`). The
 * connection does not read an updated resource itself: whoever shows it reads it again.
 */

/** One change of a server's contents. */
export type ContentChange = { kind: 'resources-listed' } | { kind: 'prompts-listed' } | { kind: 'resource-updated'; uri: string };

/** The content changes of one connection, for any number of listeners. */
export class ContentChanges {
  private readonly listeners = new Set<(change: ContentChange) => void>();

  /** Follow the changes; returns the function that stops following. */
  subscribe(listener: (change: ContentChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Tells every listener (one that throws does not keep the others from hearing it). */
  emit(change: ContentChange): void {
    for (const listener of this.listeners) {
      try {
        listener(change);
      } catch (error) {
        console.error('A content change listener failed:', error);
      }
    }
  }
}
