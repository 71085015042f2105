import { createElement, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { lazyNamed } from './lazy-named';

/** A module with one named component, as Glassbox's modules are. */
const module = { Greeting: ({ who }: { who: string }) => createElement('p', null, `hello ${who}`) };

/** Renders `element` inside a Suspense boundary whose fallback is "loading". */
function render(element: ReturnType<typeof createElement>): string {
  return renderToString(createElement(Suspense, { fallback: createElement('i', null, 'loading') }, element));
}

describe('lazyNamed', () => {
  it('suspends on a first render before its chunk has arrived', () => {
    const Greeting = lazyNamed(() => Promise.resolve(module), 'Greeting');
    expect(render(createElement(Greeting, { who: 'you' }))).toContain('loading');
  });

  it('renders at once, without suspending, once preloaded', async () => {
    let loads = 0;
    const Greeting = lazyNamed(() => {
      loads += 1;
      return Promise.resolve(module);
    }, 'Greeting');
    await Greeting.preload();
    await Greeting.preload();
    const html = render(createElement(Greeting, { who: 'you' }));
    expect(html).toContain('hello you');
    expect(html).not.toContain('loading');
    expect(loads).toBe(1);
  });

  it('lets a failed fetch be retried', async () => {
    let attempts = 0;
    const Greeting = lazyNamed(() => {
      attempts += 1;
      return attempts === 1 ? Promise.reject(new Error('offline')) : Promise.resolve(module);
    }, 'Greeting');
    await expect(Greeting.preload()).rejects.toThrow('offline');
    await Greeting.preload();
    expect(render(createElement(Greeting, { who: 'again' }))).toContain('hello again');
  });
});
