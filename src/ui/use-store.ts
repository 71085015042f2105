import { useSyncExternalStore } from 'react';

/** Anything with subscribe/getSnapshot: the shape every core store has. */
export interface ExternalStore<T> {
  subscribe(listener: () => void): () => void;
  getSnapshot(): T;
}

/** Read a framework-free core store from React. */
export function useStore<T>(store: ExternalStore<T>): T {
  return useSyncExternalStore(
    (listener) => store.subscribe(listener),
    () => store.getSnapshot(),
    // On the server (the build-time prerender), the store's state is the snapshot too.
    () => store.getSnapshot(),
  );
}
