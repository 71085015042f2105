import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { MemoryBackend, openIndexedDbBackend } from '../core/persistence';
import type { KeyValueBackend } from '../core/persistence';
import { App } from './app';
import { takeBridgeFragment, takeConfigFragment } from './config-storage';
import { queryLocalNetworkPermission } from '../core/bridge';
import { createServices, startServices } from '../core/composition';
import { pageStorage } from './browser-storage';
import { withDemoWorker } from './demo-worker-client';
import { browserSignInSetup } from './sign-in-setup';
import { browserBridgeKeeper } from './bridge-keeper';
import { firstFrameElement, firstFrameServices, releaseFirstFrameServices } from './first-frame';
import { FIRST_FRAME_SIZES_ID } from './first-frame-sizes';
import { setFirstFrame } from '../ui/first-frame';
import { preloadChatViews } from '../features/chat';
import { preloadTrafficList } from '../features/traffic';
import { preloadModelList } from '../features/model-traffic';

/** IndexedDB, or memory (with a problem to show) where the browser refuses it. */
async function openBackend(): Promise<{ backend: KeyValueBackend; problems: string[] }> {
  try {
    return { backend: await openIndexedDbBackend(), problems: [] };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { backend: new MemoryBackend(), problems: [`This browser does not let Glassbox keep the session (${reason}); it lasts until the tab is closed.`] };
  }
}

/**
 * Start-up milestones on the page's performance timeline (DevTools' Performance panel and the
 * bench read them): the app's code ran, the prerendered first frame is hydrated, the saved session
 * is back, the first render of it is done.
 */
const mark = (name: 'app-start' | 'hydrated' | 'session-restored' | 'first-render'): void => {
  performance.mark(`glassbox:${name}`);
};

/**
 * Hydrates index.html's prerendered first frame (the same element from the same fresh state, so
 * the markup matches), and resolves once it is hydrated. A mismatch is a bug: it is reported on
 * the console under a name the browser tests look for. Without a prerender (the dev server) the
 * root is created empty instead.
 */
async function hydrateFirstFrame(container: HTMLElement): Promise<{ root: Root; hydrated: Promise<unknown>; release(): void }> {
  if (container.firstElementChild === null) return { root: createRoot(container), hydrated: Promise.resolve(), release: () => undefined };
  setFirstFrame(true);
  const services = await firstFrameServices();
  let hydrated!: () => void;
  const done = new Promise<void>((resolve) => (hydrated = resolve));
  const onHydrated = () => {
    mark('hydrated');
    hydrated();
  };
  const root = hydrateRoot(container, firstFrameElement(services, onHydrated), {
    onRecoverableError: (error) => console.error('Glassbox hydration error:', error),
  });
  return { root, hydrated: done, release: () => void releaseFirstFrameServices(services) };
}

async function start(): Promise<void> {
  mark('app-start');
  // The wires' lists are not drawn in the first frame (its wires are empty), so they are not in this
  // chunk; they load beside the hydration and the restore, because the servers' first messages
  // follow within moments of the start (a failed fetch is left for the list's render to retry).
  const wireLists = Promise.all([preloadTrafficList(), preloadModelList()]).catch(() => undefined);
  const [firstFrame, opened] = await Promise.all([hydrateFirstFrame(document.getElementById('root')!), openBackend()]);
  // A request to an in-page demo server waits until the demo Service Worker controls the page.
  const storage = pageStorage();
  const services = createServices({
    baseFetch: withDemoWorker(globalThis.fetch.bind(globalThis)),
    backend: opened.backend,
    storage,
    signIn: browserSignInSetup(storage),
    appUrl: location.origin + location.pathname,
    localNetworkPermission: () => queryLocalNetworkPermission(navigator.permissions),
    bridgeKeeper: browserBridgeKeeper(storage),
  });
  // Restores, picks the config text (a share link wins) and connects, outside React, so StrictMode's
  // double effects cannot connect twice.
  const { restored } = await startServices(services, { fragment: takeConfigFragment(), bridgeFragment: takeBridgeFragment() });
  mark('session-restored');
  // Save at once when the page goes away or into the background; a crash loses at most one save window.
  const saveNow = () => {
    services.config.current();
    void services.persistence.flush();
  };
  addEventListener('pagehide', saveNow);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') saveNow();
  });

  // The restored conversation's cards and the wires' lists load beside the hydration, so its first
  // render draws them whole (a failed fetch is left for that render's boundary to retry).
  await Promise.all([firstFrame.hydrated, wireLists, preloadChatViews(services.session.getSnapshot()).catch(() => undefined)]);
  // The restored session replaces the first frame in one commit (a new App: its state is read
  // afresh, saved choices included). As a transition, a view still loading keeps the first frame
  // on screen meanwhile instead of showing a fallback.
  setFirstFrame(false);
  const onFirstRender = () => {
    mark('first-render');
    document.getElementById(FIRST_FRAME_SIZES_ID)?.remove();
    firstFrame.release();
    // A share link pasted into this tab while the app started (after the start-up reading of the
    // link, before the app listened for one) is taken now, as the app takes any pasted link.
    setTimeout(() => {
      if (location.hash.startsWith('#config=')) dispatchEvent(new HashChangeEvent('hashchange'));
    });
  };
  startTransition(() => {
    firstFrame.root.render(
      <StrictMode>
        <App key="restored" services={services} restoreProblems={[...opened.problems, ...restored.problems]} onFirstRender={onFirstRender} />
      </StrictMode>,
    );
  });
}

void start();
