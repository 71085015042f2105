import { useCallback, useSyncExternalStore } from 'react';
import { DrawPacer, pacedView } from './draw-pacer';
import type { ExternalStore } from './external-store';

export type { ExternalStore } from './external-store';

/** The paced views of the stores the page draws paced (`paceDraws`), by store. */
const pacedViews = new WeakMap<object, ExternalStore<unknown>>();

/**
 * From now on, the page draws these stores paced (draw-pacer.ts): every `useStore` of one of them
 * is told of its changes at most once per gap while they keep changing, and at once when the
 * person's input on `input` (the document) made them. The page's entry calls it for its busiest
 * stores; a component drawn on its own (a unit test) is told at once.
 */
export function paceDraws(stores: ReadonlyArray<ExternalStore<unknown>>, input?: EventTarget): void {
  const pacer = new DrawPacer();
  if (input) pacer.watchInput(input);
  for (const store of stores) pacedViews.set(store, pacedView(store, pacer));
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
  return useSource((pacedViews.get(store) as ExternalStore<T> | undefined) ?? store, select);
}

/**
 * Read a store at every change, paced or not: for a form whose fields show the store's values
 * and write them back as the person types (a field drawn from an older moment than the store
 * would put back what was just typed).
 */
export function useLiveStore<T>(store: ExternalStore<T>): T {
  return useSource(store, identity);
}

function useSource<T, V>(source: ExternalStore<T>, select: (snapshot: T) => V): V {
  // Stable, so React subscribes once rather than again on every render.
  const subscribe = useCallback((listener: () => void) => source.subscribe(listener), [source]);
  const read = () => select(source.getSnapshot());
  // On the server (the build-time prerender), the store's state is the snapshot too.
  return useSyncExternalStore(subscribe, read, read);
}

function identity<T>(value: T): T {
  return value;
}
