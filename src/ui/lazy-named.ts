import { createElement, lazy, useState, type ComponentType } from 'react';
import { whenIdle } from './when-idle';

/** A lazily loaded component that can be fetched ahead of its first render. */
export interface Preloadable {
  /** Fetches the component's chunk (once; a failed fetch may be retried). */
  preload(): Promise<void>;
}

/**
 * `React.lazy` for a module's named export (Glassbox's modules export names, not defaults): the
 * module becomes a chunk of its own, fetched the first time the component renders (inside a
 * `<Suspense>`), so views not on the first screen stay out of the page's first chunk.
 *
 * `preload()` fetches it ahead of time. A component whose chunk has arrived renders at once
 * rather than through `React.lazy`: a first render through `lazy` always suspends, and React
 * holds a revealed Suspense boundary back for up to 300 ms (its fallback throttle), which a
 * person sees as a pause on the first click of every tab and detail pane.
 */
export function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K): M[K] & Preloadable {
  // The casts are sound for what this is given: a module's function component, by name.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  type Component = ComponentType<any>;
  let loaded: Component | undefined;
  let loading: Promise<Component> | undefined;
  const fetchComponent = (): Promise<Component> =>
    (loading ??= load().then(
      (module) => (loaded = module[name] as Component),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(async () => ({ default: await fetchComponent() }));
  function LazyNamed(props: object) {
    // Chosen once per mount: switching from `Lazy` to the loaded component later would remount it.
    const [Resolved] = useState<Component>(() => loaded ?? Lazy);
    return createElement(Resolved, props);
  }
  LazyNamed.displayName = `Lazy(${String(name)})`;
  LazyNamed.preload = () => fetchComponent().then(() => undefined);
  return LazyNamed as unknown as M[K] & Preloadable;
}

/**
 * Preloads `components` once the page is idle (within `timeoutMs`), so their first showing does
 * not wait for a download. A failed fetch is left for the first render to retry and report.
 */
export function preloadWhenIdle(components: readonly Preloadable[], timeoutMs = 4000): void {
  void whenIdle(timeoutMs).then(() => {
    for (const component of components) component.preload().catch(() => undefined);
  });
}
