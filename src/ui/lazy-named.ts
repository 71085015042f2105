import { lazy, type ComponentType } from 'react';

/**
 * `React.lazy` for a module's named export (Glassbox's modules export names, not defaults): the
 * module becomes a chunk of its own, fetched the first time the component renders (inside a
 * `<Suspense>`), so views not on the first screen stay out of the page's first chunk.
 */
export function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K): M[K] {
  // The cast is sound for what this is given: a module's function component, by name.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return lazy(async () => ({ default: (await load())[name] as ComponentType<any> })) as unknown as M[K];
}
