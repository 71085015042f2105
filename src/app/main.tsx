import { MemoryBackend } from '../core/shared';
import type { KeyValueBackend } from '../core/shared';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { openIndexedDbBackend } from '../core/persistence';
import { App } from './app';
import { takeBridgeFragment, takeConfigFragment } from './config-storage';
import { queryLocalNetworkPermission } from '../core/bridge';
import { createServices, startServices } from '../core/composition';
import { pageStorage } from './browser-storage';
import { withDemoWorker } from './demo-worker-client';
import { browserSignInSetup } from './sign-in-setup';
import { browserBridgeKeeper } from './bridge-keeper';
import { FIRST_FRAME_SIZES_ID } from './first-frame-sizes';
import { preloadChatViews } from '../features/chat';
import { preloadTrafficList } from '../features/traffic';
import { preloadModelList } from '../features/model-traffic';
import { paceDraws } from '../ui/use-store';

/** IndexedDB, or memory (with a problem to show) where the browser refuses it. */
async function openBackend(): Promise<{ backend: KeyValueBackend; problems: string[] }> {
  try {
    return { backend: await openIndexedDbBackend(), problems: [] };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      backend: new MemoryBackend(),
      problems: [`This browser does not let Glassbox keep the session (${reason}); it lasts until the tab is closed.`],
    };
  }
}

/**
 * Start-up milestones on the page's performance timeline (DevTools' Performance panel and the
 * bench read them): the app's code ran, the saved session is back, the first render of it is done.
 */
const mark = (name: 'app-start' | 'session-restored' | 'first-render'): void => {
  performance.mark(`glassbox:${name}`);
};

async function start(): Promise<void> {
  mark('app-start');
  // The wires' lists are not drawn in the first frame (its wires are empty), so they are not in this
  // chunk; they load beside the restore, because the servers' first messages follow within moments
  // of the start (a failed fetch is left for the list's render to retry).
  const wireLists = Promise.all([preloadTrafficList(), preloadModelList()]).catch(() => undefined);
  const opened = await openBackend();
  // A request to an in-page demo server waits until the demo Service Worker controls the page.
  const storage = pageStorage();
  // The servers connect once the restored session is on screen: the MCP client's code (the SDK
  // and its schemas, the largest script of the start-up) then runs after that render, not in it.
  let drawn!: () => void;
  const sessionDrawn = new Promise<void>((resolve) => (drawn = resolve));
  const services = createServices({
    connectAfter: sessionDrawn,
    baseFetch: withDemoWorker(globalThis.fetch.bind(globalThis)),
    backend: opened.backend,
    storage,
    signIn: browserSignInSetup(storage),
    appUrl: location.origin + location.pathname,
    localNetworkPermission: () => queryLocalNetworkPermission(navigator.permissions),
    bridgeKeeper: browserBridgeKeeper(storage),
  });
  // The wires and the conversation change several times a step of an agent turn: drawn at most
  // once per 100 ms while they keep changing (a lone change, the person's own, shows at once).
  paceDraws([services.log, services.session], document);
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

  // The restored conversation's cards and the wires' lists load beside the restore, so its first
  // render draws them whole (a failed fetch is left for that render's boundary to retry).
  await Promise.all([wireLists, preloadChatViews(services.session.getSnapshot()).catch(() => undefined)]);
  const onFirstRender = () => {
    mark('first-render');
    // After the frame that shows it (the next animation frame, then the task after it).
    requestAnimationFrame(() => setTimeout(drawn));
    document.getElementById(FIRST_FRAME_SIZES_ID)?.remove();
    // A share link pasted into this tab while the app started (after the start-up reading of the
    // link, before the app listened for one) is taken now, as the app takes any pasted link.
    setTimeout(() => {
      if (location.hash.startsWith('#config=')) dispatchEvent(new HashChangeEvent('hashchange'));
    });
  };
  // The restored session replaces index.html's prerendered first frame in one commit: React empties
  // the container and draws the app in the same task, so no frame shows neither. The picture is not
  // hydrated first: it is inert, and the restored session differs from it (its own config, saved
  // sizes and conversation), so hydrating it only to replace it rendered the whole app twice.
  // As a transition, a view still loading keeps the picture on screen meanwhile.
  startTransition(() => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App
          key="restored"
          services={services}
          restoreProblems={[...opened.problems, ...restored.problems]}
          onFirstRender={onFirstRender}
        />
      </StrictMode>,
    );
  });
}

void start();
