/**
 * The state the first frame shows (src/ui/first-frame.ts): the app's initial screen, the default
 * config's servers connecting, an empty chat and empty wires. The build prerenders this element
 * into index.html (scripts/prerender.ts); the page draws the restored session over it (main.tsx).
 */
import { StrictMode } from 'react';
import { createServices } from '../core/composition';
import type { Services } from '../core/composition';
import { App } from './app';

/** A fetch that never answers (until aborted): the first frame's servers stay connecting, and nothing leaves the page. */
const silentFetch = ((_input: RequestInfo | URL, init?: RequestInit) =>
  new Promise<Response>((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
  })) as typeof fetch;

/**
 * Fresh services in the first frame's state: the default config, its servers connecting (their
 * cards are listed once the connect has begun, after its first awaits), nothing saved or restored.
 * Its traffic is not recorded: the requests its connects send (and never see answered) would
 * otherwise fill the picture's wires, in the build's render or not depending on timing.
 */
export async function firstFrameServices(): Promise<Services> {
  const services = createServices({ baseFetch: silentFetch, recordTraffic: false });
  services.config.start();
  void services.applyConfig();
  await new Promise((resolve) => setTimeout(resolve, 0));
  return services;
}

/** Lets the first frame's services go: their connections are dropped (their requests aborted). */
export function releaseFirstFrameServices(services: Services): Promise<void> {
  return services.connections.disconnectAll();
}

/** The first frame's element, as the build prerenders it. */
export function firstFrameElement(services: Services) {
  return (
    <StrictMode>
      <App services={services} />
    </StrictMode>
  );
}
