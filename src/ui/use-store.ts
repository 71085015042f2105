import { useCallback, useSyncExternalStore } from 'react';

/** Anything with subscribe/getSnapshot: the shape every core store has. */
export interface ExternalStore<T> {
  subscribe(listener: () => void): () => void;
  getSnapshot(): T;
}

/** Read a framework-free core store from React. */
export function useStore<T>(store: ExternalStore<T>): T {
  return useStoreValue(store, identity);
}

/**
 * Read one value of a store from React: the component is drawn again only when that value changes
 * (compared with `Object.is`), not on every change of the store. `select` must return a plain value
 * or an object the store keeps (never a new one per call); it runs on every change, so keep it cheap.
 */
export function useStoreValue<T, V>(store: ExternalStore<T>, select: (snapshot: T) => V): V {
  // Stable, so React subscribes once rather than again on every render.
  const subscribe = useCallback((listener: () => void) => store.subscribe(listener), [store]);
  const read = () => select(store.getSnapshot());
  // On the server (the build-time prerender), the store's state is the snapshot too.
  return useSyncExternalStore(subscribe, read, read);
}

function identity<T>(value: T): T {
  return value;
}
